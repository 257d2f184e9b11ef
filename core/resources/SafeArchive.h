#pragma once

#include "util/Result.h"

#include <QByteArray>
#include <QList>
#include <QString>

namespace teamai::resources {

/// @brief One entry of an archive that passed the safety checks.
struct ArchiveEntry {
    QString path;        ///< relative, `/`-separated, no `.`/`..` components, no trailing slash
    bool isDir = false;
    qint64 size = 0;     ///< as declared by the header (extraction re-checks the real size)
    bool executable = false;
};

/// @brief Result of SafeArchive::scan().
struct ArchiveScan {
    bool ok = false;
    QString error;       ///< e.g. `Unsafe archive entry: ../evil.txt`
    QList<ArchiveEntry> entries;
};

/// @brief Reads zip archives (and plain tar, so that hostile tars are judged too) with
/// libarchive (through the archive module, see ArchiveReader), refusing the whole archive before anything is written when any entry is
/// absolute, contains a `..` component, is a symlink, a hard link or anything else that is not a
/// regular file or a folder. Extraction writes with our own code (never libarchive's disk
/// writer): only regular files and folders, modes 0644/0755, inside the destination.
///
/// Use: scan() first (it reads headers only), decide what to take from the entry list, then
/// extract() or readFile(). Both re-read the archive and re-apply every check.
class SafeArchive
{
public:
    static constexpr int kMaxEntries = 10000;
    static constexpr qint64 kMaxUnpackedBytes = 256LL * 1024 * 1024;

    /// @brief True when @p path starts like a zip or tar archive (magic bytes).
    static bool looksLikeArchive(const QString &path);

    /// @brief Reads every header of @p path and checks it.
    static ArchiveScan scan(const QString &path);

    /// @brief Writes the entries under @p prefix (a folder path from scan(), or empty for all)
    /// into @p destination (which must exist), stripping the prefix. Scans the whole archive
    /// first, so a refused archive writes nothing; stops at kMaxUnpackedBytes.
    static Status extract(const QString &path, const QString &prefix, const QString &destination);

    /// @brief The content of the regular file @p entryPath, at most @p maxBytes.
    static Result<QByteArray> readFile(const QString &path, const QString &entryPath, qint64 maxBytes);
};

} // namespace teamai::resources
