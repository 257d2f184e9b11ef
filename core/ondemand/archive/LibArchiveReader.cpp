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
    LibArchiveReader()
        : m_archive(archive_read_new())
    {
    }
    ~LibArchiveReader() override
    {
        if (m_archive)
            archive_read_free(m_archive);
    }
    Q_DISABLE_COPY(LibArchiveReader)

    Status open(const QString &path) override
    {
        if (!m_archive)
            return Error{QStringLiteral("out of memory")};
        // Zip is what the backend serves; tar is read so that a hostile tar is judged entry by
        // entry rather than merely "not a zip". The seekable zip reader trusts the central
        // directory, as every unzip tool does. No other format, no compression filter.
        archive_read_support_format_zip_seekable(m_archive);
        archive_read_support_format_tar(m_archive);
        if (openArchiveFile(m_archive, path, 64 * 1024) != ARCHIVE_OK)
            return Error{libarchiveError()};
        return {};
    }

    Result<std::optional<Header>> nextHeader() override
    {
        archive_entry *e = nullptr;
        const int status = archive_read_next_header(m_archive, &e);
        if (status == ARCHIVE_EOF)
            return std::optional<Header>();
        if (status != ARCHIVE_OK && status != ARCHIVE_WARN)
            return Error{libarchiveError()};
        Header header;
        const char *utf8 = archive_entry_pathname_utf8(e);
        const char *raw = archive_entry_pathname(e);
        header.name = utf8 ? QString::fromUtf8(utf8) : raw ? QFile::decodeName(raw) : QString();
        header.hardLink = archive_entry_hardlink(e) != nullptr;
        const auto type = archive_entry_filetype(e);
        header.type = type == AE_IFLNK || archive_entry_symlink(e) ? Type::Symlink
            : type == AE_IFREG                                     ? Type::Regular
            : type == AE_IFDIR                                     ? Type::Directory
                                                                   : Type::Other;
        header.size = archive_entry_size_is_set(e) ? archive_entry_size(e) : 0;
        header.executable = (archive_entry_perm(e) & 0111) != 0;
        return std::optional<Header>(std::move(header));
    }

    Result<std::optional<Block>> readBlock() override
    {
        const void *block = nullptr;
        size_t length = 0;
        la_int64_t at = 0;
        const int status = archive_read_data_block(m_archive, &block, &length, &at);
        if (status == ARCHIVE_EOF)
            return std::optional<Block>();
        if (status != ARCHIVE_OK && status != ARCHIVE_WARN)
            return Error{libarchiveError()};
        return std::optional<Block>(Block{static_cast<const char *>(block), qint64(length), qint64(at)});
    }

private:
    QString libarchiveError() const
    {
        const char *text = archive_error_string(m_archive);
        return text ? QString::fromUtf8(text) : QStringLiteral("unknown error");
    }

    archive *m_archive;
};

} // namespace
} // namespace teamai::resources

extern "C" Q_DECL_EXPORT teamai::resources::ArchiveReader *teamai_archive_reader_v2()
{
    return new teamai::resources::LibArchiveReader();
}
