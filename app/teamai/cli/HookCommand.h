#pragma once

#include "cli/CliCommand.h"

namespace teamai::cli {

/// @brief `teamai --hook EVENT --tool TOOL` (alias `teamai hook-dispatch EVENT --tool TOOL`): see help().
class HookCommand : public CliCommand
{
public:
    HookCommand();
    int run(const QStringList &arguments) override;
};

} // namespace teamai::cli
