#pragma once

#include "DevServerProcess.h"
#include "TeamaiRunner.h"
#include "TestEnvironment.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QList>
#include <QProcess>
#include <QStringList>

#include <memory>

namespace teamai::test {

/// @brief A temporary HOME, a running development backend, and `teamai init` done against it with
/// the token in the file store: the starting point of every end-to-end test. A test of `init`
/// itself starts Bare: HOME and the backend only.
class AgentFixture
{
public:
    enum class Start { Enrolled, Bare };

    explicit AgentFixture(Start start = Start::Enrolled);
    ~AgentFixture();

    TestEnvironment &env() { return *m_env; }
    DevServerProcess &server() { return *m_server; }
    bool ready() const { return m_ready; }

    /// @brief `teamai sync --tool claude --json`, parsed.
    QJsonObject syncJson(const QStringList &extraEnvironment = {});
    /// @brief The ack the backend received for command @p id (empty object when none).
    QJsonObject ackFor(qint64 id);
    /// @brief Waits (up to @p timeoutMs) until the backend received an ack for @p id; returns it.
    QJsonObject waitForAck(qint64 id, int timeoutMs = 15000);
    /// @brief Waits until no detached `teamai worker` holds its lock and no report request waits
    /// for one (they finish hook work; stop and post-tool-use hooks hand over their whole round).
    bool waitForWorkers(int timeoutMs = 20000);
    /// @brief Starts `teamai ARGUMENTS` as @p agent with a pushed `teamai doctor` (command @p id)
    /// that hangs on the backend's config route for @p stallMs. Returns once the ledger says the
    /// command runs, its process exists and its config request has reached the backend (so a test
    /// that kills the agent kills it mid-command); false (with the agent's stderr and log) when it
    /// did not within 20 s.
    bool startAgentRunningACommand(QProcess &agent, const QStringList &arguments, qint64 id, int stallMs = 60000);
    /// @brief The command with @p id from a `sync --json` result.
    static QJsonObject commandIn(const QJsonObject &syncResult, qint64 id);

private:
    /// `teamai init` against the backend, the token in the file store.
    bool enrol();

    std::unique_ptr<TestEnvironment> m_env;
    std::unique_ptr<DevServerProcess> m_server;
    bool m_ready = false;
};

/// @brief Builds a command object.
QJsonObject restrictedCommand(qint64 id, const QString &cmd, const QString &type = QStringLiteral("uninstall_teamai"));
/// @brief A command of a type nobody handles: acked failed, never runs anything (quick to process).
QJsonObject unsupportedCommand(qint64 id);
/// @brief install_rule / install_skill of @p slug, downloaded from @p url.
QJsonObject installRule(qint64 id, const QString &slug, const QString &url);
QJsonObject installSkill(qint64 id, const QString &slug, const QString &url);
/// @brief A resource command: @p fields plus its id and type.
QJsonObject resourceCommand(qint64 id, const QString &type, const QJsonObject &fields);
/// @brief The arguments a hook `teamai init` writes passes: `--hook EVENT --tool TOOL`.
QStringList hookArguments(const QString &event, const QString &tool = QStringLiteral("claude"));
/// @brief The JSON an agent hands a hook on stdin: session "s1" in @p cwd.
QByteArray hookInput(const QString &cwd);
/// @brief `sync --tool claude --json`, the arguments of a sync that prints its result.
QStringList syncArguments();
/// @brief Starts the built `teamai` with @p arguments as a child of @p parent, for runs at the
/// same time: @p input on stdin, then EOF.
QProcess *startTeamai(const QStringList &arguments, QObject *parent, const QByteArray &input = {});
/// @brief Waits (up to 60 s each) for @p processes and deletes them: true when every one exited 0.
bool allExitedZero(const QList<QProcess *> &processes);
/// @brief Waits (up to @p timeoutMs) until the ledger's history shows command @p id in @p state.
bool waitForState(qint64 id, const QString &state, int timeoutMs = 30000);
/// @brief How many times this agent's processes handled command @p id (one line each in the log
/// of @p stateDir); -1 without a log.
int runsInLog(const QString &stateDir, qint64 id);
/// @brief `teamai history --json --limit 1000` (optionally filtered by @p extra), one object a row.
QList<QJsonObject> historyRows(const QStringList &extra = {});
/// @brief The history row of command @p id (empty when the ledger holds none).
QJsonObject historyRow(qint64 id);

} // namespace teamai::test
