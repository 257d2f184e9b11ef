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
#include "util/SafePath.h"

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

/// @p out failed with @p error (what it did so far stays said).
ResourceOutcome failureWith(ResourceOutcome &out, const QString &error)
{
    out.ok = false;
    out.error = error;
    return out;
}

/// The install lock, and the manifest read while holding it: every change starts with both.
struct ManifestChange {
    InstallLock lock;
    Manifest manifest;
};

/// Takes the install lock, then reads the manifest under it.
Result<std::unique_ptr<ManifestChange>> beginManifestChange()
{
    auto change = std::make_unique<ManifestChange>();
    if (const Status locked = change->lock.acquire(); !locked)
        return Error{locked.error()};
    Manifest::Loaded loaded = Manifest::load();
    if (!loaded.error.isEmpty())
        return Error{QStringLiteral("Cannot read the manifest: %1").arg(loaded.error)};
    change->manifest = std::move(loaded.manifest);
    return change;
}

/// The Markdown of a rule or claudemd download: the bare file, or the one `.md` of an archive.
Result<QByteArray> readMarkdown(const QString &path)
{
    if (SafeArchive::looksLikeArchive(path)) {
        const ArchiveScan scan = SafeArchive::scan(path);
        if (!scan.ok)
            return Error{scan.error};
        QStringList markdown;
        for (const ArchiveEntry &entry : scan.entries) {
            if (!entry.isDir && entry.path.endsWith(QLatin1String(".md"), Qt::CaseInsensitive))
                markdown.append(entry.path);
        }
        if (markdown.size() != 1)
            return Error{QStringLiteral("Expected one .md file in the archive, found %1").arg(markdown.size())};
        return SafeArchive::readFile(path, markdown.first(), kMaxMarkdownBytes);
    }
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return Error{QStringLiteral("Cannot read the download: %1").arg(file.errorString())};
    const QByteArray content = file.read(kMaxMarkdownBytes + 1);
    if (content.size() > kMaxMarkdownBytes)
        return Error{QStringLiteral("Markdown file larger than %1 MiB").arg(kMaxMarkdownBytes / (1024 * 1024))};
    if (content.contains('\0'))
        return Error{QStringLiteral("The download is not a Markdown file")};
    return content;
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
    // As the reference client writes it: the command's display name, else the slug.
    entry.insert(QStringLiteral("display_name"), displayName.isEmpty() ? slug : displayName);
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

Result<QByteArray> readWhole(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return Error{QStringLiteral("Cannot read %1: %2").arg(path, file.errorString())};
    return file.readAll();
}

/// Puts @p text into the instruction file @p where checked; an empty text removes a file that
/// held only our section.
Status updateInstructionFile(const safepath::Resolved &where, bool exists, const QByteArray &original, const QByteArray &text)
{
    if (exists && text.isEmpty())
        return safepath::removeEntry(where.realBase, where.realPath);
    if (exists && text == original)
        return {};
    return safepath::writeFile(where.realBase, where.realPath, text, kPublicFile, safepath::Mode::KeepExisting);
}

/// What a skill archive says about itself; judged whole before anything is written.
struct SkillArchive {
    QString prefix;       ///< the folder holding SKILL.md inside the archive ("" at the top)
    QString dirName;      ///< front matter `name`, else the slug
    QString version;
    QString displayName;
};

/// The one SKILL.md nearest the top of @p scan: its path, or an error.
Result<QString> findSkillFile(const ArchiveScan &scan)
{
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
    if (skillFile.isEmpty())
        return Error{QStringLiteral("No SKILL.md in the archive")};
    if (atBestDepth > 1)
        return Error{QStringLiteral("More than one SKILL.md at the top of the archive")};
    return skillFile;
}

Result<SkillArchive> readSkillArchive(const QString &payloadPath, const ResourceRequest &request)
{
    const ArchiveScan scan = SafeArchive::scan(payloadPath);
    if (!scan.ok)
        return Error{scan.error};
    const Result<QString> skillFile = findSkillFile(scan);
    if (!skillFile)
        return Error{skillFile.error()};
    SkillArchive skill;
    skill.prefix = skillFile->contains(u'/') ? skillFile->section(u'/', 0, -2) : QString();
    const Result<QByteArray> skillText = SafeArchive::readFile(payloadPath, *skillFile, kMaxSkillFileBytes);
    if (!skillText)
        return Error{skillText.error()};
    const auto front = parseFrontMatter(*skillText);
    const QString name = front.value(QStringLiteral("name")).trimmed();
    skill.dirName = name.isEmpty() ? request.slug : name;
    if (!isValidSlug(skill.dirName))
        return Error{QStringLiteral("Invalid skill name in SKILL.md: %1").arg(echoedName(name))};
    skill.version = front.value(QStringLiteral("version")).trimmed();
    if (!skill.version.isEmpty() && !isValidVersion(skill.version))
        return Error{QStringLiteral("Invalid version in SKILL.md: %1").arg(echoedName(skill.version))};
    if (skill.version.isEmpty())
        skill.version = request.version;
    skill.displayName = front.value(QStringLiteral("display_name")).trimmed();
    if (skill.displayName.isEmpty())
        skill.displayName = !request.displayName.isEmpty() ? request.displayName : skill.dirName;
    return skill;
}

/// A skill folder is TeamAI's only when the manifest recorded exactly that folder for this
/// skill, scope and tool at install time; a user's own folder of the same name is never replaced.
Status skillFolderIsOurs(const Manifest &manifest, const QString &scopeKey, const QString &tool, const QString &slug,
                         const QString &dirName, const QString &realSkillsDir)
{
    const QString owner = manifest.skillFolderOwner(scopeKey, dirName, tool);
    if (!owner.isEmpty() && owner != slug)
        return Error{QStringLiteral("Skill folder %1 belongs to TeamAI skill %2").arg(dirName, owner)};
    const QFileInfo existing(realSkillsDir + u'/' + dirName);
    if (owner.isEmpty() && (existing.exists() || existing.isSymLink()))
        return Error{QStringLiteral("Skill folder %1 exists and was not installed by TeamAI").arg(dirName)};
    return {};
}

/// Checked again right before the swap: the skills folder must still be the one checked.
Status stillSameFolder(const QString &base, const QString &dir, const QString &realDir)
{
    const safepath::Resolved again = safepath::checkInside(base, dir);
    if (again.ok && again.realPath == realDir)
        return {};
    return Error{again.ok ? QStringLiteral("Refusing to write %1: it changed during the install").arg(dir) : again.error};
}

/// Unpacks @p skill into the new folder @p staging and swaps it in for the skill's folder in
/// @p realSkillsDir, once the skills folder @p skillsDir under @p base is found to be still that
/// one. On failure the staging folder is removed.
Status placeSkill(const QString &payloadPath, const SkillArchive &skill, const QString &staging, const QString &base,
                  const QString &skillsDir, const QString &realSkillsDir)
{
    Status placed = SafeArchive::extract(payloadPath, skill.prefix, staging);
    if (placed)
        placed = stillSameFolder(base, skillsDir, realSkillsDir);
    if (placed)
        placed = dirswap::replace(staging, realSkillsDir + u'/' + skill.dirName);
    if (!placed)
        QDir(staging).removeRecursively();
    return placed;
}

} // namespace

