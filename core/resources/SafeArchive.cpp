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
Result<Reader> openArchive(const QString &path)
{
    const Result<void *> entry = RuntimeModule::resolve("archive", kArchiveReaderSymbol);
    if (!entry)
        return Error{QStringLiteral("Cannot read archives: %1").arg(entry.error())};
    Reader reader(reinterpret_cast<ArchiveReaderEntry>(*entry)());
    if (const Status opened = reader->open(path); !opened)
        return Error{QStringLiteral("Not a zip archive: %1").arg(opened.error())};
    return reader;
}

/// Checks one header: the entry, or why the whole archive must be refused. An entry that names
/// the root folder itself ("./") comes back with an empty path.
Result<ArchiveEntry> checkEntry(const ArchiveReader::Header &header)
{
    const QString &name = header.name;
    if (name.isEmpty())
        return Error{QStringLiteral("Unsafe archive entry: an entry without a name")};
    if (header.hardLink)
        return Error{QStringLiteral("Unsafe archive entry: %1 (hard link)").arg(name)};
    if (header.type == ArchiveReader::Type::Symlink)
        return Error{QStringLiteral("Unsafe archive entry: %1 (symbolic link)").arg(name)};
    if (header.type != ArchiveReader::Type::Regular && header.type != ArchiveReader::Type::Directory)
        return Error{QStringLiteral("Unsafe archive entry: %1 (not a regular file or folder)").arg(name)};
    // Windows tools write `\`; treat it as a separator so `..\x` is caught as well.
    QString normalized = name;
    normalized.replace(u'\\', u'/');
    const bool driveLetter = normalized.size() >= 2 && normalized.at(1) == u':' && normalized.at(0).isLetter();
    if (normalized.startsWith(u'/') || driveLetter)
        return Error{QStringLiteral("Unsafe archive entry: %1").arg(name)};
    QStringList parts;
    for (const QString &part : normalized.split(u'/', Qt::SkipEmptyParts)) {
        if (part == QLatin1String("."))
            continue;
        if (part == QLatin1String(".."))
            return Error{QStringLiteral("Unsafe archive entry: %1").arg(name)};
        for (const QChar c : part) {
            if (c.category() == QChar::Other_Control)
                return Error{QStringLiteral("Unsafe archive entry: %1 (control character in the name)").arg(name)};
        }
        parts.append(part);
    }
    return ArchiveEntry{parts.join(u'/'), header.type == ArchiveReader::Type::Directory, header.size, header.executable};
}

/// Runs @p visit on every checked entry; stops at the first refusal, at @p visit's first error,
/// or when @p visit answers false (no need to go on). An entry's data that @p visit does not read
/// is skipped.
template<typename Visit>
Status forEachEntry(const QString &path, Visit visit)
{
    const Result<Reader> reader = openArchive(path);
    if (!reader)
        return Error{reader.error()};
    int count = 0;
    for (;;) {
        const Result<std::optional<ArchiveReader::Header>> header = (*reader)->nextHeader();
        if (!header)
            return Error{QStringLiteral("Damaged archive: %1").arg(header.error())};
        if (!header->has_value())
            return {};
        if (++count > SafeArchive::kMaxEntries)
            return Error{QStringLiteral("Archive has more than %1 entries").arg(SafeArchive::kMaxEntries)};
        const Result<ArchiveEntry> entry = checkEntry(**header);
        if (!entry)
            return Error{entry.error()};
        const Result<bool> goOn = visit(**reader, *entry);
        if (!goOn)
            return Error{goOn.error()};
        if (!*goOn)
            return {};
    }
}

QString tooLargeError()
{
    return QStringLiteral("Archive too large when unpacked: more than %1 MiB")
        .arg(SafeArchive::kMaxUnpackedBytes / (1024 * 1024));
}

