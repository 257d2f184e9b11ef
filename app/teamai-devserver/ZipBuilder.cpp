#include "ZipBuilder.h"

#include <archive.h>
#include <archive_entry.h>

#include <memory>

namespace teamai::devserver {

namespace {

// A fixed timestamp keeps generated archives byte-identical between runs.
constexpr time_t entryTime = 1704067200; // 2024-01-01T00:00:00Z

struct EntryDeleter
{
    void operator()(archive_entry *entry) const { archive_entry_free(entry); }
};
using Entry = std::unique_ptr<archive_entry, EntryDeleter>;

Entry makeEntry(const QString &path, mode_t type, mode_t permissions)
{
    Entry entry(archive_entry_new());
    archive_entry_set_pathname_utf8(entry.get(), path.toUtf8().constData());
    archive_entry_set_filetype(entry.get(), type);
    archive_entry_set_perm(entry.get(), permissions);
    archive_entry_set_mtime(entry.get(), entryTime, 0);
    return entry;
}

la_ssize_t appendToByteArray(struct archive *, void *bytes, const void *buffer, size_t length)
{
    static_cast<QByteArray *>(bytes)->append(static_cast<const char *>(buffer), qsizetype(length));
    return la_ssize_t(length);
}

} // namespace

ZipBuilder::ZipBuilder(Format format)
    : m_archive(archive_write_new())
{
    const int rc = format == Format::Zip ? archive_write_set_format_zip(m_archive)
                                         : archive_write_set_format_pax_restricted(m_archive);
    if (rc != ARCHIVE_OK)
        fail("set format");
    // Without this the tar writer pads the last block to 10 KiB of zeros.
    archive_write_set_bytes_in_last_block(m_archive, 1);
    if (archive_write_open(m_archive, &m_bytes, nullptr, &appendToByteArray, nullptr) != ARCHIVE_OK)
        fail("open");
}

ZipBuilder::~ZipBuilder()
{
    archive_write_free(m_archive);
}

void ZipBuilder::fail(const char *what)
{
    if (m_error.isEmpty()) {
        const char *detail = archive_error_string(m_archive);
        m_error = QStringLiteral("libarchive %1 failed: %2")
                      .arg(QLatin1String(what), detail ? QString::fromUtf8(detail) : QStringLiteral("unknown error"));
    }
}

void ZipBuilder::addDirectory(const QString &path)
{
    const Entry entry = makeEntry(path.endsWith(QLatin1Char('/')) ? path : path + QLatin1Char('/'), AE_IFDIR, 0755);
    if (archive_write_header(m_archive, entry.get()) != ARCHIVE_OK)
        fail("write directory header");
}

void ZipBuilder::addFile(const QString &path, const QByteArray &content)
{
    const Entry entry = makeEntry(path, AE_IFREG, 0644);
    archive_entry_set_size(entry.get(), content.size());
    if (archive_write_header(m_archive, entry.get()) != ARCHIVE_OK) {
        fail("write file header");
        return;
    }
    if (!content.isEmpty() && archive_write_data(m_archive, content.constData(), size_t(content.size())) < 0)
        fail("write file data");
}

void ZipBuilder::addSymlink(const QString &path, const QString &target)
{
    const Entry entry = makeEntry(path, AE_IFLNK, 0777);
    archive_entry_set_symlink_utf8(entry.get(), target.toUtf8().constData());
    if (archive_write_header(m_archive, entry.get()) != ARCHIVE_OK)
        fail("write symlink header");
}

void ZipBuilder::addHardlink(const QString &path, const QString &target)
{
    const Entry entry = makeEntry(path, AE_IFREG, 0644);
    archive_entry_set_hardlink_utf8(entry.get(), target.toUtf8().constData());
    archive_entry_set_size(entry.get(), 0);
    if (archive_write_header(m_archive, entry.get()) != ARCHIVE_OK)
        fail("write hardlink header");
}

QByteArray ZipBuilder::finish(QString *error)
{
    if (!m_finished) {
        m_finished = true;
        if (archive_write_close(m_archive) != ARCHIVE_OK)
            fail("close");
    }
    if (!m_error.isEmpty()) {
        *error = m_error;
        return {};
    }
    return m_bytes;
}

} // namespace teamai::devserver
