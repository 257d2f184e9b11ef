#pragma once

#include <QByteArray>
#include <QDeadlineTimer>
#include <QJsonObject>
#include <QString>

namespace teamai {
class BackendClient;
struct ToolInfo;
}

namespace teamai::binding {

/// @brief What a hook event needs to know for the binding flow.
struct HookBindingInput {
    QString event;              ///< session-start or prompt-submit (others do nothing)
    const ToolInfo *tool = nullptr;
    QString cwd;                ///< the hook's cwd
    QJsonObject hookJson;       ///< the hook's stdin JSON (its session id)
    QString configPath;         ///< config.json; empty: the default
    QString markerDir;          ///< where "already told this session" markers go; empty: the default
    /// The hook's whole budget; the projects request gets at most kProjectsBudgetMs of it.
    QDeadlineTimer deadline = QDeadlineTimer(QDeadlineTimer::Forever);
};

/// @brief The reference client's binding flow in agent hooks (teamai-cli 0.25
/// `ensureWorkspaceBinding` / `emitBindingHint`), for the tools that have it (codebuddy,
/// workbuddy; `TEAMAI_BIND_PROMPT_ENABLED=0` or `false` turns it off).
///
/// For session-start and prompt-submit, when the hook's workspace has no binding (a skip marker
/// counts as one): a linked git worktree whose main checkout is bound inherits that binding and
/// nothing is printed; otherwise, once per agent session and event, the user's projects are
/// asked for (`GET /api/projects/mine`) and, when there is at least one, the hint for the agent
/// is returned (hint::sessionStart / hint::promptSubmit) for the hook to print on stdout.
///
/// It never binds a workspace to a project on its own (that is the user's choice, made with
/// `teamai bind-project`), never waits longer than kProjectsBudgetMs, and a failed, slow or
/// malformed answer — or any local problem — changes nothing and returns nothing.
class HookBindingFlow
{
public:
    static constexpr int kProjectsBudgetMs = 1500;

    /// @brief Runs the flow; the bytes to print on stdout (empty: print nothing).
    static QByteArray run(const HookBindingInput &input, BackendClient &client);

    /// @brief True when @p toolName has the flow and the environment does not turn it off.
    static bool appliesTo(const QString &toolName);

    /// @brief The agent session a marker is kept for: the hook JSON's `session_id` or
    /// `sessionId`, else `CLAUDE_SESSION_ID`, else the parent process and the cwd.
    static QString sessionKey(const QJsonObject &hookJson, const QString &cwd);

    /// @brief `<agent state dir>/bind-hints`.
    static QString defaultMarkerDir();
};

} // namespace teamai::binding
