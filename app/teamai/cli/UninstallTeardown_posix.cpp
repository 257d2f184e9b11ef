#include "cli/UninstallTeardown_platform.h"

#include <QFile>
#include <QFileInfo>

namespace teamai::cli::teardown {

bool autostartPresent()
{
    return QFileInfo::exists(autostartLocation());
}

bool removeAutostart()
{
    return QFile::remove(autostartLocation());
}

} // namespace teamai::cli::teardown
