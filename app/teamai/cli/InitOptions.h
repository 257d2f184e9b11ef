#pragma once

#include "config/TokenStore.h"

#include <QList>
#include <QString>
#include <QStringList>

namespace teamai {
struct ToolInfo;
}

namespace teamai::cli {

class CommandLine;

/// @brief What `teamai init` was asked to do, from its command line: our options and the
/// reference client's (teamai-cli 0.25) `init` options, with the same meaning where this client
/// has one (docs/compatibility.md "init"). Pure: reads the command line, the working folder and
/// HOME, changes nothing.
struct InitOptions {
    QString endpoint;
    QString token;
    TokenStore::Backend backend = TokenStore::Backend::Auto;
    bool toolsGiven = false;
    QList<const ToolInfo *> tools;  ///< --tool (or --agent / --agents), in order, no duplicates
    bool mcp = false;                ///< --mcp: register `teamai mcp` in each agent's MCP configuration
    QString scope;                   ///< --scope as given ("user" or "project"), else empty
    QStringList notes;               ///< one line each for options accepted with nothing to do
    QString error;                   ///< bad usage: init must stop before changing anything

    /// @brief The parser for init's options (ours and the reference's).
    static CommandLine commandLine();

    /// @brief Reads a parsed @p line; @p cwd and @p home decide whether `--scope project` is
    /// allowed (not in HOME, as in the reference).
    static InitOptions from(const CommandLine &line, const QString &cwd, const QString &home);
};

} // namespace teamai::cli