ResourceStore::ResourceStore(const ToolInfo &tool)
    : m_tool(tool)
{
}

QString ResourceStore::claudeMdStoreDir(const QString &scopeKey) const
{
    // The reference client's store: one folder per scope, shared by every tool (docs/resources.md).
    if (scopeKey == Manifest::userScopeKey())
        return paths::agentStateDir() + QStringLiteral("/resources/user/claudemd");
    // Project scope: `<workspace>/.teamai/workspaces/<sha1(workspace)[:12]>/local-agent/resources`,
    // the reference's place when the workspace has no TeamAI project configuration.
    const QString workspace = storeBase(scopeKey);
    const QString id = QString::fromLatin1(QCryptographicHash::hash(workspace.toUtf8(), QCryptographicHash::Sha1).toHex().left(12));
    return workspace + QStringLiteral("/.teamai/workspaces/") + id + QStringLiteral("/local-agent/resources/claudemd");
}

QString ResourceStore::storeBase(const QString &scopeKey)
{
    if (scopeKey == Manifest::userScopeKey())
        return paths::agentStateDir();
    const QString workspace = ResourceScope::fromKey(scopeKey).baseDir;
    const QString canonical = QFileInfo(workspace).canonicalFilePath();
    return canonical.isEmpty() ? workspace : canonical;
}

