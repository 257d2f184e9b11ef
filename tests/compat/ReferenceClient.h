#pragma once

// The reference client (teamai-cli 0.25.0, installed by the ctest fixture compat_install_reference)
// as every compat test runs it: `node dist/index.js …` in the test's temporary HOME.

#include <QByteArray>
#include <QProcessEnvironment>
#include <QString>
#include <QStringList>

namespace teamai::test {

class DevServerProcess;
class TestEnvironment;

/// @brief What one run of the reference client did.
struct ReferenceRun {
    bool exited = false;  ///< ended on its own within the time (not killed, not crashed)
    int exitCode = -1;
    QByteArray out;
    QByteArray err;

    bool succeeded() const { return exited && exitCode == 0; }
};

/// @brief The reference client of one test class. Call locate() in initTestCase(); then run() and
/// sessionStart() start it like an agent or a user would.
class ReferenceClient
{
public:
    /// @brief Finds node and the reference's dist/index.js where tests/compat/CMakeLists.txt put
    /// them (TEAMAI_NODE, TEAMAI_REFERENCE_JS). Fails the calling test when node is missing and
    /// skips it when npm could not install the reference; false then.
    bool locate();

    /// @brief The environment of @p env without the variables that would give the reference a
    /// token, an endpoint or a home other than the files in HOME (TEAMAI_TOKEN, TEAMAI_HOME…).
    static QProcessEnvironment environmentFor(const TestEnvironment &env);

    /// @brief `node index.js ARGUMENTS` in @p cwd with @p input on stdin, killed after @p timeoutMs.
    ReferenceRun run(const QProcessEnvironment &environment, const QString &cwd, const QStringList &arguments,
                     const QByteArray &input = {}, int timeoutMs = 60000) const;
    /// @brief The same in HOME, with environmentFor(@p env).
    ReferenceRun run(const TestEnvironment &env, const QStringList &arguments, const QByteArray &input = {},
                     int timeoutMs = 60000) const;

    /// @brief Its session-start hook as its own init writes it (`hook-dispatch session-start --tool
    /// TOOL`) with the agent's SessionStart payload for @p sessionId and @p cwd on stdin. It pulls
    /// and runs the queued commands, partly in a detached child (see waitForProcessesIn()).
    ReferenceRun sessionStart(const QProcessEnvironment &environment, const QString &tool, const QString &cwd,
                              const QString &sessionId) const;
    /// @brief The same in HOME, with environmentFor(@p env).
    ReferenceRun sessionStart(const TestEnvironment &env, const QString &tool, const QString &sessionId) const;

private:
    QString m_node;
    QString m_script;
};

/// @brief A hook's JSON payload on stdin, as the agents send it (compact).
QByteArray hookInput(const QString &sessionId, const QString &cwd, const QString &event);

/// @brief Waits up to 60 s until no other process works inside @p home (Linux: /proc/<pid>/cwd):
/// the reference's detached children, and our workers, must be done before the next step reads
/// the files and before HOME goes. False on timeout.
bool waitForProcessesIn(const QString &home);

/// @brief ~/.teamai/local-agent/config.json as the reference's init writes it for @p server: its
/// endpoint and token, no workspace bound yet.
void writeReferenceConfig(const TestEnvironment &env, const DevServerProcess &server);

} // namespace teamai::test
