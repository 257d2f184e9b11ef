#include "windows/SettingsDialog.h"

#include "windows/RunInBackground.h"
#include "windows/McpRegistrationChoice.h"
#include "syncthread/SyncedAgents.h"
#include "bindings/BindingsPanel.h"
#include "commands/RestrictedCommand.h"
#include "config/AgentConfig.h"
#include "config/AgentSettings.h"
#include "config/TokenSource.h"
#include "config/TokenStore.h"
#include "enrollment/Enrollment.h"
#include "sync/ConnectionCheck.h"
#include "tools/ToolTable.h"
#include "util/Paths.h"
#include "windows/ConnectionFields.h"
#include "windows/FieldError.h"
#include "windows/ModelGatewaysPanel.h"
#include "windows/NotificationSettingsPanel.h"
#include "windows/StatusColours.h"
#include "windows/TokenNotice.h"
#include "windows/WindowFit.h"

#include <QCheckBox>
#include <QDesktopServices>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QGridLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QScrollArea>
#include <QSpinBox>
#include <QStyle>
#include <QUrl>
#include <QVBoxLayout>

namespace teamai::ui {
namespace {

QString tokenLocationText()
{
    switch (AgentSettings::load().settings.tokenLocation()) {
    case AgentSettings::TokenLocation::Keychain: return SettingsDialog::tr("A token is saved in the system credential store.");
    case AgentSettings::TokenLocation::File: return SettingsDialog::tr("A token is saved in %1 (owner-only file).").arg(TokenStore::tokenFilePath());
    case AgentSettings::TokenLocation::None: break;
    }
    return SettingsDialog::tr("No token is saved.");
}

// What saving does off the GUI thread (the credential store may take seconds to answer).
struct SaveOutcome {
    EnrollmentResult enrollment;
    QString settingsError;

    QString error() const { return enrollment.error.isEmpty() ? settingsError : enrollment.error; }
};

// "<agent>: <why>" for each failed step, and the agents whose own `teamai` MCP entry was left.
QStringList failuresOf(const QList<EnrollmentStep> &steps)
{
    QStringList lines;
    for (const EnrollmentStep &step : steps) {
        if (step.outcome == EnrollmentStep::Outcome::Failed)
            lines << QStringLiteral("%1: %2").arg(step.tool->name, step.error);
    }
    return lines;
}

QStringList userOwnedOf(const QList<EnrollmentStep> &steps)
{
    QStringList agents;
    for (const EnrollmentStep &step : steps) {
        if (step.outcome == EnrollmentStep::Outcome::UserOwned)
            agents << step.tool->name;
    }
    return agents;
}

} // namespace

SettingsDialog::SettingsDialog(const QString &teamaiPath, QWidget *parent)
    : QDialog(parent)
    , m_connection(new ConnectionFields(ConnectionFields::Token::EmptyKeepsTheSavedOne, this))
    , m_tokenHint(new QLabel)
    , m_tokenSavedIcon(new QLabel)
    , m_tokenSaved(new QLabel)
    , m_interval(new QSpinBox)
    , m_agentsError(createFieldErrorLabel())
    , m_mcp(new QCheckBox(tr("Register TeamAI's &MCP server with my agents")))
    , m_seeAll(new QCheckBox(tr("Let each agent see the other agents' commands")))
    , m_mcpError(createFieldErrorLabel())
    , m_test(new QPushButton(tr("Test connection")))
    , m_testResultIcon(new QLabel)
    , m_testResult(new QLabel)
    , m_logLink(new QLabel)
    , m_status(new QLabel)
    , m_buttons(new QDialogButtonBox(QDialogButtonBox::Save | QDialogButtonBox::Cancel))
    , m_scroll(new QScrollArea)
    , m_teamaiPath(teamaiPath.isEmpty() ? ownTeamaiExecutable() : teamaiPath)
{
    setUpWindow(this, tr("TeamAI Agent — Settings"));
    setMinimumWidth(520);

    configureFields();
    // Built in this order: the focus chain (Tab) follows it.
    QLayout *form = buildForm();
    QWidget *agentsGroup = buildAgentsGroup();
    QLayout *testRow = buildTestRow();
    setUpLogLink();
    setUpScrollArea(form, agentsGroup, testRow);

    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_scroll, 1);
    layout->addWidget(m_status);
    layout->addWidget(m_buttons);

    connect(m_test, &QPushButton::clicked, this, &SettingsDialog::testConnection);
    connect(m_buttons, &QDialogButtonBox::accepted, this, &SettingsDialog::save);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    load();
    fitToScreen(this, preferredSize());
}

