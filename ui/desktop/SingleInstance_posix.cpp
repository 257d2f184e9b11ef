#include "desktop/SingleInstance_platform.h"

#include <QDir>

namespace teamai::ui::singleinstance {
namespace {
// sun_path holds 108 bytes on Linux, 104 on macOS; stay well below.
constexpr int kMaxSocketPath = 100;
} // namespace

// A socket file in the state folder, or in the runtime folder when that path is too long.
QString serverName(const QString &stateDir, const QString &hash)
{
    const QString inState = QDir(stateDir).absoluteFilePath(QStringLiteral("tray.sock"));
    if (inState.toUtf8().size() < kMaxSocketPath)
        return inState;
    const QString runtime = qEnvironmentVariable("XDG_RUNTIME_DIR");
    return (runtime.isEmpty() ? QDir::tempPath() : runtime) + QStringLiteral("/teamai-tray-") + hash + QStringLiteral(".sock");
}

} // namespace teamai::ui::singleinstance
