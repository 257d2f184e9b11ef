#pragma once

#include "cli/CliCommand.h"

namespace teamai::cli {

/// @brief `teamai doctor`: see help().
class DoctorCommand : public CliCommand
{
public:
    QString name() const override;
    QString summary() const override;
    QString help() const override;
    int run(const QStringList &arguments) override;
};

} // namespace teamai::cli
