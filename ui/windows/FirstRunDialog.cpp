#include "windows/FirstRunDialog.h"

#include "app/Background.h"
#include "app/InitRunner.h"
#include "config/AgentConfig.h"
#include "config/AgentSettings.h"
#include "config/TokenStore.h"
#include "tools/ToolTable.h"
#include "tray/TrayIconFactory.h"
#include "util/Paths.h"
#include "windows/FieldError.h"

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
#include <QVBoxLayout>

namespace teamai::ui {

bool FirstRunDialog::needed()
{
    const AgentConfig::Loaded loaded = AgentConfig::load();
    // An invalid file is not "no configuration": the tray reports it instead of overwriting it.
    return loaded.error.isEmpty() && (!loaded.exists || loaded.config.endpoint().isEmpty());
}

FirstRunDialog::FirstRunDialog(const QString &teamaiPath, QWidget *parent)
    : QDialog(parent)
    , m_endpoint(new QLineEdit)
    , m_endpointError(createFieldErrorLabel())
    , m_token(new QLineEdit)
    , m_tokenError(createFieldErrorLabel())
    , m_agentsError(createFieldErrorLabel())
    , m_status(new QLabel)
    , m_setup(new QPushButton(QStringLiteral("Set up")))
    , m_cancel(new QPushButton(QStringLiteral("Not now")))
    , m_init(new InitRunner(teamaiPath, this))
{
    setWindowTitle(QStringLiteral("Set up TeamAI Agent"));
    setWindowIcon(TrayIconFactory::appIcon());
    setMinimumWidth(500);

    auto *intro = new QLabel(QStringLiteral(
        "<b>Connect this machine to your TeamAI backend.</b><br>"
        "Your team's TeamAI admin gives you the URL and an API token."));
    intro->setWordWrap(true);
    m_endpoint->setPlaceholderText(QStringLiteral("https://teamai.example.com"));
    m_token->setEchoMode(QLineEdit::Password);
    m_token->setPlaceholderText(QStringLiteral("API token"));
    m_status->setWordWrap(true);
    m_setup->setDefault(true);

    auto *form = new QFormLayout;
    auto *endpointBox = new QVBoxLayout;
    endpointBox->addWidget(m_endpoint);
    endpointBox->addWidget(m_endpointError);
    form->addRow(QStringLiteral("Backend URL"), endpointBox);
    auto *tokenBox = new QVBoxLayout;
    tokenBox->addWidget(m_token);
    tokenBox->addWidget(m_tokenError);
    form->addRow(QStringLiteral("API token"), tokenBox);

    auto *agentsGroup = new QGroupBox(QStringLiteral("Agents on this machine"));
    auto *agentsLayout = new QGridLayout(agentsGroup);
    int i = 0;
    const QString home = paths::homeDir();
    for (const ToolInfo &tool : knownTools()) {
        auto *box = new QCheckBox(tool.name);
        // Pre-select the agents that are installed (their folder exists).
        box->setChecked(QFileInfo(QDir(home).filePath(tool.rootDir())).isDir());
        m_agents.insert(tool.name, box);
        agentsLayout->addWidget(box, i / 3, i % 3);
        ++i;
    }
    agentsLayout->addWidget(m_agentsError, (i + 2) / 3, 0, 1, 3);

    auto *buttons = new QHBoxLayout;
    buttons->addStretch();
    buttons->addWidget(m_cancel);
    buttons->addWidget(m_setup);

    auto *layout = new QVBoxLayout(this);
    layout->addWidget(intro);
    layout->addLayout(form);
    layout->addWidget(agentsGroup);
    layout->addWidget(m_status);
    layout->addLayout(buttons);

    connect(m_setup, &QPushButton::clicked, this, &FirstRunDialog::setUp);
    connect(m_cancel, &QPushButton::clicked, this, &QDialog::reject);
    connect(m_endpoint, &QLineEdit::textEdited, this, [this] {
        m_allowUnreachable = false;
        m_setup->setText(QStringLiteral("Set up"));
        showFieldError(m_endpointError, {});
    });
    connect(m_token, &QLineEdit::textEdited, this, [this] { showFieldError(m_tokenError, {}); });
}

FirstRunDialog::~FirstRunDialog() = default;

QStringList FirstRunDialog::chosenAgents() const
{
    QStringList agents;
    for (const ToolInfo &tool : knownTools()) {
        if (m_agents.value(tool.name)->isChecked())
            agents << tool.name;
    }
    return agents;
}

bool FirstRunDialog::validate()
{
    const QString endpointProblem = AgentConfig::validateEndpoint(m_endpoint->text().trimmed());
    showFieldError(m_endpointError, endpointProblem);
    const QString token = m_token->text().trimmed();
    QString tokenProblem;
    if (token.isEmpty())
        tokenProblem = QStringLiteral("Enter the API token");
    else if (token.contains(u' ') || token.contains(u'\t'))
        tokenProblem = QStringLiteral("A token has no spaces: paste it again");
    showFieldError(m_tokenError, tokenProblem);
    const QString agentsProblem = chosenAgents().isEmpty() ? QStringLiteral("Choose at least one agent") : QString();
    showFieldError(m_agentsError, agentsProblem);
    return endpointProblem.isEmpty() && tokenProblem.isEmpty() && agentsProblem.isEmpty();
}

void FirstRunDialog::setBusy(bool busy, const QString &message)
{
    m_setup->setEnabled(!busy);
    m_endpoint->setEnabled(!busy);
    m_token->setEnabled(!busy);
    m_status->setStyleSheet(QString());
    m_status->setText(message);
}

void FirstRunDialog::setUp()
{
    if (!validate())
        return;
    if (m_allowUnreachable) {
        install();
        return;
    }
    const QString endpoint = m_endpoint->text().trimmed();
    const QString token = m_token->text().trimmed();
    setBusy(true, QStringLiteral("Checking the connection…"));
    runInBackground(this, [endpoint, token] { return checkConnection(endpoint, token); },
                    [this](const ConnectionCheckResult &result) { onChecked(result); });
}

void FirstRunDialog::onChecked(const ConnectionCheckResult &result)
{
    emit stepFinished(QStringLiteral("check"), result.ok(), result.message);
    if (result.ok()) {
        install();
        return;
    }
    setBusy(false, QString());
    switch (result.outcome) {
    case ConnectionCheckResult::Outcome::TokenRejected:
        showFieldError(m_tokenError, result.message);
        break;
    case ConnectionCheckResult::Outcome::Unreachable:
        showFieldError(m_endpointError, result.message + QStringLiteral(" — check the URL, or set up anyway and the app will keep trying."));
        m_allowUnreachable = true;
        m_setup->setText(QStringLiteral("Set up anyway"));
        break;
    default:
        showFieldError(m_endpointError, result.message);
        break;
    }
}

void FirstRunDialog::install()
{
    const QString endpoint = AgentConfig::normalizeEndpoint(m_endpoint->text().trimmed());
    const QString token = m_token->text().trimmed();
    const QStringList agents = chosenAgents();
    setBusy(true, QStringLiteral("Saving the token…"));
    runInBackground(this, [endpoint, token] { return TokenStore::save(endpoint, token); },
                    [this, endpoint, agents](const TokenStore::SaveResult &saved) {
        if (!saved.ok) {
            setBusy(false, QString());
            showFieldError(m_tokenError, QStringLiteral("Cannot save the token: %1").arg(saved.error));
            emit stepFinished(QStringLiteral("token"), false, saved.error);
            return;
        }
        emit stepFinished(QStringLiteral("token"), true, AgentSettings::tokenLocationName(saved.location));
        setBusy(true, QStringLiteral("Setting up %1…").arg(agents.join(QStringLiteral(", "))));
        connect(m_init, &InitRunner::finished, this, [this, agents](bool ok, const QString &output) {
            emit stepFinished(QStringLiteral("init"), ok, output);
            if (!ok) {
                setBusy(false, QString());
                m_status->setStyleSheet(QStringLiteral("color: #b91c1c"));
                m_status->setText(QStringLiteral("Setup failed: %1").arg(output));
                return;
            }
            QString error;
            AgentSettings::update([&](AgentSettings &settings) { settings.setEnabledAgents(agents); }, &error);
            if (!error.isEmpty()) {
                setBusy(false, QString());
                m_status->setText(QStringLiteral("Setup failed: %1").arg(error));
                return;
            }
            accept();
        }, Qt::SingleShotConnection);
        m_init->run(endpoint, agents);
    });
}

} // namespace teamai::ui
