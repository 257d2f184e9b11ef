#pragma once

// What a folder holds, for tests that prove a step wrote (or left) exactly what it should; a file
// a test puts in place first or reads back.

#include <QByteArray>
#include <QMap>
#include <QString>
#include <QStringList>
#include <QTemporaryDir>

namespace teamai::test {

/// @brief Every entry below @p dir (folders and hidden entries too), relative to it, sorted.
QStringList treeOf(const QString &dir);

/// @brief Every entry below @p dir, relative to it, with its content ("<dir>" for a folder or
/// anything unreadable): two snapshots compare equal when nothing below @p dir changed.
QMap<QString, QByteArray> snapshotOf(const QString &dir);

/// @brief What the file @p path holds (empty when it cannot be read).
QByteArray readFileAt(const QString &path);

/// @brief Writes @p content to @p path (replacing what is there): false when it could not.
bool writeFileAt(const QString &path, const QByteArray &content);

/// @brief A temporary folder a test writes numbered files into (payloads, archives), removed
/// with it.
class ScratchFiles
{
public:
    /// @brief A new file "<prefix>-<n>" holding @p bytes: its path. A test that cannot write it
    /// cannot go on (qFatal).
    QString write(const QByteArray &bytes, const QString &prefix);

private:
    QTemporaryDir m_dir;
    int m_count = 0;
};

} // namespace teamai::test
