// The archive module (libteamai-archive.so): ArchiveReader on top of libarchive. Loaded by
// SafeArchive on the first archive it reads, so only processes that unpack a download load
// libarchive and the compression and XML libraries under it.

#include "ondemand/archive/LibArchiveReader_platform.h"
#include "resources/ArchiveReader.h"

#include <QFile>

#include <archive.h>
#include <archive_entry.h>

namespace teamai::resources {
namespace {

class LibArchiveReader final : public ArchiveReader
{
public:
    explicit LibArchiveReader(archive *a)
        : m_archive(a)
    {
    }
    ~LibArchiveReader() override { archive_read_free(m_archive); }
    LibArchiveReader(const LibArchiveReader &) = delete;
    LibArchiveReader &operator=(const LibArchiveReader &) = delete;

    Step nextHeader(Header *header) override
    {
        archive_entry *e = nullptr;
        const int status = archive_read_next_header(m_archive, &e);
        if (status == ARCHIVE_EOF)
            return Step::End;
        if (status != ARCHIVE_OK && status != ARCHIVE_WARN)
            return Step::Failed;
        const char *utf8 = archive_entry_pathname_utf8(e);
        const char *raw = archive_entry_pathname(e);
        header->name = utf8 ? QString::fromUtf8(utf8) : raw ? QFile::decodeName(raw) : QString();
        header->hardLink = archive_entry_hardlink(e) != nullptr;
        const auto type = archive_entry_filetype(e);
        header->type = type == AE_IFLNK || archive_entry_symlink(e) ? Type::Symlink
            : type == AE_IFREG                                      ? Type::Regular
            : type == AE_IFDIR                                      ? Type::Directory
                                                                    : Type::Other;
        header->size = archive_entry_size_is_set(e) ? archive_entry_size(e) : 0;
        header->executable = (archive_entry_perm(e) & 0111) != 0;
        return Step::Ok;
    }

    Step readBlock(const char **data, qint64 *size, qint64 *offset) override
    {
        const void *block = nullptr;
        size_t length = 0;
        la_int64_t at = 0;
        const int status = archive_read_data_block(m_archive, &block, &length, &at);
        if (status == ARCHIVE_EOF)
            return Step::End;
        if (status != ARCHIVE_OK && status != ARCHIVE_WARN)
            return Step::Failed;
        *data = static_cast<const char *>(block);
        *size = qint64(length);
        *offset = qint64(at);
        return Step::Ok;
    }

    QString errorString() const override
    {
        const char *text = archive_error_string(m_archive);
        return text ? QString::fromUtf8(text) : QStringLiteral("unknown error");
    }

private:
    archive *m_archive;
};

} // namespace
} // namespace teamai::resources

extern "C" Q_DECL_EXPORT teamai::resources::ArchiveReader *teamai_open_archive_v1(const QString &path, QString *error)
{
    archive *a = archive_read_new();
    if (!a) {
        *error = QStringLiteral("out of memory");
        return nullptr;
    }
    // Zip is what the backend serves; tar is read so that a hostile tar is judged entry by entry
    // rather than merely "not a zip". The seekable zip reader trusts the central directory, as
    // every unzip tool does. No other format, no compression filter.
    archive_read_support_format_zip_seekable(a);
    archive_read_support_format_tar(a);
    const int opened = teamai::resources::openArchiveFile(a, path, 64 * 1024);
    if (opened != ARCHIVE_OK) {
        const char *text = archive_error_string(a);
        *error = text ? QString::fromUtf8(text) : QStringLiteral("unknown error");
        archive_read_free(a);
        return nullptr;
    }
    return new teamai::resources::LibArchiveReader(a);
}
