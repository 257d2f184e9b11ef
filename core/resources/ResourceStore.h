#pragma once

#include "commands/ResourceKind.h"
#include "resources/ResourceScope.h"
#include "util/Result.h"

#include <QJsonObject>
#include <QList>
#include <QMap>
#include <QString>

namespace teamai {

struct ToolInfo;
class Manifest;

namespace resources {

/// @brief What to install or uninstall; the fields as the command gave them (already validated).
struct ResourceRequest {
    ResourceKind kind = ResourceKind::Skill;
    QString slug;
    QString version;      ///< from the command; the skill's front matter wins when it has one
    QString displayName;  ///< from the command; the skill's front matter wins when it has one
};

/// @brief What an install or uninstall came to.
struct ResourceOutcome {
    bool ok = false;
    QString error;        ///< plain wording for the ack
    QString version;      ///< sent with the ack
    QString detail;       ///< one line for people: what changed, where
    QString location;     ///< the installed (or removed) file or folder
};

/// @brief One resource the manifest says TeamAI installed.
struct InstalledResource {
    QString scopeKey;
    ResourceKind kind = ResourceKind::Skill;
    QString slug;
    QString location;     ///< where it is on disk for the tool
};

/// @brief Installs and removes skills, rules and claudemd blocks of one tool on disk and keeps
/// manifest.json (SPEC §2) in step, under the cross-process InstallLock.
///
/// - Skills: the downloaded zip is checked whole (SafeArchive) before anything is written; the
///   folder holding SKILL.md is extracted into a staging folder beside the target and swapped in
///   (DirectorySwap), named after the front matter `name` (else the slug).
/// - Rules: the Markdown (bare, or the one `.md` of a zip) becomes `<rules dir>/<slug>.md`.
/// - Claudemd blocks: kept one file per slug under the agent's state folder and merged into the
///   tool's instruction file (ClaudeMdSection).
/// A folder or file already there that TeamAI did not install is never overwritten: a skill
/// folder is ours only when the manifest recorded exactly that folder for the skill, scope and
/// tool. Every write, rename and delete goes through SafePath: nothing follows a link out of the
/// base folder (the workspace; in user scope the tool's folder under HOME).
///
/// Manifest entries carry `tools` (our extension) so that one manifest serves several agents.
class ResourceStore
{
public:
    explicit ResourceStore(const ToolInfo &tool);

    /// @brief Installs from the downloaded file @p payloadPath.
    ResourceOutcome install(const ResourceScope &scope, const ResourceRequest &request, const QString &payloadPath);

    /// @brief Removes what TeamAI installed for @p slug; an unknown slug succeeds and changes nothing.
    ResourceOutcome uninstall(const ResourceScope &scope, ResourceKind kind, const QString &slug);

    /// @brief Everything the manifest says TeamAI installed for this tool, in every scope.
    QList<InstalledResource> installedByTeamai() const;

    /// @brief The instruction file in @p scope when it still holds a TeamAI section although the
    /// manifest lists no block for it (e.g. the reference client's uninstall removed ~/.teamai):
    /// the markers say whose it is. Empty when there is none.
    QString orphanedClaudeMdSection(const ResourceScope &scope) const;
    /// @brief Removes that section (text outside the markers kept byte for byte).
    Status removeOrphanedClaudeMdSection(const ResourceScope &scope) const;

    /// @brief Folder of the stored claudemd blocks in @p scopeKey, where the reference client keeps
    /// them (shared by all tools): `~/.teamai/local-agent/resources/user/claudemd`, or for a project
    /// `<workspace>/.teamai/workspaces/<sha1(workspace)[:12]>/local-agent/resources/claudemd`.
    QString claudeMdStoreDir(const QString &scopeKey) const;
    /// @brief Our former per-tool store (`~/.teamai/local-agent/claudemd/<tool>/<scope>`); its
    /// blocks move to claudeMdStoreDir() on first use (a block another tool stored with other
    /// text stays there and still counts as this tool's).
    QString legacyClaudeMdStoreDir(const QString &scopeKey) const;

    /// @brief Where the resource described by manifest @p entry lives for this tool.
    QString locationOf(const ResourceScope &scope, ResourceKind kind, const QString &slug, const QJsonObject &entry) const;
    /// @brief True when that resource exists on disk for this tool.
    bool presentOnDisk(const ResourceScope &scope, ResourceKind kind, const QString &slug, const QJsonObject &entry) const;

private:
    ResourceOutcome installSkill(const ResourceScope &scope, const ResourceRequest &request, const QString &payloadPath);
    ResourceOutcome installMarkdown(const ResourceScope &scope, const ResourceRequest &request, const QString &payloadPath);
    Status applyClaudeMd(const ResourceScope &scope, const QString &slug, const QByteArray *content, bool keepStored,
                         const Manifest &manifest) const;
    /// @brief applyClaudeMd() for a tool without an instruction file: only an uninstall can succeed.
    Status forgetClaudeMdWithoutInstructionFile(const QString &scopeKey, const QString &slug, bool installing, bool keepStored,
                                                const QString &legacyPath) const;
    void migrateLegacyBlocks(const QString &scopeKey) const;
    /// @brief The folder writes of @p scopeKey's store may not leave: the state folder, or the workspace.
    static QString storeBase(const QString &scopeKey);
    QMap<QString, QByteArray> sharedBlocks(const QString &scopeKey) const;
    Status writeStoredBlock(const QString &scopeKey, const QString &slug, const QByteArray &content) const;
    void removeStoredBlock(const QString &scopeKey, const QString &slug) const;
    static Status ensureGitignore(const QString &workspace);
    /// @brief The blocks that go into this tool's instruction file (slug → Markdown).
    QMap<QString, QByteArray> blocksForTool(const QString &scopeKey, const Manifest &manifest) const;
    /// @brief True when @p entry still lists another tool after this one's uninstall.
    bool otherToolsKeep(const QJsonObject &entry) const;
    Status writeRule(const ResourceScope &scope, const QString &slug, bool ours, const QByteArray &content) const;
    Status removeSkillFolder(const ResourceScope &scope, const QString &location) const;
    /// @brief Removes what @p kind / @p slug put on disk at @p location (uninstall's first step).
    Status removeInstalled(const ResourceScope &scope, ResourceKind kind, const QString &slug, const QJsonObject &entry,
                           const QString &location, const Manifest &manifest) const;
    /// @brief Updates @p entry in @p manifest (not saved) now that this tool no longer has it.
    void forgetForThisTool(const ResourceScope &scope, ResourceKind kind, const QString &slug, const QJsonObject &entry,
                           Manifest *manifest) const;
    const ToolInfo &m_tool;
};

} // namespace resources
} // namespace teamai
