#pragma once

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
    explicit FileLock(QString path);
    ~FileLock();
    FileLock(const FileLock &) = delete;
    FileLock &operator=(const FileLock &) = delete;

    /// @brief Waits up to @p timeoutMs for the lock. False when it stays taken (@p busy set) or
    /// the lock file cannot be opened (@p error set).
    bool acquire(int timeoutMs, QString *error = nullptr, bool *busy = nullptr);

private:
    QString m_path;
#ifdef Q_OS_UNIX
    int m_fd = -1;
#else
    std::unique_ptr<QLockFile> m_lock;
#endif
};

} // namespace teamai
