#include "bindings/BindingsPanel.h"

#include "binding/WorkspaceBinder.h"
#include "bindings/AddBindingDialog.h"
#include "bindings/BindingsModel.h"

#include <QAction>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QPushButton>
#include <QTableView>
#include <QVBoxLayout>

namespace teamai::ui {

BindingsPanel::BindingsPanel(QWidget *parent)
    : QGroupBox(tr("Workspace bindings"), parent)
    , m_model(new BindingsModel(this))
    , m_table(new QTableView)
    , m_add(new QPushButton(tr("&Add…")))
    , m_remove(new QPushButton(tr("&Remove")))
    , m_status(new QLabel)
{
    setToolTip(tr("Folders bound to a TeamAI project receive that project's skills, rules and CLAUDE.md blocks."));
    m_table->setModel(m_model);
    m_table->setAccessibleName(tr("Workspace bindings"));
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setTabKeyNavigation(false);
    m_table->verticalHeader()->hide();
    m_table->horizontalHeader()->setSectionResizeMode(BindingsModel::Folder, QHeaderView::Stretch);
    m_table->setMinimumHeight(120);
    m_add->setAccessibleName(tr("Add a workspace binding"));
    m_remove->setAccessibleName(tr("Remove the selected workspace binding"));
    m_status->setWordWrap(true);
    m_status->setAccessibleName(tr("Workspace bindings status"));

    auto *removeKey = new QAction(this);
    removeKey->setShortcut(QKeySequence::Delete);
    removeKey->setShortcutContext(Qt::WidgetShortcut);
    m_table->addAction(removeKey);
    connect(removeKey, &QAction::triggered, this, &BindingsPanel::removeSelected);

    auto *buttons = new QHBoxLayout;
    buttons->addWidget(m_add);
    buttons->addWidget(m_remove);
    buttons->addStretch(1);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_table);
    layout->addLayout(buttons);
    layout->addWidget(m_status);

    connect(m_add, &QPushButton::clicked, this, [this] { openAddDialog(); });
    connect(m_remove, &QPushButton::clicked, this, &BindingsPanel::removeSelected);
    connect(m_table->selectionModel(), &QItemSelectionModel::selectionChanged, this, &BindingsPanel::updateButtons);
    reload();
}

void BindingsPanel::showEvent(QShowEvent *event)
{
    QGroupBox::showEvent(event);
    reload();  // `teamai bind-project` or a hook may have changed them meanwhile
}

void BindingsPanel::reload()
{
    const QString problem = m_model->reload();
    m_status->setText(!problem.isEmpty() ? problem
                      : m_model->rowCount() == 0 ? tr("No workspace is bound. Add one, or run `teamai bind-project` in it.")
                                                 : QString());
    m_add->setEnabled(problem.isEmpty());
    updateButtons();
}

void BindingsPanel::updateButtons()
{
    m_remove->setEnabled(m_table->selectionModel()->hasSelection());
}

void BindingsPanel::removeSelected()
{
    const QModelIndexList selected = m_table->selectionModel()->selectedRows();
    if (selected.isEmpty())
        return;
    const QString path = m_model->row(selected.first().row()).path;
    const binding::BindOutcome outcome = binding::binder::unbind(path);
    reload();
    m_status->setText(outcome.ok ? tr("Removed the binding of %1.").arg(path) : outcome.error);
}

AddBindingDialog *BindingsPanel::openAddDialog()
{
    auto *dialog = new AddBindingDialog({}, this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &AddBindingDialog::bound, this, [this](const QString &workspace) {
        reload();
        m_status->setText(tr("Bound %1.").arg(workspace));
    });
    dialog->open();
    return dialog;
}

} // namespace teamai::ui
