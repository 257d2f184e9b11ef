#pragma once

#include "cli/CliCommand.h"

namespace teamai::cli {

/// @brief `teamai remote-cmd`: see help().
class RemoteCmdCommand : public CliCommand
{
public:
    RemoteCmdCommand();
    int run(const QStringList &arguments) override;
};

} // namespace teamai::cli
