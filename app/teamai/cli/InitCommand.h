#pragma once

#include "cli/CliCommand.h"
#include "enrollment/Enrollment.h"

#include <QList>

namespace teamai::cli {

/// @brief `teamai init`: see help().
class InitCommand : public CliCommand
{
public:
    InitCommand();
    int run(const QStringList &arguments) override;

private:
    /// @brief Says what happened to the token (moved, carried over, saved, or none).
    void printToken(const EnrollmentToken &token) const;
    /// @brief One line per agent: hooks installed, already in place, unsupported, or failed.
    void printHooks(const QList<EnrollmentStep> &hooks) const;
    /// @brief --mcp: one line per agent about its MCP registration.
    void printMcp(const QList<EnrollmentStep> &mcp) const;
};

} // namespace teamai::cli
