#pragma once

#include "cli/CliCommand.h"
#include "config/TokenStore.h"

#include <QList>

namespace teamai {
struct ToolInfo;
}

namespace teamai::cli {

/// @brief `teamai init`: see help().
class InitCommand : public CliCommand
{
public:
    QString name() const override;
    QString summary() const override;
    QString help() const override;
    int run(const QStringList &arguments) override;

private:
    /// @brief Saves @p token (or moves teamai-cli's) and prints where; false on failure.
    bool saveToken(const QString &endpoint, const QString &previousEndpoint, const QString &token,
                   TokenStore::Backend backend) const;
    /// @brief Installs the dispatch hooks into each of @p agents' user settings.
    int installHooks(const QList<const ToolInfo *> &agents) const;
    /// @brief --mcp: registers `teamai mcp` in each of @p agents' user MCP configuration.
    int registerMcp(const QList<const ToolInfo *> &agents) const;
};

} // namespace teamai::cli
