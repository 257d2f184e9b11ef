#include "windows/ModelGatewaysPanel.h"

#include "modelconfig/GatewayStatus.h"
#include "modelconfig/ModelConfigApply.h"

#include <QDir>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QKeyEvent>
#include <QLabel>
#include <QLocale>
#include <QMessageBox>
#include <QPushButton>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace teamai::ui {
namespace {

constexpr int kKindRole = Qt::UserRole;
constexpr int kWorkspaceRole = Qt::UserRole + 1;

QString sinceText(const QDateTime &since)
{
    if (!since.isValid())
        return ModelGatewaysPanel::tr("unknown");
    return QLocale().toString(since.toLocalTime(), QLocale::ShortFormat);
}

QString toolText(const modelconfig::GatewayInUse &row)
{
    if (row.workspace.isEmpty())
        return row.kind;
    return ModelGatewaysPanel::tr("%1 (project %2)").arg(row.kind, QDir(row.workspace).dirName());
}

} // namespace

ModelGatewaysPanel::ModelGatewaysPanel(QWidget *parent)
    : QGroupBox(tr("Model gateways set by your team"), parent)
    , m_list(new QTreeWidget)
    , m_remove(new QPushButton(tr("&Remove")))
    , m_status(new QLabel)
{
    confirm = [this](const QString &what) {
        return QMessageBox::question(this, tr("Remove model gateway"),
                                     tr("Stop sending %1's AI requests to the gateway your team configured? "
                                        "Only the entries TeamAI wrote are removed; your own settings stay.").arg(what))
            == QMessageBox::Yes;
    };
    m_list->setColumnCount(4);
    m_list->setHeaderLabels({tr("Tool"), tr("Gateway"), tr("Models"), tr("Since")});
    m_list->setRootIsDecorated(false);
    m_list->setSelectionMode(QAbstractItemView::SingleSelection);
    m_list->setFocusPolicy(Qt::StrongFocus);
    m_list->header()->setStretchLastSection(true);
    m_list->setAccessibleName(tr("Model gateways"));
    m_list->setAccessibleDescription(tr("Each tool whose AI requests go to a gateway your team's backend configured"));
    m_list->installEventFilter(this);
    m_remove->setAccessibleName(tr("Remove the selected model gateway"));
    m_remove->setToolTip(tr("Remove the selected gateway from that tool's settings (Delete)"));
    m_status->setWordWrap(true);
    m_status->setAccessibleName(tr("Model gateways status"));

    auto *buttons = new QHBoxLayout;
    buttons->addWidget(m_status, 1);
    buttons->addWidget(m_remove);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_list);
    layout->addLayout(buttons);

    connect(m_remove, &QPushButton::clicked, this, &ModelGatewaysPanel::removeSelected);
    connect(m_list, &QTreeWidget::itemSelectionChanged, this, &ModelGatewaysPanel::updateButtons);
    refresh();
}

void ModelGatewaysPanel::refresh()
{
    m_list->clear();
    for (const modelconfig::GatewayInUse &row : modelconfig::gatewaysInUse()) {
        auto *item = new QTreeWidgetItem({toolText(row), row.gateways.join(QStringLiteral(", ")),
                                          row.models.join(QStringLiteral(", ")), sinceText(row.since)});
        item->setData(0, kKindRole, row.kind);
        item->setData(0, kWorkspaceRole, row.workspace);
        item->setToolTip(0, row.file);
        item->setToolTip(1, tr("AI requests of %1 go to %2 (set in %3)").arg(row.kind, row.gateways.join(QStringLiteral(", ")), row.file));
        m_list->addTopLevelItem(item);
    }
    for (int column = 0; column < 3; ++column)
        m_list->resizeColumnToContents(column);
    // A row is always selected, so Tab into the list and Delete is enough from the keyboard.
    if (m_list->topLevelItemCount() > 0)
        m_list->setCurrentItem(m_list->topLevelItem(0));
    if (m_list->topLevelItemCount() == 0)
        m_status->setText(tr("None: every tool uses its own model settings."));
    else if (m_status->text() == tr("None: every tool uses its own model settings."))
        m_status->clear();
    updateButtons();
}

void ModelGatewaysPanel::removeSelected()
{
    QTreeWidgetItem *item = m_list->currentItem();
    if (!item || !item->isSelected())
        return;
    const modelconfig::ApplyTarget target{item->data(0, kKindRole).toString(), item->data(0, kWorkspaceRole).toString()};
    if (confirm && !confirm(item->text(0)))
        return;
    const modelconfig::ApplyOutcome outcome = modelconfig::removeModels(target);
    if (!outcome.ok)
        m_status->setText(tr("Could not remove the gateway: %1").arg(outcome.error));
    else if (!outcome.notes.isEmpty())
        m_status->setText(outcome.notes.join(QLatin1Char('\n')));
    else
        m_status->setText(tr("Removed the gateway of %1.").arg(item->text(0)));
    refresh();
    emit removalFinished(outcome.ok);
}

void ModelGatewaysPanel::showEvent(QShowEvent *event)
{
    refresh();  // the backend or the other client may have changed it while hidden
    QGroupBox::showEvent(event);
}

bool ModelGatewaysPanel::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_list && event->type() == QEvent::KeyPress) {
        const int key = static_cast<QKeyEvent *>(event)->key();
        if (key == Qt::Key_Delete || key == Qt::Key_Backspace) {
            removeSelected();
            return true;
        }
    }
    return QGroupBox::eventFilter(watched, event);
}

void ModelGatewaysPanel::updateButtons()
{
    m_remove->setEnabled(!m_list->selectedItems().isEmpty());
}

} // namespace teamai::ui
