#pragma once

#include "tray/TrayState.h"

#include <QList>
#include <QWidget>

class QAction;
class QLabel;
class QToolButton;

namespace teamai::ui {

/// @brief The tray menu's status line for a window: the state icon, the headline ("Cannot reach
/// the backend"), last and next sync, and buttons for the fix actions the menu offers (only those
/// visible there). Where the desktop has no tray, it heads the window that stands in for it.
class StatusPanel : public QWidget
{
    Q_OBJECT
public:
    /// @brief @p actions: the menu's fix actions; a button each, shown while its action is visible.
    explicit StatusPanel(const QList<QAction *> &actions, QWidget *parent = nullptr);

    /// @brief Shows @p inputs (call whenever the menu's status line changes).
    void showStatus(const TrayInputs &inputs);

    QLabel *headline() const { return m_headline; }
    QLabel *times() const { return m_times; }
    /// @brief The buttons shown now, in order (tests).
    QList<QToolButton *> visibleButtons() const;

private:
    QLabel *m_icon;
    QLabel *m_headline;
    QLabel *m_times;
    QList<QToolButton *> m_buttons;
};

} // namespace teamai::ui
