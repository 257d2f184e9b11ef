#include "bindings/AddBindingDialog.h"

#include "windows/RunInBackground.h"
#include "binding/BindingStore.h"
#include "binding/ProjectSource.h"
#include "binding/WorkspaceBinder.h"
#include "tray/TrayIconFactory.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QVBoxLayout>

namespace teamai::ui {

AddBindingDialog::AddBindingDialog(const QString &folder, QWidget *parent)
    : QDialog(parent)
    , m_folder(new QLineEdit(folder))
    , m_browse(new QPushButton(tr("Bro&wse…")))
    , m_projects(new QComboBox)
    , m_message(new QLabel)
    , m_buttons(new QDialogButtonBox(QDialogButtonBox::Cancel))
{
    setWindowTitle(tr("TeamAI Agent — Bind a workspace"));
    setWindowIcon(TrayIconFactory::appIcon());
    setMinimumWidth(480);

    m_folder->setPlaceholderText(tr("The project folder (its git root is bound)"));
    m_folder->setAccessibleName(tr("Workspace folder"));
    m_browse->setAccessibleName(tr("Choose the workspace folder"));
    m_projects->setAccessibleName(tr("Project"));
    m_projects->setEnabled(false);
    m_projects->addItem(tr("Loading your projects…"));
    m_message->setWordWrap(true);
    m_message->setAccessibleName(tr("Binding status"));
    QPushButton *bindButton = m_buttons->addButton(tr("&Bind"), QDialogButtonBox::AcceptRole);
    bindButton->setObjectName(QStringLiteral("bindButton"));
    bindButton->setEnabled(false);

    auto *folderRow = new QHBoxLayout;
    folderRow->addWidget(m_folder, 1);
    folderRow->addWidget(m_browse);
    auto *form = new QFormLayout;
    form->addRow(tr("&Folder"), folderRow);
    form->addRow(tr("&Project"), m_projects);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(m_message);
    layout->addWidget(m_buttons);

    connect(m_browse, &QPushButton::clicked, this, &AddBindingDialog::browse);
    connect(m_folder, &QLineEdit::textChanged, this, &AddBindingDialog::updateBindButton);
    connect(m_buttons, &QDialogButtonBox::accepted, this, &AddBindingDialog::bind);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    loadProjects();
}

QPushButton *AddBindingDialog::bindButton() const
{
    return findChild<QPushButton *>(QStringLiteral("bindButton"));
}

void AddBindingDialog::loadProjects()
{
    runInBackground(
        this,
        [] {
            const binding::BindingStore::Outcome current = binding::BindingStore().read();
            if (!current.ok) {
                binding::ProjectList list;
                list.error = current.error;
                return list;
            }
            return binding::fetchProjects(current.config);
        },
        [this](const binding::ProjectList &list) { showProjects(list); });
}

void AddBindingDialog::showProjects(const binding::ProjectList &list)
{
    m_list = list;
    m_projects->clear();
    if (!list.ok() || list.projects.isEmpty()) {
        m_projects->addItem(tr("No project to choose"));
        m_message->setText(list.ok() ? tr("The backend lists no project for you.") : tr("Cannot list your projects: %1").arg(list.error));
        emit projectsLoaded(false);
        return;
    }
    for (const binding::Project &project : list.projects)
        m_projects->addItem(tr("%1 (id %2)").arg(project.name, project.idText()));
    m_projects->setEnabled(true);
    m_message->clear();
    updateBindButton();
    emit projectsLoaded(true);
}

void AddBindingDialog::updateBindButton()
{
    bindButton()->setEnabled(m_projects->isEnabled() && !m_folder->text().trimmed().isEmpty());
}

void AddBindingDialog::browse()
{
    const QString start = m_folder->text().trimmed().isEmpty() ? QDir::homePath() : m_folder->text().trimmed();
    const QString chosen = QFileDialog::getExistingDirectory(this, tr("Choose the workspace folder"), start);
    if (!chosen.isEmpty())
        m_folder->setText(QDir::toNativeSeparators(chosen));
}

void AddBindingDialog::bind()
{
    const QString folder = QDir::fromNativeSeparators(m_folder->text().trimmed());
    const int index = m_projects->currentIndex();
    if (!m_projects->isEnabled() || index < 0 || index >= m_list.projects.size())
        return;
    if (!QFileInfo(folder).isDir() || !QDir::isAbsolutePath(folder)) {
        m_message->setText(tr("Choose an existing folder."));
        return;
    }
    const binding::BindOutcome outcome = binding::binder::bind(folder, m_list.projects.at(index));
    if (!outcome.ok) {
        m_message->setText(outcome.error);
        return;
    }
    emit bound(outcome.workspace);
    accept();
}

} // namespace teamai::ui
