#include "exec/Resolve.h"

#include "exec/EnvironmentScrub.h"
#include "util/Paths.h"

#include <QDir>
#include <QFileInfo>

#include <algorithm>

namespace teamai::exec {

QString spillDirFor(const ExecPolicy &policy)
{
    return policy.spillDir.isEmpty() ? paths::agentStateDir() + QStringLiteral("/spill") : policy.spillDir;
}

Resolved resolve(const ExecRequest &request, const ExecPolicy &policy, const QProcessEnvironment &base)
{
    Resolved resolved;

    // An absolute path only: a bare name would make QProcess search PATH, which SPEC §5 forbids.
    if (request.program.isEmpty() || !QDir::isAbsolutePath(request.program)) {
        resolved.error = QStringLiteral("program must be an absolute path: \"%1\"").arg(request.program);
        return resolved;
    }
    const QFileInfo program(request.program);
    if (!program.exists() || !program.isFile() || !program.isExecutable()) {
        resolved.error = QStringLiteral("program is not an executable file: %1").arg(request.program);
        return resolved;
    }
    if (!request.workingDirectory.isEmpty()) {
        const QFileInfo dir(request.workingDirectory);
        if (!QDir::isAbsolutePath(request.workingDirectory) || !dir.isDir()) {
            resolved.error = QStringLiteral("working directory is not an existing absolute folder: %1")
                                 .arg(request.workingDirectory);
            return resolved;
        }
    }

    int timeoutMs = request.timeoutMs.value_or(policy.defaultTimeoutMs);
    if (policy.maxTimeoutMs)
        timeoutMs = std::min(timeoutMs, *policy.maxTimeoutMs);
    if (timeoutMs <= 0) {
        resolved.error = QStringLiteral("timeout must be positive, got %1 ms").arg(timeoutMs);
        return resolved;
    }

    QProcessEnvironment environment = scrubEnvironment(base);
    // Explicit entries come from the product itself (never from the backend), so they are applied
    // after the scrub and kept even when credential-shaped: the pushed-command marker is one.
    for (auto it = request.environment.cbegin(); it != request.environment.cend(); ++it)
        environment.insert(it.key(), it.value());

    ExecSpec spec;
    spec.program = QDir::cleanPath(request.program);
    spec.arguments = request.arguments;
    spec.workingDirectory = request.workingDirectory;
    spec.timeoutMs = timeoutMs;
    spec.environment = environment;
    spec.stdinBytes = request.stdinBytes;
    spec.owner = request.owner;
    spec.cancel = request.cancel;
    spec.memoryCapBytes = std::max<qint64>(0, policy.memoryCapBytes);
    spec.spillDir = spillDirFor(policy);
    spec.killGraceMs = std::max(0, policy.killGraceMs);
    resolved.spec = std::move(spec);
    return resolved;
}

} // namespace teamai::exec