QMap<QString, QByteArray> ResourceStore::sharedBlocks(const QString &scopeKey) const
{
    const QString dir = claudeMdStoreDir(scopeKey);
    // In a workspace the folder may be a link planted by the repository: read only inside it.
    if (scopeKey != Manifest::userScopeKey() && !safepath::checkInside(storeBase(scopeKey), dir).ok)
        return {};
    return storedBlocks(dir);
}

Status ResourceStore::writeStoredBlock(const QString &scopeKey, const QString &slug, const QByteArray &content) const
{
    const QString dir = claudeMdStoreDir(scopeKey);
    const QString path = dir + u'/' + slug + QStringLiteral(".md");
    if (scopeKey == Manifest::userScopeKey()) {
        if (const Status folder = paths::ensurePrivateDir(dir); !folder)
            return folder;
        return jsonfile::writeAtomically(path, content, jsonfile::kPrivateFile);
    }
    const QString workspace = storeBase(scopeKey);
    if (const Status gitignore = ensureGitignore(workspace); !gitignore)
        return gitignore;
    if (const Result<QString> folder = safepath::makeDirs(workspace, dir); !folder)
        return Error{folder.error()};
    return safepath::writeFile(workspace, path, content, jsonfile::kPrivateFile, safepath::Mode::Set);
}

void ResourceStore::removeStoredBlock(const QString &scopeKey, const QString &slug) const
{
    const QString path = claudeMdStoreDir(scopeKey) + u'/' + slug + QStringLiteral(".md");
    if (scopeKey == Manifest::userScopeKey())
        QFile::remove(path);
    else
        (void)safepath::removeEntry(storeBase(scopeKey), path);  // best effort, like QFile::remove() above
}

Status ResourceStore::ensureGitignore(const QString &workspace)
{
    // As the reference does: the workspace's `.teamai/local-agent/` state stays out of git.
    const QString path = workspace + QStringLiteral("/.teamai/.gitignore");
    QByteArray text;
    QFile file(path);
    if (file.exists() && file.open(QIODevice::ReadOnly))
        text = file.readAll();
    file.close();
    for (const QByteArray &line : text.split('\n')) {
        if (line.trimmed() == "local-agent/")
            return {};
    }
    const QByteArray wanted = text.trimmed().isEmpty() ? QByteArrayLiteral("# teamai local state\nlocal-agent/\n")
                                                       : text.trimmed() + QByteArrayLiteral("\nlocal-agent/\n");
    if (const Result<QString> folder = safepath::makeDirs(workspace, workspace + QStringLiteral("/.teamai")); !folder)
        return Error{folder.error()};
    return safepath::writeFile(workspace, path, wanted, kPublicFile, safepath::Mode::KeepExisting);
}

QString ResourceStore::legacyClaudeMdStoreDir(const QString &scopeKey) const
{
    // Project paths do not make good folder names; a hash keeps them apart.
    const QString scopeDir = scopeKey == Manifest::userScopeKey()
        ? QStringLiteral("user")
        : QStringLiteral("project-")
              + QString::fromLatin1(QCryptographicHash::hash(scopeKey.toUtf8(), QCryptographicHash::Sha1).toHex().left(16));
    return paths::agentStateDir() + QStringLiteral("/claudemd/") + m_tool.name + u'/' + scopeDir;
}

