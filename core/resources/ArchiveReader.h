#pragma once

#include <QString>
#include <QtGlobal>

namespace teamai::resources {

/// @brief Reads an archive entry by entry: what the archive module (`core/ondemand/archive`,
/// libarchive) offers SafeArchive, which applies every safety rule itself. Shared by the agent
/// and the module, which are always built together.
class ArchiveReader
{
public:
    enum class Type { Regular, Directory, Symlink, Other };

    /// @brief One entry's header, as the archive declares it.
    struct Header {
        QString name;            ///< as stored (UTF-8, else the platform's 8-bit encoding); may be empty
        Type type = Type::Other; ///< Symlink also when the entry carries a link target
        bool hardLink = false;
        qint64 size = 0;         ///< declared size; 0 when the header does not say
        bool executable = false; ///< any execute bit set
    };

    enum class Step { Ok, End, Failed };  ///< Failed: errorString() says why

    virtual ~ArchiveReader() = default;

    /// @brief Moves to the next entry (skipping the rest of the current one's data).
    virtual Step nextHeader(Header *header) = 0;
    /// @brief The next piece of the current entry's data, at @p offset within the entry (sparse
    /// entries leave holes between pieces); End after the last piece. Valid until the next call.
    virtual Step readBlock(const char **data, qint64 *size, qint64 *offset) = 0;
    virtual QString errorString() const = 0;
};

/// The module's entry point: `extern "C" ArchiveReader *teamai_open_archive_v1(const QString
/// &path, QString *error)` — reads zip (seekable, by the central directory) and plain tar, no
/// compression filter; null with @p error when the file is not such an archive. The caller owns
/// the reader.
inline constexpr char kOpenArchiveSymbol[] = "teamai_open_archive_v1";
using OpenArchiveEntry = ArchiveReader *(*)(const QString &path, QString *error);

} // namespace teamai::resources
