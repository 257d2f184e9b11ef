#pragma once

#include "cli/CliCommand.h"

namespace teamai::cli {

/// @brief `teamai reconcile-plugins [--tool TOOL]`: the detached job a session-start hook starts
/// to apply get-config's plugins (plugins::pull).
class ReconcilePluginsCommand : public CliCommand
{
public:
    ReconcilePluginsCommand();
    int run(const QStringList &arguments) override;
};

} // namespace teamai::cli
