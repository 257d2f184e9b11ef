#include "resources/DirectorySwap_platform.h"

#include "util/PosixFile.h"

#include <QFile>

#include <cerrno>
#include <cstdio>
#include <fcntl.h>

namespace teamai::resources::dirswap::platform {

Result<Exchange> exchange(const QString &a, const QString &b)
{
#ifdef RENAME_EXCHANGE
    if (::renameat2(AT_FDCWD, QFile::encodeName(a).constData(), AT_FDCWD, QFile::encodeName(b).constData(),
                    RENAME_EXCHANGE) == 0)
        return Exchange::Done;
    if (errno == ENOSYS || errno == EINVAL || errno == ENOTSUP)
        return Exchange::Unsupported;
    return Error{posixfile::errorText(errno)};
#else
    Q_UNUSED(a)
    Q_UNUSED(b)
    return Exchange::Unsupported;  // a C library without renameat2
#endif
}

} // namespace teamai::resources::dirswap::platform
