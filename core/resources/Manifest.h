#pragma once

#include "commands/ResourceKind.h"
#include "util/Result.h"

#include <QJsonObject>
#include <QString>
#include <QStringList>

namespace teamai {

/// @brief `~/.teamai/local-agent/manifest.json` (SPEC §2), the record of what TeamAI installed,
/// kept in the reference client's format: `{scopes: {"user"|"project:<path>": {skills:{},
/// rules:{}, claudemd:{}}}}`, each entry `{slug, version?, display_name?, source, installed_at,
/// dir_name?}`. Unknown fields are preserved on write.
///
/// Every stored name that becomes part of a path is checked on every read exactly as on install
/// (isValidSlug for slugs and `dir_name`, an absolute clean path for a project scope): an
/// invalid entry or scope is logged once when the file is loaded and is invisible to every
/// accessor, so nothing ever acts on it (a crafted `dir_name: ../../Documents` deletes nothing).
/// It stays in the file untouched.
class Manifest
{
public:
    static QString defaultPath();
    static QString userScopeKey() { return QStringLiteral("user"); }
    static QString projectScopeKey(const QString &workspace) { return QStringLiteral("project:") + workspace; }

    struct Loaded;
    static Loaded load(const QString &path = defaultPath());
    Status save(const QString &path = defaultPath()) const;

    /// @brief The entry for @p slug, or an empty object.
    QJsonObject entry(const QString &scopeKey, ResourceKind kind, const QString &slug) const;
    bool contains(const QString &scopeKey, ResourceKind kind, const QString &slug) const;
    /// @brief True when an entry of @p kind in @p scopeKey has slug or dir_name @p name and, when
    /// @p tool is given, applies to that tool (see appliesToTool()).
    bool containsInstalledName(const QString &scopeKey, ResourceKind kind, const QString &name,
                               const QString &tool = {}) const;
    /// @brief Our extension of the reference format: an entry may carry `tools` (the agents it
    /// was installed for). An entry without it (written by the reference client, which handles one
    /// agent) applies to every tool.
    static bool appliesToTool(const QJsonObject &entry, const QString &tool);
    /// @brief The folder under the skills dir that @p entry recorded at install time: its
    /// `dir_name`, or the slug for an entry without one (the reference client's).
    static QString recordedFolder(const QJsonObject &entry, const QString &slug);
    /// @brief The slug of the skill entry in @p scopeKey, applying to @p tool, that recorded the
    /// folder @p dirName; empty when TeamAI did not install that folder there.
    QString skillFolderOwner(const QString &scopeKey, const QString &dirName, const QString &tool) const;
    /// @brief Fine when @p scopeKey is `user` or `project:<absolute clean path>`, else why not.
    static Status checkScope(const QString &scopeKey);
    /// @brief One line per scope or entry that every accessor ignores, with the reason
    /// (`skills entry evil in scope user - invalid dir_name ../../Documents`).
    QStringList invalidEntries() const;
    /// @brief Fine when the entry stored under @p slug is usable, else why not.
    static Status checkEntry(const QString &slug, const QJsonValue &entry);
    void setEntry(const QString &scopeKey, ResourceKind kind, const QString &slug, const QJsonObject &entry);
    void removeEntry(const QString &scopeKey, ResourceKind kind, const QString &slug);
    /// @brief All entries of @p kind in @p scopeKey, by slug.
    QJsonObject entries(const QString &scopeKey, ResourceKind kind) const;
    QStringList scopeKeys() const;

    const QJsonObject &raw() const { return m_root; }

private:
    static QString kindKey(ResourceKind kind);
    void logInvalidEntries() const;
    QJsonObject m_root;
};

struct Manifest::Loaded {
    Manifest manifest;
    QString error;  ///< set when the file exists but cannot be read; the manifest is then empty
};

} // namespace teamai