void ResourceStore::migrateLegacyBlocks(const QString &scopeKey) const
{
    const QString from = legacyClaudeMdStoreDir(scopeKey);
    const QString to = claudeMdStoreDir(scopeKey);
    if (from == to || !QFileInfo(from).isDir())
        return;
    const QMap<QString, QByteArray> legacy = storedBlocks(from);
    const QMap<QString, QByteArray> shared = sharedBlocks(scopeKey);
    for (auto it = legacy.begin(); it != legacy.end(); ++it) {
        const QString source = from + u'/' + it.key() + QStringLiteral(".md");
        // Another tool's block of the same slug with other text stays where it is (read as this
        // tool's override), so no block is ever lost.
        if (shared.contains(it.key()) && shared.value(it.key()) != it.value())
            continue;
        if (!shared.contains(it.key()) && !writeStoredBlock(scopeKey, it.key(), it.value()))
            continue;
        QFile::remove(source);
    }
    QDir().rmdir(from);
}

QMap<QString, QByteArray> ResourceStore::blocksForTool(const QString &scopeKey, const Manifest &manifest) const
{
    QMap<QString, QByteArray> blocks;
    const QMap<QString, QByteArray> shared = sharedBlocks(scopeKey);
    for (auto it = shared.begin(); it != shared.end(); ++it) {
        // A block without an entry (the reference lists a file only after writing it), or with
        // the reference's entry (no `tools`), belongs to every tool, as in the reference.
        if (Manifest::appliesToTool(manifest.entry(scopeKey, ResourceKind::ClaudeMd, it.key()), m_tool.name))
            blocks.insert(it.key(), it.value());
    }
    const QString legacyDir = legacyClaudeMdStoreDir(scopeKey);
    if (legacyDir != claudeMdStoreDir(scopeKey))
        blocks.insert(storedBlocks(legacyDir));
    return blocks;
}

bool ResourceStore::otherToolsKeep(const QJsonObject &entry) const
{
    const QJsonValue tools = entry.value(QStringLiteral("tools"));
    if (!tools.isArray())
        return false;
    for (const QJsonValue &tool : tools.toArray()) {
        if (tool.toString() != m_tool.name)
            return true;
    }
    return false;
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
        return QFileInfo::exists(claudeMdStoreDir(scope.key) + u'/' + slug + QStringLiteral(".md"))
            || QFileInfo::exists(legacyClaudeMdStoreDir(scope.key) + u'/' + slug + QStringLiteral(".md"));
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
    const Result<SkillArchive> archive = readSkillArchive(payloadPath, request);
    if (!archive)
        return failureWith(out, archive.error());
    const SkillArchive &skill = *archive;
    const Result<std::unique_ptr<ManifestChange>> change = beginManifestChange();
    if (!change)
        return failureWith(out, change.error());
    Manifest &manifest = (*change)->manifest;
    const QString skillsDir = scope.baseDir + u'/' + m_tool.skillsDir;
    const QString base = safepath::writeBase(scope.baseDir, m_tool.rootDir(), skillsDir);
    const safepath::Resolved where = safepath::checkInside(base, skillsDir);
    const Status ours = where.ok ? skillFolderIsOurs(manifest, scope.key, m_tool.name, request.slug, skill.dirName, where.realPath)
                                 : Status(Error{where.error});
    if (!ours)
        return failureWith(out, ours.error());
    const Result<QString> madeSkillsDir = safepath::makeDirs(base, skillsDir);
    if (!madeSkillsDir)
        return failureWith(out, madeSkillsDir.error());
    const QString realSkillsDir = *madeSkillsDir;
    dirswap::removeStaleLeftovers(realSkillsDir);
    const QString staging = dirswap::siblingPath(realSkillsDir + u'/' + skill.dirName, QStringLiteral("staging"));
    if (!QDir().mkdir(staging))
        return failureWith(out, QStringLiteral("Cannot create folder %1").arg(staging));
    if (const Status placed = placeSkill(payloadPath, skill, staging, base, skillsDir, realSkillsDir); !placed)
        return failureWith(out, placed.error());

    // A new version may have a new name: the folder the manifest recorded for the old one is ours.
    const QJsonObject previous = manifest.entry(scope.key, ResourceKind::Skill, request.slug);
    if (!previous.isEmpty() && Manifest::appliesToTool(previous, m_tool.name)) {
        const QString oldName = Manifest::recordedFolder(previous, request.slug);
        if (oldName != skill.dirName && dirswap::remove(realSkillsDir + u'/' + oldName))
            qCInfo(lcResources).noquote() << "removed the previous folder" << oldName << "of skill" << request.slug;
    }
    manifest.setEntry(scope.key, ResourceKind::Skill, request.slug,
                      updatedEntry(previous, request.slug, skill.version, skill.displayName, skill.dirName, m_tool.name));
    if (const Status saved = manifest.save(); !saved)
        return failureWith(out, QStringLiteral("Installed, but cannot update the manifest: %1").arg(saved.error()));
    out.ok = true;
    out.version = skill.version;
    out.location = skillsDir + u'/' + skill.dirName;
    out.detail = QStringLiteral("installed skill %1 in %2").arg(withVersion(request.slug, skill.version), out.location);
    return out;
}

