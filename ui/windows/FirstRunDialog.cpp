#include "windows/FirstRunDialog.h"

#include "windows/RunInBackground.h"
#include "commands/RestrictedCommand.h"
#include "config/AgentConfig.h"
#include "config/AgentSettings.h"
#include "enrollment/Enrollment.h"
#include "tools/ToolTable.h"
#include "util/Paths.h"
#include "windows/ConnectionFields.h"
#include "windows/FieldError.h"
#include "windows/SetupSummary.h"
#include "windows/WindowFit.h"

#include <QCheckBox>
#include <QDir>
#include <QFileInfo>
#include <QFormLayout>
#include <QGridLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QStyle>
#include <QVBoxLayout>

namespace teamai::ui {
namespace {

// What setting up does off the GUI thread (the credential store may take seconds to answer).
struct InstallOutcome {
    EnrollmentResult enrollment;
    QString settingsError;
};

QString hookFailures(const EnrollmentResult &result)
{
    QStringList lines;
    for (const EnrollmentStep &step : result.failures())
        lines << QStringLiteral("%1: %2").arg(step.tool->name, step.error);
    return lines.join(QStringLiteral("; "));
}

} // namespace

bool FirstRunDialog::needed()
{
    const AgentConfig::Loaded loaded = AgentConfig::load();
    // An invalid file is not "no configuration": the tray reports it instead of overwriting it.
    return loaded.error.isEmpty() && (!loaded.exists || loaded.config.endpoint().isEmpty());
}

FirstRunDialog::FirstRunDialog(const QString &teamaiPath, QWidget *parent)
    : QDialog(parent)
    , m_connection(new ConnectionFields(ConnectionFields::Token::Required, this))
    , m_formPage(new QWidget)
    , m_summaryPage(new QWidget)
    , m_summaryWarningIcon(new QLabel)
    , m_summary(new QLabel)
    , m_status(new QLabel)
    , m_setup(new QPushButton(tr("&Set up")))
    , m_cancel(new QPushButton(tr("&Not now")))
    , m_done(new QPushButton(tr("&Done")))
    , m_teamaiPath(teamaiPath.isEmpty() ? ownTeamaiExecutable() : teamaiPath)
{
    setUpWindow(this, tr("Set up TeamAI Agent"));
    setMinimumWidth(500);

    buildFormPage();
    buildSummaryPage();
    QLayout *buttons = buildButtons();

    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_formPage);
    layout->addWidget(m_summaryPage);
    layout->addWidget(m_status);
    layout->addLayout(buttons);

    connect(m_setup, &QPushButton::clicked, this, &FirstRunDialog::setUp);
    connect(m_cancel, &QPushButton::clicked, this, &FirstRunDialog::reject);
    connect(m_done, &QPushButton::clicked, this, &QDialog::accept);
    connect(m_connection->endpoint(), &QLineEdit::textEdited, this, [this] {
        m_allowUnreachable = false;
        m_setup->setText(tr("&Set up"));
    });
    connect(m_connection, &ConnectionFields::errorsChanged, this, &FirstRunDialog::refit);
    fitToScreen(this, sizeHint());
}

void FirstRunDialog::buildFormPage()
{
    auto *intro = new QLabel(tr("<b>Connect this machine to your TeamAI backend.</b><br>"
                                "Your team's TeamAI admin gives you the URL and an API token."));
    intro->setWordWrap(true);
    auto *formLayout = new QVBoxLayout(m_formPage);
    formLayout->setContentsMargins(0, 0, 0, 0);
    formLayout->addWidget(intro);
    formLayout->addLayout(buildForm());
}

void FirstRunDialog::buildSummaryPage()
{
    auto *done = new QLabel(tr("<b>TeamAI Agent is set up.</b> It keeps syncing in the background."));
    done->setWordWrap(true);
    m_summary->setWordWrap(true);
    m_summary->setTextFormat(Qt::PlainText);
    m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_summaryWarningIcon->hide();
    auto *summaryRow = new QHBoxLayout;
    summaryRow->addWidget(m_summaryWarningIcon, 0, Qt::AlignTop);
    summaryRow->addWidget(m_summary, 1);
    auto *summaryLayout = new QVBoxLayout(m_summaryPage);
    summaryLayout->setContentsMargins(0, 0, 0, 0);
    summaryLayout->addWidget(done);
    summaryLayout->addLayout(summaryRow);
    m_summaryPage->hide();
}

