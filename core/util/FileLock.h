#pragma once

#include "util/Result.h"

#include <QString>

#include <memory>

class QLockFile;

namespace teamai {

/// @brief A lock between processes on one file, held until release() or destruction: the one
/// way the agent locks a file.
///
/// POSIX (FileLock_posix.cpp): an advisory `flock()` on the file. Taking it writes (and fsyncs)
/// nothing, so a full disk cannot make it fail, and the kernel releases it when the holder dies —
/// even by SIGKILL — so it never goes stale. The lock may be on the data file itself: the holder
/// then reads and writes it through descriptor() (last-sync.json, finished-ids). A file replaced
/// or removed while we waited is opened again, so the lock is always on the file the path names.
///
/// Windows (FileLock_win.cpp): a QLockFile (the file holds the holder's pid; a lock whose process
/// died is taken over), always exclusive, no descriptor().
///
/// Not recursive: two FileLocks on one path exclude each other even within one process.
class FileLock
{
public:
    enum class Mode {
        Exclusive,  ///< one holder
        Shared,     ///< any number of Shared holders and no Exclusive one (POSIX; Exclusive elsewhere)
    };
    struct Options {
        Mode mode = Mode::Exclusive;
        /// Create the file when it is missing (0600). Off: a missing file is an error.
        bool create = true;
        /// Remove the file on release(), so that it exists only while someone holds the lock (or
        /// died holding it): whoever waits for the worker looks for `worker-*.lock`.
        bool removeWhenReleased = false;
    };

    /// @brief acquire() waits as long as it takes.
    static constexpr int kWaitForever = -1;

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
    FileLock(QString path, Options options);
    ~FileLock();
    Q_DISABLE_COPY(FileLock)

    /// @brief Waits up to @p timeoutMs (kWaitForever: without end) for the lock. Fails when it
    /// stays taken (busy) or the file cannot be opened or locked (the error says which).
    Attempt acquire(int timeoutMs);
    /// @brief Lets the lock go (and removes the file when the options say so). Idempotent.
    void release();
    bool isHeld() const;
    /// @brief POSIX: the open, locked file (read-only under a Shared lock, read-write otherwise),
    /// for a holder whose lock is its data file. -1 when not held, and always on Windows.
    int descriptor() const;

private:
    QString m_path;
    Options m_options;
    int m_fd = -1;                      ///< POSIX: the locked file
    std::unique_ptr<QLockFile> m_lock;  ///< Windows
};

} // namespace teamai
