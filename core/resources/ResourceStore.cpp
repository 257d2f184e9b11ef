#include "resources/ResourceStore.h"

#include "log/Logging.h"
#include "resources/ClaudeMdSection.h"
#include "resources/DirectorySwap.h"
#include "resources/FrontMatter.h"
#include "resources/InstallLock.h"
#include "resources/Manifest.h"
#include "resources/ResourceNames.h"
#include "resources/SafeArchive.h"
#include "tools/ToolTable.h"
#include "util/JsonFile.h"
#include "util/Paths.h"

#include <QCryptographicHash>
#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>

#include <climits>
#include <memory>

namespace teamai::resources {
namespace {

constexpr qint64 kMaxMarkdownBytes = 50LL * 1024 * 1024;
constexpr qint64 kMaxSkillFileBytes = 1024 * 1024;
constexpr auto kPublicFile = QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ReadGroup | QFileDevice::ReadOther;

const QList<ResourceKind> kAllKinds = {ResourceKind::Skill, ResourceKind::Rule, ResourceKind::ClaudeMd};

void failureWith(ResourceOutcome *out, const QString &error)
{
    out->ok = false;
    out->error = error;
}

/// The install lock, and the manifest read while holding it: every change starts with both.
struct ManifestChange {
    InstallLock lock;
    Manifest manifest;
};

/// Takes the install lock, then reads the manifest under it; nullptr (and @p out failed) when
/// either is not possible.
std::unique_ptr<ManifestChange> beginManifestChange(ResourceOutcome *out)
{
    auto change = std::make_unique<ManifestChange>();
    QString error;
    if (!change->lock.acquire(&error)) {
        failureWith(out, error);
        return nullptr;
    }
    Manifest::Loaded loaded = Manifest::load();
    if (!loaded.error.isEmpty()) {
        failureWith(out, QStringLiteral("Cannot read the manifest: %1").arg(loaded.error));
        return nullptr;
    }
    change->manifest = std::move(loaded.manifest);
    return change;
}

/// The Markdown of a rule or claudemd download: the bare file, or the one `.md` of an archive.
bool readMarkdown(const QString &path, QByteArray *content, QString *error)
{
    if (SafeArchive::looksLikeArchive(path)) {
        const ArchiveScan scan = SafeArchive::scan(path);
        if (!scan.ok) {
            *error = scan.error;
            return false;
        }
        QStringList markdown;
        for (const ArchiveEntry &entry : scan.entries) {
            if (!entry.isDir && entry.path.endsWith(QLatin1String(".md"), Qt::CaseInsensitive))
                markdown.append(entry.path);
        }
        if (markdown.size() != 1) {
            *error = QStringLiteral("Expected one .md file in the archive, found %1").arg(markdown.size());
            return false;
        }
        return SafeArchive::readFile(path, markdown.first(), kMaxMarkdownBytes, content, error);
    }
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        *error = QStringLiteral("Cannot read the download: %1").arg(file.errorString());
        return false;
    }
    *content = file.read(kMaxMarkdownBytes + 1);
    if (content->size() > kMaxMarkdownBytes) {
        *error = QStringLiteral("Markdown file larger than %1 MiB").arg(kMaxMarkdownBytes / (1024 * 1024));
        return false;
    }
    if (content->contains('\0')) {
        *error = QStringLiteral("The download is not a Markdown file");
        return false;
    }
    return true;
}

QJsonObject updatedEntry(const QJsonObject &previous, const QString &slug, const QString &version,
                         const QString &displayName, const QString &dirName, const QString &tool)
{
    QJsonObject entry = previous;  // fields of other clients survive
    entry.insert(QStringLiteral("slug"), slug);
    if (version.isEmpty())
        entry.remove(QStringLiteral("version"));
    else
        entry.insert(QStringLiteral("version"), version);
    if (displayName.isEmpty())
        entry.remove(QStringLiteral("display_name"));
    else
        entry.insert(QStringLiteral("display_name"), displayName);
    entry.insert(QStringLiteral("source"), QStringLiteral("enterprise"));
    entry.insert(QStringLiteral("installed_at"), QDateTime::currentDateTimeUtc().toString(Qt::ISODateWithMs));
    if (dirName.isEmpty())
        entry.remove(QStringLiteral("dir_name"));
    else
        entry.insert(QStringLiteral("dir_name"), dirName);
    QJsonArray tools = previous.value(QStringLiteral("tools")).toArray();
    if (!tools.contains(QJsonValue(tool)))
        tools.append(tool);
    entry.insert(QStringLiteral("tools"), tools);
    return entry;
}

QString kindLabel(ResourceKind kind)
{
    return resourceKindName(kind);
}

QString withVersion(const QString &slug, const QString &version)
{
    return version.isEmpty() ? slug : QStringLiteral("%1 %2").arg(slug, version);
}

QMap<QString, QByteArray> storedBlocks(const QString &dir)
{
    QMap<QString, QByteArray> blocks;
    const QFileInfoList files = QDir(dir).entryInfoList({QStringLiteral("*.md")}, QDir::Files | QDir::NoSymLinks, QDir::Name);
    for (const QFileInfo &info : files) {
        QFile file(info.absoluteFilePath());
        if (file.open(QIODevice::ReadOnly))
            blocks.insert(info.completeBaseName(), file.readAll());
    }
    return blocks;
}

} // namespace

