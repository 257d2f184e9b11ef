#pragma once

#include "exec/ExecPolicy.h"
#include "exec/ExecRequest.h"
#include "exec/ExecSpec.h"

#include <QProcessEnvironment>
#include <QString>

#include <optional>

namespace teamai::exec {

/// @brief resolve()'s answer: a spec, or the reason there is none.
struct Resolved {
    std::optional<ExecSpec> spec;
    QString error;
};

/// @brief Turns a request into a fully explicit spec: fills the policy defaults, caps the timeout
/// (min of the request and policy.maxTimeoutMs), builds the environment from @p base minus
/// credential-shaped variables (scrubEnvironment) plus request.environment (which wins), and picks
/// the spill folder. Fails when the program is not an absolute path to an existing executable
/// file, the working directory is given but is not an existing absolute folder, or the timeout
/// is not positive.
Resolved resolve(const ExecRequest &request, const ExecPolicy &policy,
                 const QProcessEnvironment &base = QProcessEnvironment::systemEnvironment());

/// @brief The spill folder a policy means (its spillDir, or the agent state default).
QString spillDirFor(const ExecPolicy &policy);

} // namespace teamai::exec
