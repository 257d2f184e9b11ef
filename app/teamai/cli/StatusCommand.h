#pragma once

#include "cli/CliCommand.h"

namespace teamai::cli {

/// @brief `teamai status`: see help().
class StatusCommand : public CliCommand
{
public:
    StatusCommand();
    int run(const QStringList &arguments) override;
};

} // namespace teamai::cli
