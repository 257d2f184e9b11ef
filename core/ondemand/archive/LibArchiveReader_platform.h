#pragma once

#include <QString>

struct archive;

// The platform half of LibArchiveReader.cpp (LibArchiveReader_posix.cpp, _win.cpp).
namespace teamai::resources {

/// @brief archive_read_open_filename() of @p path in the platform's file-name encoding.
int openArchiveFile(archive *a, const QString &path, size_t blockSize);

} // namespace teamai::resources
