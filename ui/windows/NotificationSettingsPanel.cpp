#include "windows/NotificationSettingsPanel.h"

#include "windows/FieldError.h"

#include <QCheckBox>
#include <QLabel>
#include <QGridLayout>

namespace teamai::ui {

NotificationSettingsPanel::NotificationSettingsPanel(QWidget *parent)
    : QGroupBox(tr("Notifications"), parent)
    , m_error(createFieldErrorLabel())
{
    setAccessibleName(tr("Notifications"));
    // Two columns: Settings is tall already.
    auto *layout = new QGridLayout(this);
    auto *intro = new QLabel(tr("Show a desktop notification when:"));
    intro->setWordWrap(true);
    layout->addWidget(intro, 0, 0, 1, 2);
    int i = 0;
    for (NotificationKind kind : allNotificationKinds()) {
        auto *box = new QCheckBox(labelFor(kind));
        box->setAccessibleName(labelFor(kind));
        box->setObjectName(QStringLiteral("notify-%1").arg(notificationKindKey(kind)));
        m_boxes.insert(kind, box);
        layout->addWidget(box, 1 + i / 2, i % 2);
        ++i;
    }
    layout->addWidget(m_error, 2 + (i - 1) / 2, 0, 1, 2);
    load();
}

QString NotificationSettingsPanel::labelFor(NotificationKind kind)
{
    switch (kind) {
    case NotificationKind::Blocked: return tr("A command is blocked by your setting");
    case NotificationKind::Failed: return tr("A command fails");
    case NotificationKind::Installed: return tr("A skill, rule or MCP server changes");
    case NotificationKind::Succeeded: return tr("Any other command runs");
    }
    return {};
}

QSet<NotificationKind> NotificationSettingsPanel::checkedKinds() const
{
    QSet<NotificationKind> kinds;
    for (auto it = m_boxes.cbegin(); it != m_boxes.cend(); ++it) {
        if (it.value()->isChecked())
            kinds.insert(it.key());
    }
    return kinds;
}

void NotificationSettingsPanel::load()
{
    const QSet<NotificationKind> enabled = enabledNotificationKinds();
    for (auto it = m_boxes.cbegin(); it != m_boxes.cend(); ++it)
        it.value()->setChecked(enabled.contains(it.key()));
    showFieldError(m_error, {});
}

bool NotificationSettingsPanel::save()
{
    const Status saved = saveEnabledNotificationKinds(checkedKinds());
    if (saved) {
        showFieldError(m_error, {});
        return true;
    }
    showFieldError(m_error, tr("The notification choice was not saved: %1").arg(saved.error()));
    return false;
}

} // namespace teamai::ui