ResourceStore::ResourceStore(const ToolInfo &tool)
    : m_tool(tool)
{
}

QString ResourceStore::claudeMdStoreDir(const QString &scopeKey) const
{
    // Project paths do not make good folder names; a hash keeps them apart.
    const QString scopeDir = scopeKey == Manifest::userScopeKey()
        ? QStringLiteral("user")
        : QStringLiteral("project-")
              + QString::fromLatin1(QCryptographicHash::hash(scopeKey.toUtf8(), QCryptographicHash::Sha1).toHex().left(16));
    return paths::agentStateDir() + QStringLiteral("/claudemd/") + m_tool.name + u'/' + scopeDir;
}

QString ResourceStore::locationOf(const ResourceScope &scope, ResourceKind kind, const QString &slug,
                                  const QJsonObject &entry) const
{
    switch (kind) {
    case ResourceKind::Skill: {
        const QString dirName = entry.value(QStringLiteral("dir_name")).toString();
        return scope.baseDir + u'/' + m_tool.skillsDir + u'/' + (dirName.isEmpty() ? slug : dirName);
    }
    case ResourceKind::Rule:
        return scope.baseDir + u'/' + m_tool.rulesDir + u'/' + slug + QStringLiteral(".md");
    case ResourceKind::ClaudeMd:
        if (m_tool.instructionFile.isEmpty())
            return claudeMdStoreDir(scope.key) + u'/' + slug + QStringLiteral(".md");
        return scope.baseDir + u'/' + m_tool.instructionFile;
    }
    return {};
}

bool ResourceStore::presentOnDisk(const ResourceScope &scope, ResourceKind kind, const QString &slug,
                                  const QJsonObject &entry) const
{
    if (kind == ResourceKind::ClaudeMd)
        return QFileInfo::exists(claudeMdStoreDir(scope.key) + u'/' + slug + QStringLiteral(".md"));
    return QFileInfo::exists(locationOf(scope, kind, slug, entry));
}

ResourceOutcome ResourceStore::install(const ResourceScope &scope, const ResourceRequest &request, const QString &payloadPath)
{
    if (request.kind == ResourceKind::Skill)
        return installSkill(scope, request, payloadPath);
    return installMarkdown(scope, request, payloadPath);
}

