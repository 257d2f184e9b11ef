#pragma once

// Builds small zip and tar archives in memory for tests, including hostile ones (entries with
// `..`, absolute paths, symlinks, hard links) that no well-behaved tool would write.

#include <QByteArray>
#include <QList>
#include <QString>

#include <archive.h>
#include <archive_entry.h>

namespace teamai::test {

struct TestEntry {
    enum class Type { File, Dir, Symlink, Hardlink };
    QString path;
    QByteArray content;
    Type type = Type::File;
    QString target;  ///< symlink / hardlink target
    int perm = 0644;
};

inline TestEntry fileEntry(const QString &path, const QByteArray &content)
{
    return TestEntry{path, content, TestEntry::Type::File, QString(), 0644};
}

inline TestEntry dirEntry(const QString &path)
{
    return TestEntry{path, QByteArray(), TestEntry::Type::Dir, QString(), 0755};
}

inline TestEntry linkEntry(const QString &path, const QString &target, bool hard = false)
{
    return TestEntry{path, QByteArray(), hard ? TestEntry::Type::Hardlink : TestEntry::Type::Symlink, target, 0777};
}

/// @brief The archive bytes; @p tar selects a POSIX tar instead of a zip.
inline QByteArray makeArchive(const QList<TestEntry> &entries, bool tar = false)
{
    archive *a = archive_write_new();
    if (tar)
        archive_write_set_format_pax_restricted(a);
    else
        archive_write_set_format_zip(a);
    QByteArray buffer(4 * 1024 * 1024, '\0');
    size_t used = 0;
    archive_write_open_memory(a, buffer.data(), size_t(buffer.size()), &used);
    for (const TestEntry &e : entries) {
        archive_entry *entry = archive_entry_new();
        const QByteArray path = e.path.toUtf8();
        archive_entry_set_pathname(entry, path.constData());
        archive_entry_set_perm(entry, e.perm);
        const QByteArray target = e.target.toUtf8();
        switch (e.type) {
        case TestEntry::Type::File:
            archive_entry_set_filetype(entry, AE_IFREG);
            archive_entry_set_size(entry, e.content.size());
            break;
        case TestEntry::Type::Dir:
            archive_entry_set_filetype(entry, AE_IFDIR);
            archive_entry_set_size(entry, 0);
            break;
        case TestEntry::Type::Symlink:
            archive_entry_set_filetype(entry, AE_IFLNK);
            archive_entry_set_symlink(entry, target.constData());
            archive_entry_set_size(entry, 0);
            break;
        case TestEntry::Type::Hardlink:
            archive_entry_set_filetype(entry, AE_IFREG);
            archive_entry_set_hardlink(entry, target.constData());
            archive_entry_set_size(entry, 0);
            break;
        }
        archive_write_header(a, entry);
        if (e.type == TestEntry::Type::File && !e.content.isEmpty())
            archive_write_data(a, e.content.constData(), size_t(e.content.size()));
        archive_entry_free(entry);
    }
    archive_write_close(a);
    archive_write_free(a);
    buffer.truncate(qsizetype(used));
    return buffer;
}

} // namespace teamai::test
