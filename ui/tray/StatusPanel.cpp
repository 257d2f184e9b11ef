#include "tray/StatusPanel.h"

#include "tray/TrayIconFactory.h"
#include "windows/ActionButtons.h"

#include <QAction>
#include <QHBoxLayout>
#include <QLabel>
#include <QToolButton>
#include <QVBoxLayout>

namespace teamai::ui {
namespace {
constexpr int kIconSize = 32;
}

StatusPanel::StatusPanel(const QList<QAction *> &actions, QWidget *parent)
    : QWidget(parent)
    , m_icon(new QLabel)
    , m_headline(new QLabel)
    , m_times(new QLabel)
{
    setObjectName(QStringLiteral("statusPanel"));
    setAccessibleName(tr("Sync status"));
    QFont bold = m_headline->font();
    bold.setBold(true);
    m_headline->setFont(bold);
    m_headline->setWordWrap(true);
    m_headline->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_times->setWordWrap(true);
    m_icon->setFixedSize(kIconSize, kIconSize);

    auto *text = new QVBoxLayout;
    text->addWidget(m_headline);
    text->addWidget(m_times);
    text->addLayout(createActionButtonRow(actions, &m_buttons));

    auto *layout = new QHBoxLayout(this);
    layout->addWidget(m_icon, 0, Qt::AlignTop);
    layout->addLayout(text, 1);
}

void StatusPanel::showStatus(const TrayInputs &inputs)
{
    const TrayState state = trayStateFor(inputs);
    m_icon->setPixmap(TrayIconFactory::icon(state).pixmap(kIconSize, kIconSize));
    m_icon->setAccessibleName(trayStateText(state));
    m_headline->setText(trayStatusHeadline(inputs));
    m_times->setText(trayStatusTimes(inputs));
    // A tool button does not follow its action's visibility: the menu's decides.
    for (QToolButton *button : m_buttons)
        button->setVisible(button->defaultAction()->isVisible());
}

QList<QToolButton *> StatusPanel::visibleButtons() const
{
    QList<QToolButton *> shown;
    for (QToolButton *button : m_buttons) {
        if (!button->isHidden())
            shown << button;
    }
    return shown;
}

} // namespace teamai::ui
