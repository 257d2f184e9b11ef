#pragma once

#include "util/Result.h"

#include <QJsonObject>
#include <QJsonValue>
#include <QString>

#include <functional>

namespace teamai::settingsfile {

/// @brief What reading one of our JSON settings files found.
struct Read {
    bool exists = false;
    QJsonObject json;   ///< empty unless the file was read and passed validation
    QString error;      ///< unreadable, not JSON, or refused by the validator (names the file)
};

/// @brief Reads @p path as a JSON object and runs @p validate on it (which fails with a message
/// naming the offending field). Problems are logged once and returned; a missing file
/// is not a problem. The file itself is never touched.
Read read(const QString &path, const std::function<Status(const QJsonObject &)> &validate);

/// @brief Whether a field is missing or null: our settings files (and Node, which writes `null`)
/// mean the same by both, "not set".
bool isAbsent(const QJsonValue &value);

/// @brief Writes @p json atomically with owner-only permissions, creating the folder as 0700.
Status write(const QString &path, const QJsonObject &json);

} // namespace teamai::settingsfile