void SettingsDialog::configureFields()
{
    m_tokenHint->setWordWrap(true);
    m_tokenHint->setStyleSheet(QStringLiteral("color: palette(mid)"));
    m_interval->setRange(1, AgentSettings::kMaxSyncIntervalMinutes);
    m_interval->setSuffix(tr(" min"));
    m_tokenSaved->setWordWrap(true);
    m_tokenSaved->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_tokenSaved->hide();
    m_tokenSavedIcon->hide();
    m_testResultIcon->hide();
    m_testResult->setWordWrap(true);
    m_testResult->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_status->setWordWrap(true);
}

QLayout *SettingsDialog::buildForm()
{
    auto *form = new QFormLayout;
    m_connection->addRows(form);
    QVBoxLayout *tokenBox = m_connection->tokenBox();
    tokenBox->insertWidget(1, m_tokenHint);  // under the field, above its error line
    auto *savedRow = new QHBoxLayout;
    savedRow->addWidget(m_tokenSavedIcon, 0, Qt::AlignTop);
    savedRow->addWidget(m_tokenSaved, 1);
    tokenBox->addLayout(savedRow);
    form->addRow(tr("Sync every"), m_interval);
    return form;
}

QWidget *SettingsDialog::buildAgentsGroup()
{
    auto *agentsGroup = new QGroupBox(tr("Agents synced by this app"));
    auto *agentsLayout = new QGridLayout(agentsGroup);
    m_agents = addAgentBoxes(agentsLayout, [this](QCheckBox *box, const ToolInfo &tool) {
        box->setToolTip(tr("Sync %1 (~/%2); enabling it also installs its hooks").arg(tool.name, tool.rootDir()));
    });
    agentsLayout->addWidget(m_agentsError, agentRowsEnd(m_agents), 0, 1, 3);
    return agentsGroup;
}

QLayout *SettingsDialog::buildTestRow()
{
    auto *testRow = new QHBoxLayout;
    testRow->addWidget(m_test);
    testRow->addWidget(m_testResultIcon);
    testRow->addWidget(m_testResult, 1);
    return testRow;
}

void SettingsDialog::setUpLogLink()
{
    const QString logs = paths::logDir();
    m_logLink->setText(tr("Logs: <a href=\"%1\">%2</a>").arg(QUrl::fromLocalFile(logs).toString().toHtmlEscaped(), logs.toHtmlEscaped()));
    m_logLink->setTextInteractionFlags(Qt::TextBrowserInteraction);
    connect(m_logLink, &QLabel::linkActivated, this, [logs](const QString &) {
        (void)paths::ensurePrivateDir(logs);  // opening it says what is wrong
        QDesktopServices::openUrl(QUrl::fromLocalFile(logs));
    });
}

void SettingsDialog::setUpScrollArea(QLayout *form, QWidget *agentsGroup, QLayout *testRow)
{
    // Everything but the status line and the buttons scrolls: the dialog is taller than a
    // 1280×800 screen, and Save must stay in sight.
    auto *content = new QWidget;
    auto *contentLayout = new QVBoxLayout(content);
    contentLayout->setContentsMargins(0, 0, 0, 0);
    contentLayout->addLayout(form);
    contentLayout->addWidget(agentsGroup);
    contentLayout->addWidget(buildAgentAccess());
    auto *notifications = new NotificationSettingsPanel;
    contentLayout->addWidget(notifications);
    connect(this, &QDialog::accepted, notifications, &NotificationSettingsPanel::save);
    contentLayout->addWidget(new ModelGatewaysPanel(this));
    contentLayout->addLayout(testRow);
    contentLayout->addWidget(new BindingsPanel);
    contentLayout->addWidget(m_logLink);
    m_scroll->setWidgetResizable(true);
    m_scroll->setFrameShape(QFrame::NoFrame);
    m_scroll->setWidget(content);
}

QSize SettingsDialog::preferredSize() const
{
    // All of the content without scrolling, plus what lies around the scroll area.
    const QSize content = m_scroll->widget()->sizeHint();
    const QMargins margins = layout()->contentsMargins();
    const int bar = style()->pixelMetric(QStyle::PM_ScrollBarExtent);
    const int below = 2 * layout()->spacing() + m_status->sizeHint().height() + m_buttons->sizeHint().height();
    return {content.width() + bar + margins.left() + margins.right(), content.height() + below + margins.top() + margins.bottom()};
}

SettingsDialog::~SettingsDialog() = default;

