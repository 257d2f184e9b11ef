#include "resources/InstalledResources.h"

#include "resources/FrontMatter.h"
#include "resources/Manifest.h"
#include "tools/ToolTable.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QJsonObject>

namespace teamai::installed {
namespace {

// Enough for any front matter; a huge SKILL.md must not slow the report down.
constexpr qint64 kFrontMatterBytes = 16 * 1024;

QByteArray readHead(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return file.read(kFrontMatterBytes);
}

QString sourceOf(const Manifest &manifest, const QString &scopeKey, ResourceKind kind, const QString &slug,
                 const QString &dirName, const QString &tool)
{
    const bool ours = manifest.containsInstalledName(scopeKey, kind, slug, tool)
        || manifest.containsInstalledName(scopeKey, kind, dirName, tool);
    return ours ? QStringLiteral("enterprise") : QStringLiteral("local");
}

} // namespace

QJsonArray skills(const QString &baseDir, const ToolInfo &tool, const Manifest &manifest, const QString &scopeKey)
{
    QJsonArray list;
    if (tool.skillsDir.isEmpty())  // a tool without a skills folder (the base itself is not one)
        return list;
    QDir dir(baseDir + u'/' + tool.skillsDir);
    const QStringList folders = dir.entryList(QDir::Dirs | QDir::NoDotAndDotDot | QDir::Hidden, QDir::Name);
    for (const QString &folder : folders) {
        if (folder.startsWith(u'.'))
            continue;  // our own staging folders during an install
        const QString skillFile = dir.filePath(folder + QStringLiteral("/SKILL.md"));
        if (!QFile::exists(skillFile))
            continue;
        const auto front = parseFrontMatter(readHead(skillFile));
        const QString slug = front.value(QStringLiteral("name"), folder).trimmed().isEmpty()
            ? folder : front.value(QStringLiteral("name"), folder).trimmed();
        QJsonObject entry{{QStringLiteral("slug"), slug},
                          {QStringLiteral("display_name"), front.value(QStringLiteral("display_name"), slug)},
                          {QStringLiteral("source"), sourceOf(manifest, scopeKey, ResourceKind::Skill, slug, folder, tool.name)}};
        const QString version = front.value(QStringLiteral("version"));
        if (!version.isEmpty())
            entry.insert(QStringLiteral("version"), version);
        list.append(entry);
    }
    return list;
}

QJsonArray rules(const QString &baseDir, const ToolInfo &tool, const Manifest &manifest, const QString &scopeKey)
{
    QJsonArray list;
    // A tool without a rules folder (hermes, zcode, dsh): never walk the base (HOME) itself.
    if (tool.rulesDir.isEmpty())
        return list;
    const QString root = baseDir + u'/' + tool.rulesDir;
    if (!QFileInfo(root).isDir())
        return list;
    QStringList slugs;
    QDirIterator it(root, {QStringLiteral("*.md")}, QDir::Files, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QString relative = QDir(root).relativeFilePath(it.next());
        slugs.append(relative.chopped(3));
    }
    slugs.sort();
    for (const QString &slug : slugs) {
        list.append(QJsonObject{{QStringLiteral("slug"), slug},
                                {QStringLiteral("display_name"), slug},
                                {QStringLiteral("source"), sourceOf(manifest, scopeKey, ResourceKind::Rule, slug, slug, tool.name)}});
    }
    return list;
}

} // namespace teamai::installed
