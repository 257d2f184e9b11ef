#include "resources/SafeArchive.h"

#include "util/RuntimeModule.h"
#include "resources/ArchiveReader.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>

#include <memory>

namespace teamai::resources {
namespace {

using Reader = std::unique_ptr<ArchiveReader>;

// Opens @p path with the archive module, loaded on first use (see RuntimeModule for why).
Reader openArchive(const QString &path, QString *error)
{
    const Result<void *> entry = RuntimeModule::resolve("archive", kArchiveReaderSymbol);
    if (!entry) {
        *error = QStringLiteral("Cannot read archives: %1").arg(entry.error());
        return nullptr;
    }
    Reader reader(reinterpret_cast<ArchiveReaderEntry>(*entry)());
    if (const Status opened = reader->open(path); !opened) {
        *error = QStringLiteral("Not a zip archive: %1").arg(opened.error());
        return nullptr;
    }
    return reader;
}

/// Checks one header. Returns false with @p error set when the whole archive must be refused;
/// true with an empty @p entry.path for an entry that names the root folder itself ("./").
bool checkEntry(const ArchiveReader::Header &header, ArchiveEntry *entry, QString *error)
{
    const QString &name = header.name;
    if (name.isEmpty()) {
        *error = QStringLiteral("Unsafe archive entry: an entry without a name");
        return false;
    }
    if (header.hardLink) {
        *error = QStringLiteral("Unsafe archive entry: %1 (hard link)").arg(name);
        return false;
    }
    if (header.type == ArchiveReader::Type::Symlink) {
        *error = QStringLiteral("Unsafe archive entry: %1 (symbolic link)").arg(name);
        return false;
    }
    if (header.type != ArchiveReader::Type::Regular && header.type != ArchiveReader::Type::Directory) {
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
    entry->isDir = header.type == ArchiveReader::Type::Directory;
    entry->size = header.size;
    entry->executable = header.executable;
    return true;
}

/// Runs @p visit on every checked entry; stops at the first refusal or when @p visit returns false.
/// An entry's data that @p visit does not read is skipped.
template<typename Visit>
bool forEachEntry(const QString &path, QString *error, Visit visit)
{
    Reader reader = openArchive(path, error);
    if (!reader)
        return false;
    int count = 0;
    for (;;) {
        const Result<std::optional<ArchiveReader::Header>> header = reader->nextHeader();
        if (!header) {
            *error = QStringLiteral("Damaged archive: %1").arg(header.error());
            return false;
        }
        if (!header->has_value())
            return true;
        if (++count > SafeArchive::kMaxEntries) {
            *error = QStringLiteral("Archive has more than %1 entries").arg(SafeArchive::kMaxEntries);
            return false;
        }
        ArchiveEntry entry;
        if (!checkEntry(**header, &entry, error))
            return false;
        bool keepGoing = true;
        if (!visit(*reader, entry, &keepGoing))
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

/// Writes the data of the archive's current entry to @p target with the entry's mode;
/// @p written counts the bytes unpacked so far, for the size limit.
bool writeRegularFile(ArchiveReader &reader, const ArchiveEntry &entry, const QString &target, qint64 *written, QString *error)
{
    // The destination is a fresh folder of ours that only ever receives regular files and
    // folders, so nothing in it can redirect this write elsewhere.
    QFile out(target);
    if (!out.open(QIODevice::WriteOnly | QIODevice::Truncate)) {
        *error = QStringLiteral("Cannot write %1: %2").arg(target, out.errorString());
        return false;
    }
    for (;;) {
        const Result<std::optional<ArchiveReader::Block>> block = reader.readBlock();
        if (!block) {
            *error = QStringLiteral("Damaged archive: %1").arg(block.error());
            return false;
        }
        if (!block->has_value())
            break;
        const auto [data, size, offset] = **block;
        *written += size;
        if (*written > SafeArchive::kMaxUnpackedBytes) {
            *error = tooLargeError();
            return false;
        }
        // Sparse entries come with offsets; seek so holes stay holes.
        if (out.pos() != offset && !out.seek(offset)) {
            *error = QStringLiteral("Cannot write %1: %2").arg(target, out.errorString());
            return false;
        }
        if (out.write(data, size) != size) {
            *error = QStringLiteral("Cannot write %1: %2").arg(target, out.errorString());
            return false;
        }
    }
    out.close();
    const auto mode = QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ReadGroup | QFileDevice::ReadOther;
    const auto exec = QFileDevice::ExeOwner | QFileDevice::ExeGroup | QFileDevice::ExeOther;
    QFile::setPermissions(target, entry.executable ? mode | exec : mode);
    return true;
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
    result.ok = forEachEntry(path, &result.error, [&](ArchiveReader &, const ArchiveEntry &entry, bool *) {
        declared += entry.size;
        if (declared > kMaxUnpackedBytes) {
            result.error = tooLargeError();
            return false;
        }
        if (!entry.path.isEmpty())
            result.entries.append(entry);
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
    return forEachEntry(path, error, [&](ArchiveReader &reader, const ArchiveEntry &entry, bool *) {
        QString relative = entry.path;
        if (!prefix.isEmpty()) {
            if (!relative.startsWith(prefix + u'/'))
                return true;
            relative = relative.mid(prefix.size() + 1);
        }
        if (relative.isEmpty())
            return true;
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
        return writeRegularFile(reader, entry, target, &written, error);
    });
}

bool SafeArchive::readFile(const QString &path, const QString &entryPath, qint64 maxBytes, QByteArray *content,
                           QString *error)
{
    bool found = false;
    const bool ok = forEachEntry(path, error, [&](ArchiveReader &reader, const ArchiveEntry &entry, bool *keepGoing) {
        if (entry.isDir || entry.path != entryPath)
            return true;
        found = true;
        *keepGoing = false;
        content->clear();
        for (;;) {
            const Result<std::optional<ArchiveReader::Block>> block = reader.readBlock();
            if (!block) {
                *error = QStringLiteral("Damaged archive: %1").arg(block.error());
                return false;
            }
            if (!block->has_value())
                return true;
            const auto [data, size, offset] = **block;
            if (offset < content->size() || offset + size > maxBytes) {
                *error = offset < content->size() ? QStringLiteral("Damaged archive: %1 has overlapping data").arg(entryPath)
                                                  : QStringLiteral("%1 is larger than %2 MiB").arg(entryPath).arg(maxBytes / (1024 * 1024));
                return false;
            }
            content->append(QByteArray(offset - content->size(), '\0'));  // a sparse entry's hole
            content->append(data, size);
        }
    });
    if (ok && !found) {
        *error = QStringLiteral("%1 is not in the archive").arg(entryPath);
        return false;
    }
    return ok;
}

} // namespace teamai::resources
