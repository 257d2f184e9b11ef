#pragma once

#include <QFile>
#include <QString>

#include <sys/stat.h>

namespace teamai::test {

/// @brief The permission bits of @p path (e.g. 0600), or -1 when it cannot be stat'ed. Plain
/// mode bits read better in a test than QFile::permissions(), which also sets the "User" flags.
inline int fileMode(const QString &path)
{
    struct stat st {};
    if (::stat(QFile::encodeName(path).constData(), &st) != 0)
        return -1;
    return int(st.st_mode & 07777);
}

} // namespace teamai::test
