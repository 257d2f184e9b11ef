#include "resources/SafeArchive.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>

#include <archive.h>
#include <archive_entry.h>

#include <memory>

namespace teamai::resources {
namespace {

struct ArchiveFree {
    void operator()(archive *a) const { archive_read_free(a); }
};
using ArchivePtr = std::unique_ptr<archive, ArchiveFree>;

QString archiveError(archive *a)
{
    const char *text = archive_error_string(a);
    return text ? QString::fromUtf8(text) : QStringLiteral("unknown error");
}

ArchivePtr openArchive(const QString &path, QString *error)
{
    ArchivePtr a(archive_read_new());
    if (!a) {
        *error = QStringLiteral("Cannot read the archive: out of memory");
        return nullptr;
    }
    // Zip is what the backend serves; tar is read so that a hostile tar is judged entry by entry
    // rather than merely "not a zip". The seekable zip reader trusts the central directory, as
    // every unzip tool does. No other format, no compression filter.
    archive_read_support_format_zip_seekable(a.get());
    archive_read_support_format_tar(a.get());
#ifdef Q_OS_WIN
    // The 8-bit API would mangle a user name outside the ANSI code page.
    const int opened = archive_read_open_filename_w(a.get(), reinterpret_cast<const wchar_t *>(path.utf16()), 64 * 1024);
#else
    const int opened = archive_read_open_filename(a.get(), QFile::encodeName(path).constData(), 64 * 1024);
#endif
    if (opened != ARCHIVE_OK) {
        *error = QStringLiteral("Not a zip archive: %1").arg(archiveError(a.get()));
        return nullptr;
    }
    return a;
}

/// Checks one header. Returns false with @p error set when the whole archive must be refused;
/// true with an empty @p entry.path for an entry that names the root folder itself ("./").
bool checkEntry(archive_entry *e, ArchiveEntry *entry, QString *error)
{
    const char *utf8 = archive_entry_pathname_utf8(e);
    const char *raw = archive_entry_pathname(e);
    const QString name = utf8 ? QString::fromUtf8(utf8) : raw ? QFile::decodeName(raw) : QString();
    if (name.isEmpty()) {
        *error = QStringLiteral("Unsafe archive entry: an entry without a name");
        return false;
    }
    if (archive_entry_hardlink(e)) {
        *error = QStringLiteral("Unsafe archive entry: %1 (hard link)").arg(name);
        return false;
    }
    const auto type = archive_entry_filetype(e);
    if (type == AE_IFLNK || archive_entry_symlink(e)) {
        *error = QStringLiteral("Unsafe archive entry: %1 (symbolic link)").arg(name);
        return false;
    }
    if (type != AE_IFREG && type != AE_IFDIR) {
        *error = QStringLiteral("Unsafe archive entry: %1 (not a regular file or folder)").arg(name);
        return false;
    }
    // Windows tools write `\`; treat it as a separator so `..\x` is caught as well.
    QString normalized = name;
    normalized.replace(u'\\', u'/');
    const bool driveLetter = normalized.size() >= 2 && normalized.at(1) == u':' && normalized.at(0).isLetter();
    if (normalized.startsWith(u'/') || driveLetter) {
        *error = QStringLiteral("Unsafe archive entry: %1").arg(name);
        return false;
    }
    QStringList parts;
    for (const QString &part : normalized.split(u'/', Qt::SkipEmptyParts)) {
        if (part == QLatin1String("."))
            continue;
        if (part == QLatin1String("..")) {
            *error = QStringLiteral("Unsafe archive entry: %1").arg(name);
            return false;
        }
        for (const QChar c : part) {
            if (c.category() == QChar::Other_Control) {
                *error = QStringLiteral("Unsafe archive entry: %1 (control character in the name)").arg(name);
                return false;
            }
        }
        parts.append(part);
    }
    entry->path = parts.join(u'/');
    entry->isDir = type == AE_IFDIR;
    entry->size = archive_entry_size_is_set(e) ? archive_entry_size(e) : 0;
    entry->executable = (archive_entry_perm(e) & 0111) != 0;
    return true;
}

/// Runs @p visit on every checked entry; stops at the first refusal or when @p visit returns false.
template<typename Visit>
bool forEachEntry(const QString &path, QString *error, Visit visit)
{
    ArchivePtr a = openArchive(path, error);
    if (!a)
        return false;
    archive_entry *e = nullptr;
    int count = 0;
    for (;;) {
        const int status = archive_read_next_header(a.get(), &e);
        if (status == ARCHIVE_EOF)
            return true;
        if (status != ARCHIVE_OK && status != ARCHIVE_WARN) {
            *error = QStringLiteral("Damaged archive: %1").arg(archiveError(a.get()));
            return false;
        }
        if (++count > SafeArchive::kMaxEntries) {
            *error = QStringLiteral("Archive has more than %1 entries").arg(SafeArchive::kMaxEntries);
            return false;
        }
        ArchiveEntry entry;
        if (!checkEntry(e, &entry, error))
            return false;
        bool keepGoing = true;
        if (!visit(a.get(), entry, &keepGoing))
            return false;
        if (!keepGoing)
            return true;
    }
}

QString tooLargeError()
{
    return QStringLiteral("Archive too large when unpacked: more than %1 MiB")
        .arg(SafeArchive::kMaxUnpackedBytes / (1024 * 1024));
}

} // namespace

bool SafeArchive::looksLikeArchive(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return false;
    const QByteArray head = file.read(512);
    if (head.startsWith("PK\x03\x04") || head.startsWith("PK\x05\x06"))
        return true;
    return head.size() >= 262 && head.mid(257, 5) == "ustar";
}

ArchiveScan SafeArchive::scan(const QString &path)
{
    ArchiveScan result;
    qint64 declared = 0;
    result.ok = forEachEntry(path, &result.error, [&](archive *a, const ArchiveEntry &entry, bool *) {
        declared += entry.size;
        if (declared > kMaxUnpackedBytes) {
            result.error = tooLargeError();
            return false;
        }
        if (!entry.path.isEmpty())
            result.entries.append(entry);
        archive_read_data_skip(a);
        return true;
    });
    if (!result.ok)
        result.entries.clear();
    return result;
}

bool SafeArchive::extract(const QString &path, const QString &prefix, const QString &destination, QString *error)
{
    // Judge the whole archive first: a refused archive writes nothing, not even its first entries.
    const ArchiveScan checked = scan(path);
    if (!checked.ok) {
        *error = checked.error;
        return false;
    }
    const QDir dest(destination);
    qint64 written = 0;
    return forEachEntry(path, error, [&](archive *a, const ArchiveEntry &entry, bool *) {
        QString relative = entry.path;
        if (!prefix.isEmpty()) {
            if (!relative.startsWith(prefix + u'/')) {
                archive_read_data_skip(a);
                return true;
            }
            relative = relative.mid(prefix.size() + 1);
        }
        if (relative.isEmpty()) {
            archive_read_data_skip(a);
            return true;
        }
        const QString target = dest.filePath(relative);
        if (entry.isDir) {
            if (!QDir().mkpath(target)) {
                *error = QStringLiteral("Cannot create folder %1").arg(target);
                return false;
            }
            return true;
        }
        if (!QDir().mkpath(QFileInfo(target).absolutePath())) {
            *error = QStringLiteral("Cannot create folder %1").arg(QFileInfo(target).absolutePath());
            return false;
        }
        // The destination is a fresh folder of ours that only ever receives regular files and
        // folders, so nothing in it can redirect this write elsewhere.
        QFile out(target);
        if (!out.open(QIODevice::WriteOnly | QIODevice::Truncate)) {
            *error = QStringLiteral("Cannot write %1: %2").arg(target, out.errorString());
            return false;
        }
        const void *block = nullptr;
        size_t size = 0;
        la_int64_t offset = 0;
        for (;;) {
            const int status = archive_read_data_block(a, &block, &size, &offset);
            if (status == ARCHIVE_EOF)
                break;
            if (status != ARCHIVE_OK && status != ARCHIVE_WARN) {
                *error = QStringLiteral("Damaged archive: %1").arg(archiveError(a));
                return false;
            }
            written += qint64(size);
            if (written > kMaxUnpackedBytes) {
                *error = tooLargeError();
                return false;
            }
            // Sparse entries come with offsets; seek so holes stay holes.
            if (out.pos() != offset && !out.seek(offset)) {
                *error = QStringLiteral("Cannot write %1: %2").arg(target, out.errorString());
                return false;
            }
            if (out.write(static_cast<const char *>(block), qint64(size)) != qint64(size)) {
                *error = QStringLiteral("Cannot write %1: %2").arg(target, out.errorString());
                return false;
            }
        }
        out.close();
        const auto mode = QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ReadGroup | QFileDevice::ReadOther;
        const auto exec = QFileDevice::ExeOwner | QFileDevice::ExeGroup | QFileDevice::ExeOther;
        QFile::setPermissions(target, entry.executable ? mode | exec : mode);
        return true;
    });
}

bool SafeArchive::readFile(const QString &path, const QString &entryPath, qint64 maxBytes, QByteArray *content,
                           QString *error)
{
    bool found = false;
    const bool ok = forEachEntry(path, error, [&](archive *a, const ArchiveEntry &entry, bool *keepGoing) {
        if (entry.isDir || entry.path != entryPath) {
            archive_read_data_skip(a);
            return true;
        }
        found = true;
        *keepGoing = false;
        content->clear();
        char buffer[64 * 1024];
        for (;;) {
            const la_ssize_t n = archive_read_data(a, buffer, sizeof buffer);
            if (n == 0)
                return true;
            if (n < 0) {
                *error = QStringLiteral("Damaged archive: %1").arg(archiveError(a));
                return false;
            }
            if (content->size() + n > maxBytes) {
                *error = QStringLiteral("%1 is larger than %2 MiB").arg(entryPath).arg(maxBytes / (1024 * 1024));
                return false;
            }
            content->append(buffer, n);
        }
    });
    if (ok && !found) {
        *error = QStringLiteral("%1 is not in the archive").arg(entryPath);
        return false;
    }
    return ok;
}

} // namespace teamai::resources
