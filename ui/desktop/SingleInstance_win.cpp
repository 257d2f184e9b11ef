#include "desktop/SingleInstance_platform.h"

namespace teamai::ui::singleinstance {

// A named pipe: no file, no length limit to mind.
QString serverName(const QString &, const QString &hash)
{
    return QStringLiteral("teamai-tray-") + hash;
}

} // namespace teamai::ui::singleinstance
