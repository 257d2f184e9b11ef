#pragma once

#include "enrollment/Enrollment.h"
#include "windows/AgentBoxes.h"

#include <QDialog>
#include <QMap>
#include <QStringList>

class QCheckBox;
class QDialogButtonBox;
class QLayout;
class QLabel;
class QLineEdit;
class QPushButton;
class QScrollArea;
class QSpinBox;

namespace teamai::ui {

class ConnectionFields;


/// @brief Endpoint, token, sync interval, which agents the tray syncs, a Test connection button
/// and a link to the log folder. Invalid input is refused with a message next to its field. The
/// token is never shown back: the field stays empty and says where the saved one lives; typing
/// a new one replaces it.
///
/// Saving is one Enrollment::run() (core/enrollment, the same code as `teamai init`): the
/// endpoint, the token, the dispatch hooks of every checked agent (already in place: nothing
/// written) and the MCP choice; then the interval and the agents in AgentSettings. Changing the
/// endpoint keeps the ledger and its history (it is not tied to an endpoint); the saved token
/// moves to the new endpoint, in the same store, unless a new one is typed. After a new token was
/// saved the dialog stays open and says where the token went (the credential store, or a plain
/// file with a warning saying why and what to install); it also stays open to show that warning
/// when a moved token ended up in a plain file, and when an agent's hooks could not be installed.
///
/// Its content scrolls above the status line and the buttons, which stay visible on any screen;
/// it opens within the screen (fitToScreen), and Esc or Ctrl+W closes it.
///
/// Test connection sends the typed token, else the one TokenSource has — the one syncs send.
///
/// Two agent-facing choices: registering TeamAI's MCP server (`teamai mcp`) with the synced
/// agents (McpRegistrationChoice: checked registers, unchecked removes ours, never the user's own
/// `teamai` entry; it starts checked when mcp-registration.json records one) and whether each
/// agent's MCP server may see the other agents' commands (AgentSettings agentsSeeAllCommands).
class SettingsDialog : public QDialog
{
    Q_OBJECT
public:
    /// @brief @p teamaiPath: the `teamai` the hooks and the MCP entry run (default: next to this program).
    explicit SettingsDialog(const QString &teamaiPath = {}, QWidget *parent = nullptr);
    ~SettingsDialog() override;

    /// @brief The backend URL and token fields, their error lines.
    ConnectionFields *connection() const { return m_connection; }
    QSpinBox *intervalField() const { return m_interval; }
    QCheckBox *agentBox(const QString &tool) const { return m_agents.value(tool); }
    QLabel *agentsError() const { return m_agentsError; }
    QCheckBox *mcpBox() const { return m_mcp; }
    QCheckBox *seeAllCommandsBox() const { return m_seeAll; }
    /// @brief Why the MCP registration failed, or whose own `teamai` entry was left alone.
    QLabel *mcpError() const { return m_mcpError; }
    QLabel *testResult() const { return m_testResult; }
    QPushButton *testButton() const { return m_test; }
    QLabel *logLink() const { return m_logLink; }
    /// @brief Where the token went after a save ("…credential store", or the file and a warning).
    QLabel *tokenSaved() const { return m_tokenSaved; }
    /// @brief True when tokenSaved() is a warning (a plain file the user did not choose).
    bool tokenSavedIsWarning() const { return m_tokenSavedWarning; }
    QLabel *statusLabel() const { return m_status; }

    /// @brief Checks the fields and shows what is wrong next to each; true when all are valid.
    bool validate();

public slots:
    /// @brief Validates and saves; the dialog closes (accepted) when everything was written.
    void save();
    void testConnection();
    /// @brief Focuses the token field and says the saved token was rejected (@p why: the backend's
    /// answer), so the user can paste a new one (the tray's "Enter a new token…").
    void askForNewToken(const QString &why);

signals:
    /// @brief Settings were written. @p endpointChanged: the sync engine must be rebuilt.
    void applied(bool endpointChanged, int intervalMinutes, const QStringList &agents);
    /// @brief A connection test ended (tests).
    void testFinished(bool ok, const QString &message);

private:
    void load();
    QSize preferredSize() const;
    void revealError();
    QStringList checkedAgents() const;
    void setBusy(bool busy, const QString &message = {});
    /// @brief Shows what saving came to (@p error: nothing was saved) and closes unless it
    /// should stay in view.
    void showSaved(const EnrollmentResult &result, const QString &error);
    void finishSave(bool endpointChanged, bool stayOpen);
    void configureFields();
    QLayout *buildForm();
    QWidget *buildAgentsGroup();
    QLayout *buildTestRow();
    void setUpLogLink();
    /// @brief Puts everything but the status line and the buttons in the scroll area.
    void setUpScrollArea(QLayout *form, QWidget *agentsGroup, QLayout *testRow);
    QWidget *buildAgentAccess();
    /// @brief Shows what registering the MCP server came to; true when it should stay in view.
    bool showMcpOutcome(const QStringList &errors, const QStringList &userOwned);
    void showTokenSaved(const QString &text, bool warning);
    enum class TestOutcome { Running, Passed, Failed };
    void showTestResult(const QString &text, TestOutcome outcome);

    ConnectionFields *m_connection;
    QLabel *m_tokenHint;
    QLabel *m_tokenSavedIcon;
    QLabel *m_tokenSaved;
    bool m_tokenSavedWarning = false;
    QSpinBox *m_interval;
    AgentBoxes m_agents;
    QLabel *m_agentsError;
    QCheckBox *m_mcp;
    QCheckBox *m_seeAll;
    QLabel *m_mcpError;
    QPushButton *m_test;
    QLabel *m_testResultIcon;
    QLabel *m_testResult;
    QLabel *m_logLink;
    QLabel *m_status;
    QDialogButtonBox *m_buttons;
    QScrollArea *m_scroll;
    QString m_teamaiPath;
    QString m_savedEndpoint;
};

} // namespace teamai::ui
