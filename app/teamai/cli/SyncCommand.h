#pragma once

#include "cli/CliCommand.h"

namespace teamai::cli {

/// @brief `teamai sync`: see help().
class SyncCommand : public CliCommand
{
public:
    SyncCommand();
    int run(const QStringList &arguments) override;
};

} // namespace teamai::cli
