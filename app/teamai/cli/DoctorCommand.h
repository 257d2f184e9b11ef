#pragma once

#include "cli/CliCommand.h"

namespace teamai::cli {

/// @brief `teamai doctor`: see help().
class DoctorCommand : public CliCommand
{
public:
    DoctorCommand();
    int run(const QStringList &arguments) override;
};

} // namespace teamai::cli
