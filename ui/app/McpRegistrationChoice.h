#pragma once

#include <QString>
#include <QStringList>

namespace teamai::ui::mcpchoice {

/// @brief True when TeamAI's MCP server is registered (recorded in mcp-registration.json) for
/// any agent: what the Settings dialog's checkbox starts with.
bool isRegistered();

/// @brief What applying the choice came to. Messages are the core's, for the user.
struct Result {
    QStringList errors;     ///< "<agent>: <why>", one per agent that failed
    QStringList userOwned;  ///< agents whose own `teamai` entry was left alone
};

/// @brief The Settings dialog's "Register TeamAI's MCP server" on save, through
/// core/mcp/McpRegistration — what `teamai init --mcp` and `teamai uninstall` call. @p wanted:
/// registers `teamai mcp` (@p teamai, absolute) for each of @p agents that has an MCP
/// configuration; not wanted: removes our entry wherever one is recorded. An entry the user made
/// is never touched either way. Blocking (file I/O under InstallLock): call off the GUI thread.
Result apply(bool wanted, const QStringList &agents, const QString &teamai);

} // namespace teamai::ui::mcpchoice
