#pragma once

#include <QByteArray>
#include <QFileDevice>
#include <QJsonObject>
#include <QString>

namespace teamai::jsonfile {

/// Owner read/write only: the mode of every private file we write.
inline constexpr QFileDevice::Permissions kPrivateFile = QFileDevice::ReadOwner | QFileDevice::WriteOwner;

/// @brief Result of reading a JSON object from disk.
enum class ReadStatus { Ok, Missing, Invalid };

/// @brief Reads @p path as one JSON object. A missing file is not an error by itself (Missing);
/// unreadable or non-object content is Invalid with @p error set.
ReadStatus readObject(const QString &path, QJsonObject *out, QString *error = nullptr);

/// @brief Writes @p bytes atomically with @p permissions (see atomicfile::write: the previous file
/// stays intact on any error, which reads `<reason> while writing <path>`).
bool writeAtomically(const QString &path, const QByteArray &bytes,
                     QFileDevice::Permissions permissions = kPrivateFile, QString *error = nullptr);

/// @brief Writes @p object as indented JSON, atomically.
bool writeObject(const QString &path, const QJsonObject &object,
                 QFileDevice::Permissions permissions = kPrivateFile, QString *error = nullptr);

} // namespace teamai::jsonfile
