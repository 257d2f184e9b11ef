#pragma once

#include "cli/CliCommand.h"

namespace teamai::cli {

/// @brief `teamai worker`: see help().
class WorkerCommand : public CliCommand
{
public:
    WorkerCommand();
    int run(const QStringList &arguments) override;
};

} // namespace teamai::cli
