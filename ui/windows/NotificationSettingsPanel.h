#pragma once

#include "tray/NotificationKind.h"

#include <QGroupBox>
#include <QMap>

class QCheckBox;
class QLabel;

namespace teamai::ui {

/// @brief Settings' "Notifications" box: one check box per kind of notification (blocked,
/// failed, installed, other commands). It reads settings.json when made and writes it on
/// save(), which the Settings dialog calls when it is accepted (Cancel keeps what was saved).
class NotificationSettingsPanel : public QGroupBox
{
    Q_OBJECT
public:
    explicit NotificationSettingsPanel(QWidget *parent = nullptr);

    QCheckBox *box(NotificationKind kind) const { return m_boxes.value(kind); }
    QSet<NotificationKind> checkedKinds() const;
    /// @brief The line under the boxes (says when saving failed).
    QLabel *errorLabel() const { return m_error; }

public slots:
    /// @brief Reads the saved choice into the boxes.
    void load();
    /// @brief Writes the boxes' choice; false (and a message under the boxes) when it failed.
    bool save();

private:
    static QString labelFor(NotificationKind kind);

    QMap<NotificationKind, QCheckBox *> m_boxes;
    QLabel *m_error;
};

} // namespace teamai::ui
