#pragma once

#include "cli/CliCommand.h"

namespace teamai::binding {
struct ProjectList;
}

namespace teamai::cli {

/// @brief `teamai bind-project [--project-id ID] [--skip]`: binds the current workspace to one of
/// the user's backend projects (or marks it skipped), as teamai-cli's command of that name does.
class BindProjectCommand : public CliCommand
{
public:
    BindProjectCommand();
    int run(const QStringList &arguments) override;

private:
    int skip(const QString &cwd);
    int bindTo(const QString &cwd, const QString &projectId, const binding::ProjectList &list);
    int choose(const QString &cwd, const binding::ProjectList &list);
};

} // namespace teamai::cli
