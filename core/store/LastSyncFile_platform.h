#pragma once

#include "util/Result.h"

#include <QByteArray>
#include <QJsonObject>
#include <QString>

// The platform half of LastSyncFile.cpp: how the record is written and read (LastSyncFile_posix.cpp,
// LastSyncFile_win.cpp).
namespace teamai::lastsync::platform {

/// @brief Replaces the file's content with @p bytes.
Status writeRecord(const QString &path, const QByteArray &bytes);

/// @brief The file as a JSON object; empty when it is missing or unreadable.
QJsonObject readRecord(const QString &path);

} // namespace teamai::lastsync::platform