ResourceOutcome ResourceStore::installMarkdown(const ResourceScope &scope, const ResourceRequest &request,
                                               const QString &payloadPath)
{
    ResourceOutcome out;
    const Result<QByteArray> markdown = readMarkdown(payloadPath);
    if (!markdown)
        return failureWith(out, markdown.error());
    const QByteArray &content = *markdown;
    const QString version = request.version.isEmpty()
        ? parseFrontMatter(content.left(16 * 1024)).value(QStringLiteral("version")).trimmed()
        : request.version;
    if (!version.isEmpty() && !isValidVersion(version))
        return failureWith(out, QStringLiteral("Invalid version in the front matter: %1").arg(echoedName(version)));
    if (request.kind == ResourceKind::ClaudeMd && claudemd::containsMarker(content))
        return failureWith(out, QStringLiteral("The claudemd block contains a TeamAI section marker"));

    const Result<std::unique_ptr<ManifestChange>> change = beginManifestChange();
    if (!change)
        return failureWith(out, change.error());
    Manifest &manifest = (*change)->manifest;
    const QJsonObject previous = manifest.entry(scope.key, request.kind, request.slug);
    const QString location = locationOf(scope, request.kind, request.slug, previous);
    const bool ours = !previous.isEmpty() && Manifest::appliesToTool(previous, m_tool.name);
    const Status written = request.kind == ResourceKind::Rule ? writeRule(scope, request.slug, ours, content)
                                                              : applyClaudeMd(scope, request.slug, &content, false, manifest);
    if (!written)
        return failureWith(out, written.error());
    manifest.setEntry(scope.key, request.kind, request.slug,
                      updatedEntry(previous, request.slug, version, request.displayName, QString(), m_tool.name));
    if (const Status saved = manifest.save(); !saved)
        return failureWith(out, QStringLiteral("Installed, but cannot update the manifest: %1").arg(saved.error()));
    out.ok = true;
    out.version = version;
    out.location = location;
    out.detail = QStringLiteral("installed %1 %2 in %3").arg(kindLabel(request.kind), withVersion(request.slug, version), location);
    return out;
}

Status ResourceStore::forgetClaudeMdWithoutInstructionFile(const QString &scopeKey, const QString &slug, bool installing,
                                                           bool keepStored, const QString &legacyPath) const
{
    if (installing)
        return Error{QStringLiteral("%1 has no instruction file for claudemd blocks").arg(m_tool.name)};
    if (!keepStored)
        removeStoredBlock(scopeKey, slug);
    QFile::remove(legacyPath);
    return {};
}

