#pragma once

// What a folder holds, for tests that prove a step wrote (or left) exactly what it should; a file
// a test puts in place first.

#include <QByteArray>
#include <QMap>
#include <QString>
#include <QStringList>

namespace teamai::test {

/// @brief Every entry below @p dir (folders and hidden entries too), relative to it, sorted.
QStringList treeOf(const QString &dir);

/// @brief Every entry below @p dir, relative to it, with its content ("<dir>" for a folder or
/// anything unreadable): two snapshots compare equal when nothing below @p dir changed.
QMap<QString, QByteArray> snapshotOf(const QString &dir);

/// @brief Writes @p content to @p path (replacing what is there): false when it could not.
bool writeFileAt(const QString &path, const QByteArray &content);

} // namespace teamai::test
