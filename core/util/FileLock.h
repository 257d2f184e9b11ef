#pragma once

#include "util/Result.h"

#include <QString>

#include <memory>

class QLockFile;

namespace teamai {

/// @brief An exclusive lock between processes on a lock file, held until destruction.
///
/// On POSIX it is an advisory `flock()`: taking it writes (and fsyncs) nothing, and the kernel
/// releases it when the holder dies, so it can never go stale. Elsewhere a QLockFile. Not
/// recursive: two FileLocks on one path exclude each other even within one process.
class FileLock
{
public:
    /// @brief The outcome of acquire(): taken, or why not — and whether only because another
    /// process holds it (busy), which callers word as "try again" rather than as a fault.
    struct [[nodiscard]] Attempt {
        Status status;
        bool busy = false;

        bool ok() const { return status.ok(); }
        explicit operator bool() const { return ok(); }
        QString error() const { return status.error(); }
    };

    explicit FileLock(QString path);
    ~FileLock();
    FileLock(const FileLock &) = delete;
    FileLock &operator=(const FileLock &) = delete;

    /// @brief Waits up to @p timeoutMs for the lock. Fails when it stays taken (busy) or the lock
    /// file cannot be opened or locked.
    Attempt acquire(int timeoutMs);

private:
    QString m_path;
#ifdef Q_OS_UNIX
    int m_fd = -1;
#else
    std::unique_ptr<QLockFile> m_lock;
#endif
};

} // namespace teamai
