#pragma once

#include "cli/CliCommand.h"

namespace teamai::cli {

/// @brief `teamai doctor`: see help().
class DoctorCommand : public CliCommand
{
public:
    DoctorCommand();
    QString help() const override;
    int run(const QStringList &arguments) override;
};

} // namespace teamai::cli
