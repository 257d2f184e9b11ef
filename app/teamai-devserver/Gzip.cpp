#include "Gzip.h"

#include <archive.h>
#include <archive_entry.h>

#include <memory>

namespace teamai::devserver {

namespace {

la_ssize_t appendTo(struct archive *, void *buffer, const void *data, size_t size)
{
    static_cast<QByteArray *>(buffer)->append(static_cast<const char *>(data), qsizetype(size));
    return la_ssize_t(size);
}

} // namespace

QByteArray gzipOfZeros(qint64 bytes, QString *error)
{
    QByteArray out;
    const std::unique_ptr<struct archive, decltype(&archive_write_free)> writer(archive_write_new(), archive_write_free);
    // The "raw" format writes one entry's data with no archive framing: a plain .gz stream.
    archive_write_add_filter_gzip(writer.get());
    archive_write_set_format_raw(writer.get());
    archive_write_set_bytes_in_last_block(writer.get(), 1);
    if (archive_write_open(writer.get(), &out, nullptr, appendTo, nullptr) != ARCHIVE_OK) {
        *error = QString::fromUtf8(archive_error_string(writer.get()));
        return {};
    }
    const std::unique_ptr<struct archive_entry, decltype(&archive_entry_free)> entry(archive_entry_new(), archive_entry_free);
    archive_entry_set_pathname(entry.get(), "zeros");
    archive_entry_set_filetype(entry.get(), AE_IFREG);
    archive_entry_set_perm(entry.get(), 0644);
    archive_entry_set_size(entry.get(), bytes);
    if (archive_write_header(writer.get(), entry.get()) != ARCHIVE_OK) {
        *error = QString::fromUtf8(archive_error_string(writer.get()));
        return {};
    }
    static const QByteArray chunk(1024 * 1024, '\0');
    for (qint64 left = bytes; left > 0;) {
        const qint64 n = qMin<qint64>(left, chunk.size());
        if (archive_write_data(writer.get(), chunk.constData(), size_t(n)) < 0) {
            *error = QString::fromUtf8(archive_error_string(writer.get()));
            return {};
        }
        left -= n;
    }
    if (archive_write_close(writer.get()) != ARCHIVE_OK) {
        *error = QString::fromUtf8(archive_error_string(writer.get()));
        return {};
    }
    return out;
}

} // namespace teamai::devserver