QWidget *SettingsDialog::buildAgentAccess()
{
    m_mcp->setAccessibleName(tr("Register TeamAI's MCP server with my agents"));
    m_mcp->setToolTip(tr("Adds the teamai MCP server (teamai mcp) to the MCP configuration of each agent synced by this "
                         "app, so the agent can ask what the backend changed and follow the commands it runs. "
                         "Unchecking removes only the entry TeamAI added; a teamai entry of your own is never changed."));
    m_seeAll->setAccessibleName(tr("Let each agent see the other agents' commands"));
    m_seeAll->setToolTip(tr("Off: through the MCP server an agent sees only the commands pushed for it and their output. "
                            "On: it also sees those of the other agents on this computer."));
    m_mcpError->setAccessibleName(tr("MCP server registration"));
    auto *group = new QGroupBox(tr("What your agents can see"));
    auto *box = new QVBoxLayout(group);
    box->addWidget(m_mcp);
    box->addWidget(m_seeAll);
    box->addWidget(m_mcpError);
    connect(m_mcp, &QCheckBox::toggled, this, [this] { showFieldError(m_mcpError, {}); });
    return group;
}

void SettingsDialog::load()
{
    const AgentConfig::Loaded config = AgentConfig::load();
    const AgentSettings::Loaded settings = AgentSettings::load();
    m_savedEndpoint = config.config.endpoint();
    m_connection->endpoint()->setText(m_savedEndpoint);
    m_tokenHint->setText(tokenLocationText());
    m_interval->setValue(settings.settings.syncIntervalMinutes());
    const QStringList synced = syncedAgents(false);
    for (auto it = m_agents.cbegin(); it != m_agents.cend(); ++it)
        it.value()->setChecked(synced.contains(it.key()));
    m_mcp->setChecked(mcpchoice::isRegistered());
    m_seeAll->setChecked(settings.settings.agentsSeeAllCommands());
    if (!config.error.isEmpty())
        showFieldError(m_connection->endpointError(), config.error);
}

QStringList SettingsDialog::checkedAgents() const
{
    return ui::checkedAgents(m_agents);
}

bool SettingsDialog::validate()
{
    const bool connectionValid = m_connection->validate();
    const QString agentsProblem = checkedAgents().isEmpty() ? tr("Choose at least one agent to sync") : QString();
    showFieldError(m_agentsError, agentsProblem);
    return connectionValid && agentsProblem.isEmpty();
}

void SettingsDialog::revealError()
{
    // Save is below the scrolled content: bring the first refusal into view.
    for (QLabel *error : {m_connection->endpointError(), m_connection->tokenError(), m_agentsError, m_mcpError}) {
        if (!error->isHidden()) {
            m_scroll->widget()->layout()->activate();
            m_scroll->ensureWidgetVisible(error);
            return;
        }
    }
}

void SettingsDialog::setBusy(bool busy, const QString &message)
{
    m_buttons->setEnabled(!busy);
    m_test->setEnabled(!busy);
    m_status->setText(message);
}

void SettingsDialog::testConnection()
{
    const QString endpoint = m_connection->endpoint()->text().trimmed();
    if (const Status valid = AgentConfig::validateEndpoint(endpoint); !valid) {
        showFieldError(m_connection->endpointError(), valid.error());
        return;
    }
    const QString typed = m_connection->token()->text().trimmed();
    const QString saved = m_savedEndpoint;
    m_test->setEnabled(false);
    showTestResult(tr("Testing…"), TestOutcome::Running);
    runInBackground(
        this,
        [endpoint, typed, saved] {
            // Not typed: the token syncs send (for this endpoint, or for the one being replaced).
            QString token = typed;
            if (token.isEmpty())
                token = TokenSource::current(endpoint).token;
            if (token.isEmpty() && !saved.isEmpty())
                token = TokenSource::current(saved).token;
            return checkConnection(endpoint, token, AgentConfig::load().config.routes());
        },
        [this](const ConnectionCheckResult &result) {
            m_test->setEnabled(true);
            showTestResult(result.message, result.ok() ? TestOutcome::Passed : TestOutcome::Failed);
            emit testFinished(result.ok(), result.message);
        });
}

void SettingsDialog::showTestResult(const QString &text, TestOutcome outcome)
{
    // Not by colour alone: the style's icon says it too, and the colours follow the theme.
    QPalette palette = this->palette();
    if (outcome != TestOutcome::Running)
        palette.setColor(QPalette::WindowText, outcome == TestOutcome::Passed ? successColour(palette) : errorColour(palette));
    m_testResult->setPalette(palette);
    m_testResult->setText(text);
    m_testResultIcon->setVisible(outcome != TestOutcome::Running);
    if (outcome != TestOutcome::Running) {
        const int size = style()->pixelMetric(QStyle::PM_SmallIconSize);
        const auto icon = outcome == TestOutcome::Passed ? QStyle::SP_DialogApplyButton : QStyle::SP_MessageBoxCritical;
        m_testResultIcon->setPixmap(style()->standardIcon(icon).pixmap(size, size));
    }
}

