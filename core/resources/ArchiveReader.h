#pragma once

#include "util/Result.h"

#include <QString>
#include <QtGlobal>

#include <optional>

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

    /// @brief One piece of an entry's data; valid until the next call.
    struct Block {
        const char *data = nullptr;
        qint64 size = 0;
        qint64 offset = 0;       ///< within the entry (sparse entries leave holes between pieces)
    };

    virtual ~ArchiveReader() = default;

    /// @brief Opens @p path: zip (seekable, by the central directory) and plain tar, no
    /// compression filter. The error (libarchive's words) when the file is not such an archive.
    virtual Status open(const QString &path) = 0;
    /// @brief Moves to the next entry (skipping the rest of the current one's data): its header,
    /// nullopt after the last one, an error (libarchive's words) when the archive is damaged.
    virtual Result<std::optional<Header>> nextHeader() = 0;
    /// @brief The next piece of the current entry's data; nullopt after the last piece, an error
    /// (libarchive's words) when the archive is damaged.
    virtual Result<std::optional<Block>> readBlock() = 0;
};

/// The module's entry point: `extern "C" ArchiveReader *teamai_archive_reader_v2()`, a reader
/// that has opened nothing yet. The caller owns it.
inline constexpr char kArchiveReaderSymbol[] = "teamai_archive_reader_v2";
using ArchiveReaderEntry = ArchiveReader *(*)();

} // namespace teamai::resources
