#pragma once

#include <QJsonObject>
#include <QString>
#include <QStringList>

namespace teamai::cli {

/// @brief What `teamai status` lists besides the ledger: the MCP servers TeamAI installed (per
/// tool, user scope and each bound workspace), the model gateways in use, and the workspace
/// bindings. Read-only; a file that cannot be read is reported as such, never repaired here.
struct StatusInventory {
    QJsonObject json;   ///< `mcp_servers`, `model_gateways`, `bindings`
    QStringList lines;  ///< the same for people, aligned like the rest of the status

    static StatusInventory collect();
};

} // namespace teamai::cli