QLayout *FirstRunDialog::buildButtons()
{
    m_status->setWordWrap(true);
    m_status->setTextFormat(Qt::PlainText);
    m_status->hide();
    m_setup->setDefault(true);
    m_done->hide();
    auto *buttons = new QHBoxLayout;
    buttons->addStretch();
    buttons->addWidget(m_cancel);
    buttons->addWidget(m_setup);
    buttons->addWidget(m_done);
    return buttons;
}

FirstRunDialog::~FirstRunDialog() = default;

QLayout *FirstRunDialog::buildForm()
{
    auto *form = new QFormLayout;
    m_connection->addRows(form);

    auto *agentsGroup = new QGroupBox(tr("Agents on this machine"));
    auto *agentsLayout = new QGridLayout(agentsGroup);
    const QString home = paths::homeDir();
    m_agents = addAgentBoxes(agentsLayout, [&home](QCheckBox *box, const ToolInfo &tool) {
        // Pre-select the agents that are installed (their folder exists).
        box->setChecked(QFileInfo(QDir(home).filePath(tool.rootDir())).isDir());
    });
    auto *hint = new QLabel(tr("With none checked, setup hooks the agents it finds, as teamai init does."));
    hint->setWordWrap(true);
    hint->setForegroundRole(QPalette::PlaceholderText);
    agentsLayout->addWidget(hint, agentRowsEnd(m_agents), 0, 1, 3);
    auto *all = new QVBoxLayout;
    all->addLayout(form);
    all->addWidget(agentsGroup);
    return all;
}

void FirstRunDialog::showEvent(QShowEvent *event)
{
    QDialog::showEvent(event);
    refit();
}

void FirstRunDialog::refit()
{
    // As tall as the content needs at the current width: taller while an error shows, and back
    // to the first height once it clears (a top-level window never shrinks by itself).
    // The pages' layouts first: a label shown or hidden in them reaches the dialog's layout only
    // once they are activated (otherwise at the next event loop pass, after this resize).
    m_formPage->layout()->activate();
    m_summaryPage->layout()->activate();
    QLayout *top = layout();
    top->activate();
    const int height = top->hasHeightForWidth() ? top->totalHeightForWidth(width()) : top->totalSizeHint().height();
    fitHeight(this, std::max(height, top->totalMinimumSize().height()));
}

QStringList FirstRunDialog::chosenAgents() const
{
    return checkedAgents(m_agents);
}

void FirstRunDialog::setBusy(bool busy, const QString &message)
{
    m_busy = busy;
    m_setup->setEnabled(!busy);
    m_cancel->setEnabled(!busy);
    m_connection->endpoint()->setEnabled(!busy);
    m_connection->token()->setEnabled(!busy);
    setErrorStyle(m_status, false);
    m_status->setText(breakableText(message));
    m_status->setVisible(!message.isEmpty());
    refit();
}

void FirstRunDialog::showFailure(const QString &message)
{
    setBusy(false, message);
    setErrorStyle(m_status, true);
}

void FirstRunDialog::reject()
{
    if (m_busy)
        return;  // a step is writing the configuration: let it finish
    if (!m_summaryPage->isHidden()) {
        accept();  // set up already: Esc on the summary is Done
        return;
    }
    done(Postponed);
}

void FirstRunDialog::setUp()
{
    if (!m_connection->validate())
        return;
    if (m_allowUnreachable) {
        install();
        return;
    }
    const QString endpoint = m_connection->endpoint()->text().trimmed();
    const QString token = m_connection->token()->text().trimmed();
    setBusy(true, tr("Checking the connection…"));
    runInBackground(this, [endpoint, token] { return checkConnection(endpoint, token); },
                    [this](const ConnectionCheckResult &result) { onChecked(result); });
}