ResourceOutcome ResourceStore::installSkill(const ResourceScope &scope, const ResourceRequest &request, const QString &payloadPath)
{
    ResourceOutcome out;
    // Everything about the archive is judged before the first byte is written.
    const ArchiveScan scan = SafeArchive::scan(payloadPath);
    if (!scan.ok) {
        failureWith(&out, scan.error);
        return out;
    }
    QString skillFile;
    int bestDepth = INT_MAX;
    int atBestDepth = 0;
    for (const ArchiveEntry &entry : scan.entries) {
        if (entry.isDir || (entry.path != QLatin1String("SKILL.md") && !entry.path.endsWith(QLatin1String("/SKILL.md"))))
            continue;
        const int depth = int(entry.path.count(u'/'));
        if (depth < bestDepth) {
            bestDepth = depth;
            skillFile = entry.path;
            atBestDepth = 1;
        } else if (depth == bestDepth) {
            ++atBestDepth;
        }
    }
    if (skillFile.isEmpty()) {
        failureWith(&out, QStringLiteral("No SKILL.md in the archive"));
        return out;
    }
    if (atBestDepth > 1) {
        failureWith(&out, QStringLiteral("More than one SKILL.md at the top of the archive"));
        return out;
    }
    const QString prefix = skillFile.contains(u'/') ? skillFile.section(u'/', 0, -2) : QString();
    QByteArray skillText;
    QString error;
    if (!SafeArchive::readFile(payloadPath, skillFile, kMaxSkillFileBytes, &skillText, &error)) {
        failureWith(&out, error);
        return out;
    }
    const auto front = parseFrontMatter(skillText);
    const QString name = front.value(QStringLiteral("name")).trimmed();
    const QString dirName = name.isEmpty() ? request.slug : name;
    if (!isValidSlug(dirName)) {
        failureWith(&out, QStringLiteral("Invalid skill name in SKILL.md: %1").arg(name));
        return out;
    }
    QString version = front.value(QStringLiteral("version")).trimmed();
    if (version.isEmpty())
        version = request.version;
    QString displayName = front.value(QStringLiteral("display_name")).trimmed();
    if (displayName.isEmpty())
        displayName = !request.displayName.isEmpty() ? request.displayName : dirName;

    const std::unique_ptr<ManifestChange> change = beginManifestChange(&out);
    if (!change)
        return out;
    Manifest &manifest = change->manifest;
    const QString skillsDir = scope.baseDir + u'/' + m_tool.skillsDir;
    const QString target = skillsDir + u'/' + dirName;
    const QFileInfo existing(target);
    if ((existing.exists() || existing.isSymLink())
        && !manifest.containsInstalledName(scope.key, ResourceKind::Skill, dirName, m_tool.name)) {
        failureWith(&out, QStringLiteral("A skill folder %1 already exists and was not installed by TeamAI").arg(target));
        return out;
    }
    if (!QDir().mkpath(skillsDir)) {
        failureWith(&out, QStringLiteral("Cannot create folder %1").arg(skillsDir));
        return out;
    }
    dirswap::removeStaleLeftovers(skillsDir);
    const QString staging = dirswap::siblingPath(target, QStringLiteral("staging"));
    if (!QDir().mkdir(staging)) {
        failureWith(&out, QStringLiteral("Cannot create folder %1").arg(staging));
        return out;
    }
    if (!SafeArchive::extract(payloadPath, prefix, staging, &error) || !dirswap::replace(staging, target, &error)) {
        QDir(staging).removeRecursively();
        failureWith(&out, error);
        return out;
    }

    // A new version may have a new name: the folder of the old one is ours to remove.
    const QJsonObject previous = manifest.entry(scope.key, ResourceKind::Skill, request.slug);
    if (!previous.isEmpty() && Manifest::appliesToTool(previous, m_tool.name)) {
        const QString oldName = previous.value(QStringLiteral("dir_name")).toString(request.slug);
        if (oldName != dirName && isValidSlug(oldName) && dirswap::remove(skillsDir + u'/' + oldName, &error))
            qCInfo(lcResources).noquote() << "removed the previous folder" << oldName << "of skill" << request.slug;
    }
    manifest.setEntry(scope.key, ResourceKind::Skill, request.slug,
                      updatedEntry(previous, request.slug, version, displayName, dirName, m_tool.name));
    if (!manifest.save(&error)) {
        failureWith(&out, QStringLiteral("Installed, but cannot update the manifest: %1").arg(error));
        return out;
    }
    out.ok = true;
    out.version = version;
    out.location = target;
    out.detail = QStringLiteral("installed skill %1 in %2").arg(withVersion(request.slug, version), target);
    return out;
}

