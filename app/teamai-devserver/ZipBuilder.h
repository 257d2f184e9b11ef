#pragma once

#include <QByteArray>
#include <QString>

struct archive;

namespace teamai::devserver {

/// @brief Writes an archive in memory with libarchive, entry by entry, exactly as told.
///
/// Nothing is sanitised: the devserver uses it to serve hostile archives (`../x`, absolute paths,
/// links) as well as good ones. Zip is the default; tar exists because a zip cannot hold a
/// hardlink (libarchive writes one as an empty regular file).
class ZipBuilder
{
public:
    enum class Format { Zip, Tar };

    explicit ZipBuilder(Format format = Format::Zip);
    ~ZipBuilder();
    Q_DISABLE_COPY(ZipBuilder)

    void addDirectory(const QString &path);
    void addFile(const QString &path, const QByteArray &content);
    void addSymlink(const QString &path, const QString &target);
    void addHardlink(const QString &path, const QString &target);

    /// @brief Closes the archive and returns its bytes; empty with @p error set on failure.
    QByteArray finish(QString *error);

private:
    void fail(const char *what);

    struct archive *m_archive = nullptr;
    QByteArray m_bytes;
    QString m_error;
    bool m_finished = false;
};

} // namespace teamai::devserver