Status ResourceStore::applyClaudeMd(const ResourceScope &scope, const QString &slug, const QByteArray *content,
                                    bool keepStored, const Manifest &manifest) const
{
    migrateLegacyBlocks(scope.key);
    const QString legacyPath = legacyClaudeMdStoreDir(scope.key) + u'/' + slug + QStringLiteral(".md");
    if (m_tool.instructionFile.isEmpty())
        return forgetClaudeMdWithoutInstructionFile(scope.key, slug, content != nullptr, keepStored, legacyPath);
    const QString instruction = scope.baseDir + u'/' + m_tool.instructionFile;
    const safepath::Resolved where =
        safepath::checkInside(safepath::writeBase(scope.baseDir, m_tool.rootDir(), instruction), instruction);
    if (!where.ok)
        return Error{where.error};
    const bool exists = QFileInfo::exists(where.realPath);
    const QString toolFolder = scope.baseDir + u'/' + m_tool.rootDir();
    if (content && !exists && !QFileInfo(toolFolder).isDir())
        return Error{QStringLiteral("Cannot install the claudemd block: %1 does not exist").arg(toolFolder)};

    QMap<QString, QByteArray> blocks = blocksForTool(scope.key, manifest);
    const QMap<QString, QByteArray> shared = sharedBlocks(scope.key);
    const bool hadBlock = shared.contains(slug);
    const QByteArray previousBlock = shared.value(slug);
    if (content)
        blocks.insert(slug, *content);
    else
        blocks.remove(slug);

    const Result<QByteArray> original = exists ? readWhole(where.realPath) : Result<QByteArray>(QByteArray());
    if (!original)
        return Error{original.error()};
    const claudemd::Merged merged = claudemd::merge(*original, blocks);
    if (!merged.ok)
        return Error{QStringLiteral("%1: %2").arg(instruction, merged.error)};

    // The stored block first: if the instruction file cannot be written, it is put back.
    if (content) {
        if (const Status stored = writeStoredBlock(scope.key, slug, *content); !stored)
            return stored;
    } else if (!keepStored) {
        removeStoredBlock(scope.key, slug);
    }
    if (const Status updated = updateInstructionFile(where, exists, *original, merged.text); !updated) {
        if (hadBlock)
            (void)writeStoredBlock(scope.key, slug, previousBlock);  // best effort: the instruction file's failure is the one to report
        else
            removeStoredBlock(scope.key, slug);
        return updated;
    }
    QFile::remove(legacyPath);  // this tool's former text, replaced or removed for good
    return {};
}

Status ResourceStore::writeRule(const ResourceScope &scope, const QString &slug, bool ours, const QByteArray &content) const
{
    const QString location = locationOf(scope, ResourceKind::Rule, slug, {});
    const QString base = safepath::writeBase(scope.baseDir, m_tool.rootDir(), location);
    const safepath::Resolved where = safepath::checkInside(base, location);
    if (!where.ok)
        return Error{where.error};
    const QFileInfo existing(location);
    if (!ours && (existing.exists() || existing.isSymLink()))
        return Error{QStringLiteral("Rule file %1.md exists and was not installed by TeamAI").arg(slug)};
    return safepath::writeFile(base, location, content, kPublicFile, safepath::Mode::Set);
}

Status ResourceStore::removeSkillFolder(const ResourceScope &scope, const QString &location) const
{
    const QFileInfo lexical(location);
    const QString base = safepath::writeBase(scope.baseDir, m_tool.rootDir(), location);
    const safepath::Resolved folder = safepath::checkInside(base, lexical.absolutePath());
    if (!folder.ok)
        return Error{folder.error};
    return dirswap::remove(folder.realPath + u'/' + lexical.fileName());
}

Status ResourceStore::removeInstalled(const ResourceScope &scope, ResourceKind kind, const QString &slug, const QJsonObject &entry,
                                      const QString &location, const Manifest &manifest) const
{
    switch (kind) {
    case ResourceKind::Skill:
        return removeSkillFolder(scope, location);
    case ResourceKind::Rule:
        return safepath::removeEntry(safepath::writeBase(scope.baseDir, m_tool.rootDir(), location), location);
    case ResourceKind::ClaudeMd:
        return applyClaudeMd(scope, slug, nullptr, otherToolsKeep(entry), manifest);
    }
    return {};
}

