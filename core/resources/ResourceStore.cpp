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

bool readWhole(const QString &path, QByteArray *bytes, QString *error)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        *error = QStringLiteral("Cannot read %1: %2").arg(path, file.errorString());
        return false;
    }
    *bytes = file.readAll();
    return true;
}

/// Puts @p text into the instruction file @p where checked; an empty text removes a file that
/// held only our section.
bool updateInstructionFile(const safepath::Resolved &where, bool exists, const QByteArray &original, const QByteArray &text,
                           QString *error)
{
    if (exists && text.isEmpty())
        return toOutParameter(safepath::removeEntry(where.realBase, where.realPath), error);
    if (exists && text == original)
        return true;
    return toOutParameter(safepath::writeFile(where.realBase, where.realPath, text, kPublicFile, safepath::Mode::KeepExisting), error);
}

/// What a skill archive says about itself; judged whole before anything is written.
struct SkillArchive {
    QString prefix;       ///< the folder holding SKILL.md inside the archive ("" at the top)
    QString dirName;      ///< front matter `name`, else the slug
    QString version;
    QString displayName;
};

/// The one SKILL.md nearest the top of @p scan: its path, or an error.
bool findSkillFile(const ArchiveScan &scan, QString *skillFile, QString *error)
{
    int bestDepth = INT_MAX;
    int atBestDepth = 0;
    for (const ArchiveEntry &entry : scan.entries) {
        if (entry.isDir || (entry.path != QLatin1String("SKILL.md") && !entry.path.endsWith(QLatin1String("/SKILL.md"))))
            continue;
        const int depth = int(entry.path.count(u'/'));
        if (depth < bestDepth) {
            bestDepth = depth;
            *skillFile = entry.path;
            atBestDepth = 1;
        } else if (depth == bestDepth) {
            ++atBestDepth;
        }
    }
    if (skillFile->isEmpty())
        *error = QStringLiteral("No SKILL.md in the archive");
    else if (atBestDepth > 1)
        *error = QStringLiteral("More than one SKILL.md at the top of the archive");
    return error->isEmpty();
}

bool readSkillArchive(const QString &payloadPath, const ResourceRequest &request, SkillArchive *skill, QString *error)
{
    const ArchiveScan scan = SafeArchive::scan(payloadPath);
    if (!scan.ok) {
        *error = scan.error;
        return false;
    }
    QString skillFile;
    if (!findSkillFile(scan, &skillFile, error))
        return false;
    skill->prefix = skillFile.contains(u'/') ? skillFile.section(u'/', 0, -2) : QString();
    QByteArray skillText;
    if (!SafeArchive::readFile(payloadPath, skillFile, kMaxSkillFileBytes, &skillText, error))
        return false;
    const auto front = parseFrontMatter(skillText);
    const QString name = front.value(QStringLiteral("name")).trimmed();
    skill->dirName = name.isEmpty() ? request.slug : name;
    if (!isValidSlug(skill->dirName)) {
        *error = QStringLiteral("Invalid skill name in SKILL.md: %1").arg(echoedName(name));
        return false;
    }
    skill->version = front.value(QStringLiteral("version")).trimmed();
    if (!skill->version.isEmpty() && !isValidVersion(skill->version)) {
        *error = QStringLiteral("Invalid version in SKILL.md: %1").arg(echoedName(skill->version));
        return false;
    }
    if (skill->version.isEmpty())
        skill->version = request.version;
    skill->displayName = front.value(QStringLiteral("display_name")).trimmed();
    if (skill->displayName.isEmpty())
        skill->displayName = !request.displayName.isEmpty() ? request.displayName : skill->dirName;
    return true;
}

/// A skill folder is TeamAI's only when the manifest recorded exactly that folder for this
/// skill, scope and tool at install time; a user's own folder of the same name is never replaced.
bool skillFolderIsOurs(const Manifest &manifest, const QString &scopeKey, const QString &tool, const QString &slug,
                       const QString &dirName, const QString &realSkillsDir, QString *error)
{
    const QString owner = manifest.skillFolderOwner(scopeKey, dirName, tool);
    if (!owner.isEmpty() && owner != slug) {
        *error = QStringLiteral("Skill folder %1 belongs to TeamAI skill %2").arg(dirName, owner);
        return false;
    }
    const QFileInfo existing(realSkillsDir + u'/' + dirName);
    if (owner.isEmpty() && (existing.exists() || existing.isSymLink())) {
        *error = QStringLiteral("Skill folder %1 exists and was not installed by TeamAI").arg(dirName);
        return false;
    }
    return true;
}