ResourceOutcome ResourceStore::installMarkdown(const ResourceScope &scope, const ResourceRequest &request,
                                               const QString &payloadPath)
{
    ResourceOutcome out;
    QByteArray content;
    QString error;
    if (!readMarkdown(payloadPath, &content, &error)) {
        failureWith(&out, error);
        return out;
    }
    const QString version = request.version.isEmpty()
        ? parseFrontMatter(content.left(16 * 1024)).value(QStringLiteral("version")).trimmed()
        : request.version;
    if (request.kind == ResourceKind::ClaudeMd && claudemd::containsMarker(content)) {
        failureWith(&out, QStringLiteral("The claudemd block contains a TeamAI section marker"));
        return out;
    }

    const std::unique_ptr<ManifestChange> change = beginManifestChange(&out);
    if (!change)
        return out;
    Manifest &manifest = change->manifest;
    const QJsonObject previous = manifest.entry(scope.key, request.kind, request.slug);
    const QString location = locationOf(scope, request.kind, request.slug, previous);
    if (request.kind == ResourceKind::Rule) {
        if (QFileInfo(location).exists() && !manifest.containsInstalledName(scope.key, ResourceKind::Rule, request.slug, m_tool.name)) {
            failureWith(&out, QStringLiteral("A rule file %1 already exists and was not installed by TeamAI").arg(location));
            return out;
        }
        if (!jsonfile::writeAtomically(location, content, kPublicFile, &error)) {
            failureWith(&out, error);
            return out;
        }
    } else if (!applyClaudeMd(scope, request.slug, &content, &error)) {
        failureWith(&out, error);
        return out;
    }
    manifest.setEntry(scope.key, request.kind, request.slug,
                      updatedEntry(previous, request.slug, version, request.displayName, QString(), m_tool.name));
    if (!manifest.save(&error)) {
        failureWith(&out, QStringLiteral("Installed, but cannot update the manifest: %1").arg(error));
        return out;
    }
    out.ok = true;
    out.version = version;
    out.location = location;
    out.detail = QStringLiteral("installed %1 %2 in %3").arg(kindLabel(request.kind), withVersion(request.slug, version), location);
    return out;
}

bool ResourceStore::applyClaudeMd(const ResourceScope &scope, const QString &slug, const QByteArray *content,
                                  QString *error) const
{
    const QString storeDir = claudeMdStoreDir(scope.key);
    const QString storedPath = storeDir + u'/' + slug + QStringLiteral(".md");
    if (m_tool.instructionFile.isEmpty()) {
        if (content) {
            *error = QStringLiteral("%1 has no instruction file for claudemd blocks").arg(m_tool.name);
            return false;
        }
        QFile::remove(storedPath);
        return true;
    }
    const QString instruction = scope.baseDir + u'/' + m_tool.instructionFile;
    const bool exists = QFileInfo::exists(instruction);
    const QString toolFolder = scope.baseDir + u'/' + m_tool.rootDir();
    if (content && !exists && !QFileInfo(toolFolder).isDir()) {
        *error = QStringLiteral("Cannot install the claudemd block: %1 does not exist").arg(toolFolder);
        return false;
    }

    QMap<QString, QByteArray> blocks = storedBlocks(storeDir);
    const bool hadBlock = blocks.contains(slug);
    const QByteArray previousBlock = blocks.value(slug);
    if (content)
        blocks.insert(slug, *content);
    else
        blocks.remove(slug);

    QByteArray original;
    if (exists) {
        QFile file(instruction);
        if (!file.open(QIODevice::ReadOnly)) {
            *error = QStringLiteral("Cannot read %1: %2").arg(instruction, file.errorString());
            return false;
        }
        original = file.readAll();
    }
    const claudemd::Merged merged = claudemd::merge(original, blocks);
    if (!merged.ok) {
        *error = QStringLiteral("%1: %2").arg(instruction, merged.error);
        return false;
    }

    // The stored block first: if the instruction file cannot be written, it is put back.
    if (content) {
        if (!paths::ensurePrivateDir(storeDir, error) || !jsonfile::writeAtomically(storedPath, *content, jsonfile::kPrivateFile, error))
            return false;
    } else {
        QFile::remove(storedPath);
    }
    bool written = true;
    if (exists && merged.text.isEmpty()) {
        // Only our section was in it: the file goes with the last block.
        written = QFile::remove(instruction);
        if (!written)
            *error = QStringLiteral("Cannot remove %1").arg(instruction);
    } else if (merged.text != original || !exists) {
        const auto mode = exists ? QFile::permissions(instruction) : QFileDevice::Permissions(kPublicFile);
        written = jsonfile::writeAtomically(instruction, merged.text, mode, error);
    }
    if (!written) {
        if (hadBlock)
            jsonfile::writeAtomically(storedPath, previousBlock, jsonfile::kPrivateFile);
        else
            QFile::remove(storedPath);
        return false;
    }
    return true;
}

