#pragma once

#include <QSize>

class QWidget;

namespace teamai::ui {

/// @brief Gives @p window its @p preferred size, shrunk to fit the available geometry of the
/// screen it will open on (at QT_SCALE_FACTOR=2 a 1160×640 window is wider than a 1600-pixel
/// screen), and centres it there.
void fitToScreen(QWidget *window, QSize preferred);

/// @brief Ctrl+W (QKeySequence::Close) closes @p window, as in every desktop application.
void addCloseShortcut(QWidget *window);

} // namespace teamai::ui