void SettingsDialog::save()
{
    if (!validate()) {
        revealError();
        return;
    }
    EnrollmentRequest request;
    request.endpoint = AgentConfig::normalizeEndpoint(m_connection->endpoint()->text().trimmed());
    request.token = m_connection->token()->text().trimmed();
    const QStringList agents = checkedAgents();
    request.agents = Enrollment::agentsNamed(agents);
    request.mcp = m_mcp->isChecked() ? EnrollmentMcp::Register : EnrollmentMcp::Unregister;
    request.teamaiProgram = m_teamaiPath;
    const int interval = m_interval->value();
    const bool seeAll = m_seeAll->isChecked();
    setBusy(true, tr("Saving…"));
    runInBackground(
        this,
        [request, interval, agents, seeAll] {
            SaveOutcome outcome{Enrollment::run(request), {}};
            if (!outcome.enrollment.error.isEmpty())
                return outcome;
            outcome.settingsError = AgentSettings::update([&](AgentSettings &settings) {
                                            settings.setSyncIntervalMinutes(interval);
                                            settings.setEnabledAgents(agents);
                                            settings.setAgentsSeeAllCommands(seeAll);
                                        }).error();
            return outcome;
        },
        [this](const SaveOutcome &outcome) { showSaved(outcome.enrollment, outcome.error()); });
}

void SettingsDialog::showSaved(const EnrollmentResult &result, const QString &error)
{
    if (!error.isEmpty()) {
        setBusy(false);
        showFieldError(m_connection->endpointError(), error);
        revealError();
        return;
    }
    m_connection->token()->clear();
    bool stayOpen = showMcpOutcome(failuresOf(result.mcp), userOwnedOf(result.mcp));
    const TokenOutcome token = result.token.outcome;
    if (token == TokenOutcome::Saved || token == TokenOutcome::CarriedOver || token == TokenOutcome::Adopted) {
        const TokenNotice notice = tokenSavedNotice(result.token.location, result.token.fallbackReason);
        showTokenSaved(notice.text, notice.warning);
        m_tokenHint->hide();  // the notice says it, and why
        // The user is told where a typed token went; a plain-file warning is never skipped.
        stayOpen = token == TokenOutcome::Saved || notice.warning;
    }
    const QStringList hookFailures = failuresOf(result.hooks);
    if (!hookFailures.isEmpty()) {
        showFieldError(m_agentsError, tr("Saved, but installing the hooks failed: %1").arg(hookFailures.join(QStringLiteral("; "))));
        revealError();
        stayOpen = true;
    }
    finishSave(result.endpointChanged(), stayOpen);
}

bool SettingsDialog::showMcpOutcome(const QStringList &errors, const QStringList &userOwned)
{
    QStringList lines;
    if (!errors.isEmpty())
        lines << tr("Saved, but the MCP server could not be registered or removed: %1").arg(errors.join(QStringLiteral("; ")));
    if (!userOwned.isEmpty())
        lines << tr("%1 already has an MCP server named teamai that TeamAI did not add; it was left as it is.")
                     .arg(userOwned.join(QStringLiteral(", ")));
    showFieldError(m_mcpError, lines.join(u'\n'));
    if (lines.isEmpty())
        return false;
    revealError();
    return true;  // the user reads it before the dialog closes
}

void SettingsDialog::showTokenSaved(const QString &text, bool warning)
{
    m_tokenSavedWarning = warning;
    m_tokenSaved->setText(text);
    m_tokenSaved->show();
    m_tokenSavedIcon->setVisible(warning);
    if (warning) {
        const int size = style()->pixelMetric(QStyle::PM_SmallIconSize);
        m_tokenSavedIcon->setPixmap(style()->standardIcon(QStyle::SP_MessageBoxWarning).pixmap(size, size));
        m_tokenSavedIcon->setAccessibleName(tr("Warning"));
    }
}

void SettingsDialog::askForNewToken(const QString &why)
{
    m_tokenHint->show();
    m_tokenHint->setText(why.isEmpty() ? tr("The backend rejected the saved token. Paste a new one and save.")
                                       : tr("The backend rejected the saved token (%1). Paste a new one and save.").arg(why.left(120)));
    m_connection->token()->setFocus(Qt::OtherFocusReason);
    m_connection->token()->selectAll();
}

void SettingsDialog::finishSave(bool endpointChanged, bool stayOpen)
{
    m_savedEndpoint = AgentConfig::normalizeEndpoint(m_connection->endpoint()->text().trimmed());
    setBusy(false);
    emit applied(endpointChanged, m_interval->value(), checkedAgents());
    if (!stayOpen) {
        accept();
        return;
    }
    // Open to show where the token went, or what failed; Close (or Esc) ends it.
    m_status->setText(tr("Settings saved."));
    m_buttons->setStandardButtons(QDialogButtonBox::Save | QDialogButtonBox::Close);
}

} // namespace teamai::ui