ResourceOutcome ResourceStore::uninstall(const ResourceScope &scope, ResourceKind kind, const QString &slug)
{
    ResourceOutcome out;
    QString error;
    const std::unique_ptr<ManifestChange> change = beginManifestChange(&out);
    if (!change)
        return out;
    Manifest &manifest = change->manifest;
    const QJsonObject entry = manifest.entry(scope.key, kind, slug);
    const bool known = !entry.isEmpty() && Manifest::appliesToTool(entry, m_tool.name);
    const bool storedBlock = kind == ResourceKind::ClaudeMd && presentOnDisk(scope, kind, slug, entry);
    out.version = entry.value(QStringLiteral("version")).toString();
    out.location = locationOf(scope, kind, slug, entry);
    if (!known && !storedBlock) {
        out.ok = true;
        out.detail = QStringLiteral("%1 %2 is not installed for %3; nothing to remove").arg(kindLabel(kind), slug, m_tool.name);
        return out;
    }

    bool removed = true;
    switch (kind) {
    case ResourceKind::Skill:
        removed = dirswap::remove(out.location, &error);
        break;
    case ResourceKind::Rule:
        if (QFileInfo::exists(out.location) && !QFile::remove(out.location)) {
            removed = false;
            error = QStringLiteral("Cannot remove %1").arg(out.location);
        }
        break;
    case ResourceKind::ClaudeMd:
        removed = applyClaudeMd(scope, slug, nullptr, &error);
        break;
    }
    if (!removed) {
        failureWith(&out, error);
        return out;
    }

    if (known) {
        const QJsonValue toolsValue = entry.value(QStringLiteral("tools"));
        if (toolsValue.isArray()) {
            QJsonArray tools = toolsValue.toArray();
            for (qsizetype i = tools.size() - 1; i >= 0; --i) {
                if (tools.at(i).toString() == m_tool.name)
                    tools.removeAt(i);
            }
            if (tools.isEmpty()) {
                manifest.removeEntry(scope.key, kind, slug);
            } else {
                QJsonObject rest = entry;
                rest.insert(QStringLiteral("tools"), tools);
                manifest.setEntry(scope.key, kind, slug, rest);
            }
        } else {
            // An entry of the reference client names no agent: keep it while another agent has it.
            bool elsewhere = false;
            for (const ToolInfo &other : knownTools()) {
                if (other.name != m_tool.name && ResourceStore(other).presentOnDisk(scope, kind, slug, entry))
                    elsewhere = true;
            }
            if (!elsewhere)
                manifest.removeEntry(scope.key, kind, slug);
        }
        if (!manifest.save(&error)) {
            failureWith(&out, QStringLiteral("Removed, but cannot update the manifest: %1").arg(error));
            return out;
        }
    }
    out.ok = true;
    out.detail = QStringLiteral("removed %1 %2 from %3").arg(kindLabel(kind), slug, out.location);
    return out;
}

QList<InstalledResource> ResourceStore::installedByTeamai() const
{
    QList<InstalledResource> list;
    const Manifest manifest = Manifest::load().manifest;
    for (const QString &scopeKey : manifest.scopeKeys()) {
        const ResourceScope scope = ResourceScope::fromKey(scopeKey);
        for (ResourceKind kind : kAllKinds) {
            const QJsonObject entries = manifest.entries(scopeKey, kind);
            for (auto it = entries.begin(); it != entries.end(); ++it) {
                const QJsonObject entry = it.value().toObject();
                const bool listed = entry.value(QStringLiteral("tools")).isArray()
                    ? Manifest::appliesToTool(entry, m_tool.name)
                    : presentOnDisk(scope, kind, it.key(), entry);
                if (listed)
                    list.append({scopeKey, kind, it.key(), locationOf(scope, kind, it.key(), entry)});
            }
        }
    }
    return list;
}

} // namespace teamai::resources
