#pragma once

#include <QByteArray>
#include <QString>

namespace teamai::hookpayload {

/// @brief What readAndRemove() found.
struct FileRead {
    QByteArray bytes;   ///< the payload; empty when the file was refused or unreadable
    bool removed = false;
    QString problem;    ///< why it was refused, not read or not removed (logged, never fatal)
};

/// @brief `--stdin-file F`: the hook payload the reference client's detached spawner spools to a
/// file. Reads at most @p maxBytes of @p path, then removes it, as the reference does — but only a
/// regular file owned by this user (POSIX), never through a link, and never a directory, a FIFO
/// or a device; a file with more than one name is read but not removed. Any problem leaves an
/// empty payload and the file in place: a hook's round never stops over it.
FileRead readAndRemove(const QString &path, qint64 maxBytes = 1024 * 1024);

} // namespace teamai::hookpayload