/// Checked again right before the swap: the skills folder must still be the one checked.
bool stillSameFolder(const QString &base, const QString &dir, const QString &realDir, QString *error)
{
    const safepath::Resolved again = safepath::checkInside(base, dir);
    if (again.ok && again.realPath == realDir)
        return true;
    *error = again.ok ? QStringLiteral("Refusing to write %1: it changed during the install").arg(dir) : again.error;
    return false;
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

bool ResourceStore::writeStoredBlock(const QString &scopeKey, const QString &slug, const QByteArray &content, QString *error) const
{
    const QString dir = claudeMdStoreDir(scopeKey);
    const QString path = dir + u'/' + slug + QStringLiteral(".md");
    if (scopeKey == Manifest::userScopeKey())
        return toOutParameter(paths::ensurePrivateDir(dir), error) && toOutParameter(jsonfile::writeAtomically(path, content, jsonfile::kPrivateFile), error);
    const QString workspace = storeBase(scopeKey);
    return ensureGitignore(workspace, error) && toOutParameter(safepath::makeDirs(workspace, dir), error)
        && toOutParameter(safepath::writeFile(workspace, path, content, jsonfile::kPrivateFile, safepath::Mode::Set), error);
}

void ResourceStore::removeStoredBlock(const QString &scopeKey, const QString &slug) const
{
    const QString path = claudeMdStoreDir(scopeKey) + u'/' + slug + QStringLiteral(".md");
    if (scopeKey == Manifest::userScopeKey())
        QFile::remove(path);
    else
        (void)safepath::removeEntry(storeBase(scopeKey), path);
}

bool ResourceStore::ensureGitignore(const QString &workspace, QString *error)
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
            return true;
    }
    const QByteArray wanted = text.trimmed().isEmpty() ? QByteArrayLiteral("# teamai local state\nlocal-agent/\n")
                                                       : text.trimmed() + QByteArrayLiteral("\nlocal-agent/\n");
    return toOutParameter(safepath::makeDirs(workspace, workspace + QStringLiteral("/.teamai")), error)
        && toOutParameter(safepath::writeFile(workspace, path, wanted, kPublicFile, safepath::Mode::KeepExisting), error);
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
    QString error;
    for (auto it = legacy.begin(); it != legacy.end(); ++it) {
        const QString source = from + u'/' + it.key() + QStringLiteral(".md");
        // Another tool's block of the same slug with other text stays where it is (read as this
        // tool's override), so no block is ever lost.
        if (shared.contains(it.key()) && shared.value(it.key()) != it.value())
            continue;
        if (!shared.contains(it.key()) && !writeStoredBlock(scopeKey, it.key(), it.value(), &error))
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
    SkillArchive skill;
    QString error;
    if (!readSkillArchive(payloadPath, request, &skill, &error)) {
        failureWith(&out, error);
        return out;
    }
    const std::unique_ptr<ManifestChange> change = beginManifestChange(&out);
    if (!change)
        return out;
    Manifest &manifest = change->manifest;
    const QString skillsDir = scope.baseDir + u'/' + m_tool.skillsDir;
    const QString base = safepath::writeBase(scope.baseDir, m_tool.rootDir(), skillsDir);
    const safepath::Resolved where = safepath::checkInside(base, skillsDir);
    if (!where.ok || !skillFolderIsOurs(manifest, scope.key, m_tool.name, request.slug, skill.dirName, where.realPath, &error)) {
        failureWith(&out, where.ok ? error : where.error);
        return out;
    }
    const Result<QString> madeSkillsDir = safepath::makeDirs(base, skillsDir);
    if (!madeSkillsDir) {
        failureWith(&out, madeSkillsDir.error());
        return out;
    }
    const QString realSkillsDir = *madeSkillsDir;
    dirswap::removeStaleLeftovers(realSkillsDir);
    const QString staging = dirswap::siblingPath(realSkillsDir + u'/' + skill.dirName, QStringLiteral("staging"));
    if (!QDir().mkdir(staging)) {
        failureWith(&out, QStringLiteral("Cannot create folder %1").arg(staging));
        return out;
    }
    if (!SafeArchive::extract(payloadPath, skill.prefix, staging, &error)
        || !stillSameFolder(base, skillsDir, realSkillsDir, &error)
        || !dirswap::replace(staging, realSkillsDir + u'/' + skill.dirName, &error)) {
        QDir(staging).removeRecursively();
        failureWith(&out, error);
        return out;
    }

    // A new version may have a new name: the folder the manifest recorded for the old one is ours.
    const QJsonObject previous = manifest.entry(scope.key, ResourceKind::Skill, request.slug);
    if (!previous.isEmpty() && Manifest::appliesToTool(previous, m_tool.name)) {
        const QString oldName = Manifest::recordedFolder(previous, request.slug);
        if (oldName != skill.dirName && dirswap::remove(realSkillsDir + u'/' + oldName, &error))
            qCInfo(lcResources).noquote() << "removed the previous folder" << oldName << "of skill" << request.slug;
    }
    manifest.setEntry(scope.key, ResourceKind::Skill, request.slug,
                      updatedEntry(previous, request.slug, skill.version, skill.displayName, skill.dirName, m_tool.name));
    if (!manifest.save(&error)) {
        failureWith(&out, QStringLiteral("Installed, but cannot update the manifest: %1").arg(error));
        return out;
    }
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
    QByteArray content;
    QString error;
    if (!readMarkdown(payloadPath, &content, &error)) {
        failureWith(&out, error);
        return out;
    }
    const QString version = request.version.isEmpty()
        ? parseFrontMatter(content.left(16 * 1024)).value(QStringLiteral("version")).trimmed()
        : request.version;
    if (!version.isEmpty() && !isValidVersion(version)) {
        failureWith(&out, QStringLiteral("Invalid version in the front matter: %1").arg(echoedName(version)));
        return out;
    }
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
    const bool ours = !previous.isEmpty() && Manifest::appliesToTool(previous, m_tool.name);
    const bool written = request.kind == ResourceKind::Rule ? writeRule(scope, request.slug, ours, content, &error)
                                                            : applyClaudeMd(scope, request.slug, &content, false, manifest, &error);
    if (!written) {
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

bool ResourceStore::forgetClaudeMdWithoutInstructionFile(const QString &scopeKey, const QString &slug, bool installing,
                                                         bool keepStored, const QString &legacyPath, QString *error) const
{
    if (installing) {
        *error = QStringLiteral("%1 has no instruction file for claudemd blocks").arg(m_tool.name);
        return false;
    }
    if (!keepStored)
        removeStoredBlock(scopeKey, slug);
    QFile::remove(legacyPath);
    return true;
}

bool ResourceStore::applyClaudeMd(const ResourceScope &scope, const QString &slug, const QByteArray *content,
                                  bool keepStored, const Manifest &manifest, QString *error) const
{
    migrateLegacyBlocks(scope.key);
    const QString legacyPath = legacyClaudeMdStoreDir(scope.key) + u'/' + slug + QStringLiteral(".md");
    if (m_tool.instructionFile.isEmpty())
        return forgetClaudeMdWithoutInstructionFile(scope.key, slug, content != nullptr, keepStored, legacyPath, error);
    const QString instruction = scope.baseDir + u'/' + m_tool.instructionFile;
    const safepath::Resolved where =
        safepath::checkInside(safepath::writeBase(scope.baseDir, m_tool.rootDir(), instruction), instruction);
    if (!where.ok) {
        *error = where.error;
        return false;
    }
    const bool exists = QFileInfo::exists(where.realPath);
    const QString toolFolder = scope.baseDir + u'/' + m_tool.rootDir();
    if (content && !exists && !QFileInfo(toolFolder).isDir()) {
        *error = QStringLiteral("Cannot install the claudemd block: %1 does not exist").arg(toolFolder);
        return false;
    }

    QMap<QString, QByteArray> blocks = blocksForTool(scope.key, manifest);
    const QMap<QString, QByteArray> shared = sharedBlocks(scope.key);
    const bool hadBlock = shared.contains(slug);
    const QByteArray previousBlock = shared.value(slug);
    if (content)
        blocks.insert(slug, *content);
    else
        blocks.remove(slug);

    QByteArray original;
    if (exists && !readWhole(where.realPath, &original, error))
        return false;
    const claudemd::Merged merged = claudemd::merge(original, blocks);
    if (!merged.ok) {
        *error = QStringLiteral("%1: %2").arg(instruction, merged.error);
        return false;
    }

    // The stored block first: if the instruction file cannot be written, it is put back.
    if (content) {
        if (!writeStoredBlock(scope.key, slug, *content, error))
            return false;
    } else if (!keepStored) {
        removeStoredBlock(scope.key, slug);
    }
    if (!updateInstructionFile(where, exists, original, merged.text, error)) {
        QString ignored;
        if (hadBlock)
            writeStoredBlock(scope.key, slug, previousBlock, &ignored);
        else
            removeStoredBlock(scope.key, slug);
        return false;
    }
    QFile::remove(legacyPath);  // this tool's former text, replaced or removed for good
    return true;
}

bool ResourceStore::writeRule(const ResourceScope &scope, const QString &slug, bool ours, const QByteArray &content,
                              QString *error) const
{
    const QString location = locationOf(scope, ResourceKind::Rule, slug, {});
    const QString base = safepath::writeBase(scope.baseDir, m_tool.rootDir(), location);
    const safepath::Resolved where = safepath::checkInside(base, location);
    if (!where.ok) {
        *error = where.error;
        return false;
    }
    const QFileInfo existing(location);
    if (!ours && (existing.exists() || existing.isSymLink())) {
        *error = QStringLiteral("Rule file %1.md exists and was not installed by TeamAI").arg(slug);
        return false;
    }
    return toOutParameter(safepath::writeFile(base, location, content, kPublicFile, safepath::Mode::Set), error);
}

bool ResourceStore::removeSkillFolder(const ResourceScope &scope, const QString &location, QString *error) const
{
    const QFileInfo lexical(location);
    const QString base = safepath::writeBase(scope.baseDir, m_tool.rootDir(), location);
    const safepath::Resolved folder = safepath::checkInside(base, lexical.absolutePath());
    if (!folder.ok) {
        *error = folder.error;
        return false;
    }
    return dirswap::remove(folder.realPath + u'/' + lexical.fileName(), error);
}

bool ResourceStore::removeInstalled(const ResourceScope &scope, ResourceKind kind, const QString &slug, const QJsonObject &entry,
                                    const QString &location, const Manifest &manifest, QString *error) const
{
    switch (kind) {
    case ResourceKind::Skill:
        return removeSkillFolder(scope, location, error);
    case ResourceKind::Rule:
        return toOutParameter(safepath::removeEntry(safepath::writeBase(scope.baseDir, m_tool.rootDir(), location), location), error);
    case ResourceKind::ClaudeMd:
        return applyClaudeMd(scope, slug, nullptr, otherToolsKeep(entry), manifest, error);
    }
    return true;
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

    if (!removeInstalled(scope, kind, slug, entry, out.location, manifest, &error)) {
        failureWith(&out, error);
        return out;
    }

    if (known) {
        forgetForThisTool(scope, kind, slug, entry, &manifest);
        if (!manifest.save(&error)) {
            failureWith(&out, QStringLiteral("Removed, but cannot update the manifest: %1").arg(error));
            return out;
        }
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
    QByteArray text;
    QString ignored;
    if (!QFileInfo(instruction).isFile() || !readWhole(instruction, &text, &ignored) || !text.contains(claudemd::startMarker()))
        return {};
    return instruction;
}

bool ResourceStore::removeOrphanedClaudeMdSection(const ResourceScope &scope, QString *error) const
{
    const QString instruction = orphanedClaudeMdSection(scope);
    if (instruction.isEmpty())
        return true;
    resources::InstallLock lock;
    if (!lock.acquire(error))
        return false;
    const safepath::Resolved where =
        safepath::checkInside(safepath::writeBase(scope.baseDir, m_tool.rootDir(), instruction), instruction);
    if (!where.ok) {
        *error = where.error;
        return false;
    }
    QByteArray original;
    if (!readWhole(where.realPath, &original, error))
        return false;
    const claudemd::Merged merged = claudemd::merge(original, {});
    if (!merged.ok) {
        *error = QStringLiteral("%1: %2").arg(instruction, merged.error);
        return false;
    }
    return updateInstructionFile(where, true, original, merged.text, error);
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
