#pragma once

#include <QString>

class QMessageBox;
class QWidget;

namespace teamai::ui {

/// @brief The About box text: product, the one version set in CMake, what the app does, its
/// license and where its data lives.
QString aboutText();

/// @brief The About box, not shown yet (deleted when closed; Esc and Ctrl+W close it).
QMessageBox *createAboutBox(QWidget *parent = nullptr);

/// @brief Shows the About box (modal, owned by @p parent when given).
void showAboutBox(QWidget *parent = nullptr);

} // namespace teamai::ui
