#include "util/SafePath_platform.h"

#include "util/JsonFile.h"

namespace teamai::safepath::platform {

// The path was checked just before; Windows has no openat() to hold the folder meanwhile. Not
// built on the Linux CI machines: review by reading.
Status writeChecked(const Resolved &checked, const QString &, const QByteArray &bytes,
                    QFileDevice::Permissions permissions)
{
    return jsonfile::writeAtomically(checked.realPath, bytes, permissions);
}

} // namespace teamai::safepath::platform
