#pragma once

#include <QList>

class QAction;
class QHBoxLayout;
class QToolButton;

namespace teamai::ui {

/// @brief A row of text-only buttons, one for each of @p actions in order, then a stretch (the
/// buttons sit on the left): how a window offers the tray menu's actions. Each button takes its
/// action's text, enabled and checked state, not its visibility. @p buttons, when given, receives
/// them.
QHBoxLayout *createActionButtonRow(const QList<QAction *> &actions, QList<QToolButton *> *buttons = nullptr);

} // namespace teamai::ui
