#pragma once

#include "binding/ProjectList.h"

#include <QByteArray>
#include <QList>

namespace teamai::binding {

/// @brief What a hook prints for the agent when its workspace is not bound, in the agents' hook
/// output format: one line of JSON, `{"hookSpecificOutput": {"hookEventName": EVENT,
/// "additionalContext": TEXT}}`. The meaning follows the reference client (teamai-cli 0.25);
/// the wording is ours.
namespace hint {

/// @brief session-start: the workspace is not bound, these are the projects, run
/// `teamai bind-project [--project-id ID]`.
QByteArray sessionStart(const QList<Project> &projects);

/// @brief prompt-submit: a numbered choice for the agent to show the user as is — one entry per
/// project and a last one for "never ask again" — and, for the agent only, the command each
/// answer runs (`teamai bind-project --project-id ID`, `teamai bind-project --skip`).
QByteArray promptSubmit(const QList<Project> &projects);

} // namespace hint
} // namespace teamai::binding
