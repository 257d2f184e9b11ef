#include "FileTree.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>

namespace teamai::test {

namespace {

constexpr QDir::Filters kEverything = QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden | QDir::System;

} // namespace

QStringList treeOf(const QString &dir)
{
    QStringList entries;
    QDirIterator it(dir, kEverything, QDirIterator::Subdirectories);
    while (it.hasNext())
        entries.append(QDir(dir).relativeFilePath(it.next()));
    entries.sort();
    return entries;
}

QMap<QString, QByteArray> snapshotOf(const QString &dir)
{
    QMap<QString, QByteArray> files;
    QDirIterator it(dir, kEverything, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QString path = it.next();
        QFile file(path);
        files.insert(QDir(dir).relativeFilePath(path), it.fileInfo().isDir() || !file.open(QIODevice::ReadOnly) ? QByteArray("<dir>") : file.readAll());
    }
    return files;
}

QByteArray readFileAt(const QString &path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

bool writeFileAt(const QString &path, const QByteArray &content)
{
    QFile file(path);
    return file.open(QIODevice::WriteOnly) && file.write(content) == content.size();
}

QString ScratchFiles::write(const QByteArray &bytes, const QString &prefix)
{
    const QString path = m_dir.filePath(QStringLiteral("%1-%2").arg(prefix).arg(++m_count));
    if (!writeFileAt(path, bytes))
        qFatal("cannot write %s", qPrintable(path));
    return path;
}

} // namespace teamai::test