void ResourceStore::forgetForThisTool(const ResourceScope &scope, ResourceKind kind, const QString &slug, const QJsonObject &entry,
                                      Manifest *manifest) const
{
    const QJsonValue toolsValue = entry.value(QStringLiteral("tools"));
    if (toolsValue.isArray()) {
        QJsonArray tools = toolsValue.toArray();
        for (qsizetype i = tools.size() - 1; i >= 0; --i) {
            if (tools.at(i).toString() == m_tool.name)
                tools.removeAt(i);
        }
        if (tools.isEmpty()) {
            manifest->removeEntry(scope.key, kind, slug);
        } else {
            QJsonObject rest = entry;
            rest.insert(QStringLiteral("tools"), tools);
            manifest->setEntry(scope.key, kind, slug, rest);
        }
    } else if (kind == ResourceKind::ClaudeMd) {
        // The reference's block belongs to the scope: its uninstall removes it for all tools.
        manifest->removeEntry(scope.key, kind, slug);
    } else {
        // An entry of the reference client names no agent: keep it while another agent has it.
        bool elsewhere = false;
        for (const ToolInfo &other : knownTools()) {
            if (other.name != m_tool.name && ResourceStore(other).presentOnDisk(scope, kind, slug, entry))
                elsewhere = true;
        }
        if (!elsewhere)
            manifest->removeEntry(scope.key, kind, slug);
    }
}

ResourceOutcome ResourceStore::uninstall(const ResourceScope &scope, ResourceKind kind, const QString &slug)
{
    ResourceOutcome out;
    const Result<std::unique_ptr<ManifestChange>> change = beginManifestChange();
    if (!change)
        return failureWith(out, change.error());
    Manifest &manifest = (*change)->manifest;
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

    if (const Status removed = removeInstalled(scope, kind, slug, entry, out.location, manifest); !removed)
        return failureWith(out, removed.error());

    if (known) {
        forgetForThisTool(scope, kind, slug, entry, &manifest);
        if (const Status saved = manifest.save(); !saved)
            return failureWith(out, QStringLiteral("Removed, but cannot update the manifest: %1").arg(saved.error()));
    }
    out.ok = true;
    out.detail = QStringLiteral("removed %1 %2 from %3").arg(kindLabel(kind), slug, out.location);
    return out;
}

QString ResourceStore::orphanedClaudeMdSection(const ResourceScope &scope) const
{
    if (m_tool.instructionFile.isEmpty() || !blocksForTool(scope.key, Manifest::load().manifest).isEmpty())
        return {};
    const QString instruction = scope.baseDir + u'/' + m_tool.instructionFile;
    if (!QFileInfo(instruction).isFile())
        return {};
    const Result<QByteArray> text = readWhole(instruction);
    if (!text || !text->contains(claudemd::startMarker()))
        return {};
    return instruction;
}

Status ResourceStore::removeOrphanedClaudeMdSection(const ResourceScope &scope) const
{
    const QString instruction = orphanedClaudeMdSection(scope);
    if (instruction.isEmpty())
        return {};
    resources::InstallLock lock;
    if (const Status locked = lock.acquire(); !locked)
        return locked;
    const safepath::Resolved where =
        safepath::checkInside(safepath::writeBase(scope.baseDir, m_tool.rootDir(), instruction), instruction);
    if (!where.ok)
        return Error{where.error};
    const Result<QByteArray> original = readWhole(where.realPath);
    if (!original)
        return Error{original.error()};
    const claudemd::Merged merged = claudemd::merge(*original, {});
    if (!merged.ok)
        return Error{QStringLiteral("%1: %2").arg(instruction, merged.error)};
    return updateInstructionFile(where, true, *original, merged.text);
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
