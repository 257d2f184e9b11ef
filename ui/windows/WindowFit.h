#pragma once

#include <QSize>
#include <QString>

class QWidget;

namespace teamai::ui {

/// @brief Gives @p window its @p preferred size, shrunk to fit the available geometry of the
/// screen it will open on (at QT_SCALE_FACTOR=2 a 1160×640 window is wider than a 1600-pixel
/// screen), and centres it there.
void fitToScreen(QWidget *window, QSize preferred);

/// @brief Makes @p window @p height tall, at most as tall as its screen's available geometry
/// allows, and moves it up only if its bottom would leave the screen (a dialog that grows with
/// an error message).
void fitHeight(QWidget *window, int height);

/// @brief Ctrl+W (QKeySequence::Close) closes @p window, as in every desktop application.
void addCloseShortcut(QWidget *window);

/// @brief What the tray's windows share: @p title, the app's icon and the close shortcut.
void setUpWindow(QWidget *window, const QString &title);

} // namespace teamai::ui
