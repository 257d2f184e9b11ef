#pragma once

#include "cli/CliCommand.h"

namespace teamai::cli {

/// @brief `teamai history`: see help().
class HistoryCommand : public CliCommand
{
public:
    HistoryCommand();
    int run(const QStringList &arguments) override;
};

} // namespace teamai::cli