/// Writes the data of the archive's current entry to @p target with the entry's mode;
/// @p written counts the bytes unpacked so far, for the size limit.
Status writeRegularFile(ArchiveReader &reader, const ArchiveEntry &entry, const QString &target, qint64 *written)
{
    // The destination is a fresh folder of ours that only ever receives regular files and
    // folders, so nothing in it can redirect this write elsewhere.
    QFile out(target);
    if (!out.open(QIODevice::WriteOnly | QIODevice::Truncate))
        return Error{QStringLiteral("Cannot write %1: %2").arg(target, out.errorString())};
    for (;;) {
        const Result<std::optional<ArchiveReader::Block>> block = reader.readBlock();
        if (!block)
            return Error{QStringLiteral("Damaged archive: %1").arg(block.error())};
        if (!block->has_value())
            break;
        const auto [data, size, offset] = **block;
        *written += size;
        if (*written > SafeArchive::kMaxUnpackedBytes)
            return Error{tooLargeError()};
        // Sparse entries come with offsets; seek so holes stay holes.
        if (out.pos() != offset && !out.seek(offset))
            return Error{QStringLiteral("Cannot write %1: %2").arg(target, out.errorString())};
        if (out.write(data, size) != size)
            return Error{QStringLiteral("Cannot write %1: %2").arg(target, out.errorString())};
    }
    out.close();
    const auto mode = QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ReadGroup | QFileDevice::ReadOther;
    const auto exec = QFileDevice::ExeOwner | QFileDevice::ExeGroup | QFileDevice::ExeOther;
    QFile::setPermissions(target, entry.executable ? mode | exec : mode);
    return {};
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
    const Status read = forEachEntry(path, [&](ArchiveReader &, const ArchiveEntry &entry) -> Result<bool> {
        declared += entry.size;
        if (declared > kMaxUnpackedBytes)
            return Error{tooLargeError()};
        if (!entry.path.isEmpty())
            result.entries.append(entry);
        return true;
    });
    result.ok = read.ok();
    result.error = read.error();
    if (!result.ok)
        result.entries.clear();
    return result;
}

Status SafeArchive::extract(const QString &path, const QString &prefix, const QString &destination)
{
    // Judge the whole archive first: a refused archive writes nothing, not even its first entries.
    const ArchiveScan checked = scan(path);
    if (!checked.ok)
        return Error{checked.error};
    const QDir dest(destination);
    qint64 written = 0;
    return forEachEntry(path, [&](ArchiveReader &reader, const ArchiveEntry &entry) -> Result<bool> {
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
            if (!QDir().mkpath(target))
                return Error{QStringLiteral("Cannot create folder %1").arg(target)};
            return true;
        }
        if (!QDir().mkpath(QFileInfo(target).absolutePath()))
            return Error{QStringLiteral("Cannot create folder %1").arg(QFileInfo(target).absolutePath())};
        if (const Status file = writeRegularFile(reader, entry, target, &written); !file)
            return Error{file.error()};
        return true;
    });
}

Result<QByteArray> SafeArchive::readFile(const QString &path, const QString &entryPath, qint64 maxBytes)
{
    bool found = false;
    QByteArray content;
    const Status read = forEachEntry(path, [&](ArchiveReader &reader, const ArchiveEntry &entry) -> Result<bool> {
        if (entry.isDir || entry.path != entryPath)
            return true;
        found = true;
        for (;;) {
            const Result<std::optional<ArchiveReader::Block>> block = reader.readBlock();
            if (!block)
                return Error{QStringLiteral("Damaged archive: %1").arg(block.error())};
            if (!block->has_value())
                return false;  // read whole: no need to look further
            const auto [data, size, offset] = **block;
            if (offset < content.size() || offset + size > maxBytes) {
                return Error{offset < content.size() ? QStringLiteral("Damaged archive: %1 has overlapping data").arg(entryPath)
                                                     : QStringLiteral("%1 is larger than %2 MiB").arg(entryPath).arg(maxBytes / (1024 * 1024))};
            }
            content.append(QByteArray(offset - content.size(), '\0'));  // a sparse entry's hole
            content.append(data, size);
        }
    });
    if (!read)
        return Error{read.error()};
    if (!found)
        return Error{QStringLiteral("%1 is not in the archive").arg(entryPath)};
    return content;
}

} // namespace teamai::resources
