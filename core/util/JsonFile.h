#pragma once

#include "util/Result.h"

#include <QByteArray>
#include <QFileDevice>
#include <QJsonObject>
#include <QString>

namespace teamai::jsonfile {

/// Owner read/write only: the mode of every private file we write.
inline constexpr QFileDevice::Permissions kPrivateFile = QFileDevice::ReadOwner | QFileDevice::WriteOwner;

/// @brief What reading a JSON object from disk found.
enum class ReadStatus { Ok, Missing, Invalid };

/// @brief The outcome of readObject(): a missing file is a state of its own, not a failure.
struct [[nodiscard]] ObjectRead {
    ReadStatus status = ReadStatus::Missing;
    QJsonObject object;  ///< the object read; empty unless Ok
    QString error;       ///< why the file is Invalid (names it); empty otherwise

    bool ok() const { return status == ReadStatus::Ok; }
};

/// @brief Reads @p path as one JSON object. A missing file is not an error by itself (Missing);
/// unreadable or non-object content is Invalid, with the reason.
ObjectRead readObject(const QString &path);

/// @brief Writes @p bytes atomically with @p permissions (see atomicfile::write: the previous file
/// stays intact on any error, which reads `<reason> while writing <path>`).
Status writeAtomically(const QString &path, const QByteArray &bytes,
                       QFileDevice::Permissions permissions = kPrivateFile);

/// @brief Writes @p object as indented JSON, atomically.
Status writeObject(const QString &path, const QJsonObject &object,
                   QFileDevice::Permissions permissions = kPrivateFile);

} // namespace teamai::jsonfile