QString FirstRunDialog::checkMessage(const ConnectionCheckResult &result) const
{
    using Outcome = ConnectionCheckResult::Outcome;
    switch (result.outcome) {
    case Outcome::TokenRejected:
        return tr("The backend rejected the token (HTTP %1). Paste it again, or ask your TeamAI admin for a new one.").arg(result.httpStatus);
    case Outcome::Unreachable:
        return tr("%1 — check the URL, or set up anyway and the app will keep trying.").arg(result.message);
    case Outcome::NotBackend:
        return tr("This server is not a TeamAI backend (HTTP %1). Check the URL your TeamAI admin gave you.").arg(result.httpStatus);
    case Outcome::Ok:
    case Outcome::BadEndpoint:
    case Outcome::Failed:
        break;
    }
    return result.message;
}

void FirstRunDialog::onChecked(const ConnectionCheckResult &result)
{
    emit stepFinished(QStringLiteral("check"), result.ok(), result.message);
    if (result.ok()) {
        install();
        return;
    }
    setBusy(false, QString());
    const bool tokenProblem = result.outcome == ConnectionCheckResult::Outcome::TokenRejected;
    m_connection->showError(tokenProblem ? m_connection->tokenError() : m_connection->endpointError(), checkMessage(result));
    if (result.outcome == ConnectionCheckResult::Outcome::Unreachable) {
        m_allowUnreachable = true;
        m_setup->setText(tr("Set up &anyway"));
    }
}

void FirstRunDialog::install()
{
    const QStringList agents = chosenAgents();
    EnrollmentRequest request;
    request.endpoint = AgentConfig::normalizeEndpoint(m_connection->endpoint()->text().trimmed());
    request.token = m_connection->token()->text().trimmed();
    // None chosen: the agents found here, as `teamai init` without --agent.
    request.agents = agents.isEmpty() ? Enrollment::agentsPresent() : Enrollment::agentsNamed(agents);
    request.teamaiProgram = m_teamaiPath;
    setBusy(true, agents.isEmpty() ? tr("Setting up the agents found on this machine…")
                                   : tr("Setting up %1…").arg(agents.join(QStringLiteral(", "))));
    runInBackground(
        this,
        [request, agents] {
            InstallOutcome outcome{Enrollment::run(request), {}};
            if (outcome.enrollment.ok())
                outcome.settingsError =
                    AgentSettings::update([&](AgentSettings &settings) { settings.setEnabledAgents(agents); }).error();
            return outcome;
        },
        [this](const InstallOutcome &outcome) { finishInstall(outcome.enrollment, outcome.settingsError); });
}

void FirstRunDialog::finishInstall(const EnrollmentResult &result, const QString &settingsError)
{
    if (result.stoppedAt == EnrollmentResult::Stage::Token) {
        setBusy(false, QString());
        m_connection->showError(m_connection->tokenError(), tr("Setup failed: %1").arg(result.error));
        emit stepFinished(QStringLiteral("token"), false, result.error);
        return;
    }
    if (!result.error.isEmpty()) {
        emit stepFinished(QStringLiteral("init"), false, result.error);
        showFailure(tr("Setup failed: %1").arg(result.error));
        return;
    }
    emit stepFinished(QStringLiteral("token"), true, AgentSettings::tokenLocationName(result.token.location));
    const QString problem = result.ok() ? settingsError : hookFailures(result);
    emit stepFinished(QStringLiteral("init"), problem.isEmpty(), problem);
    if (!problem.isEmpty()) {
        showFailure(tr("Setup failed: %1").arg(problem));
        return;
    }
    showSummary(result.endpoint, result.token);
}

void FirstRunDialog::showSummary(const QString &endpoint, const EnrollmentToken &token)
{
    setBusy(false, QString());
    const SetupSummary summary = SetupSummary::collect(endpoint, token.location, token.fallbackReason);
    m_summary->setText(breakableText(summary.text()));
    m_summaryWarning = summary.token.warning;
    m_summaryWarningIcon->setVisible(summary.token.warning);
    if (summary.token.warning) {
        const int size = style()->pixelMetric(QStyle::PM_MessageBoxIconSize);
        m_summaryWarningIcon->setPixmap(style()->standardIcon(QStyle::SP_MessageBoxWarning).pixmap(size, size));
        m_summaryWarningIcon->setAccessibleName(tr("Warning"));
    }
    m_formPage->hide();
    m_setup->hide();
    m_cancel->hide();
    m_summaryPage->show();
    m_done->show();
    m_done->setDefault(true);
    m_done->setFocus();
    refit();
    emit setUpFinished();
}

} // namespace teamai::ui
