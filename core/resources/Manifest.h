#pragma once

#include "commands/Command.h"

#include <QJsonObject>
#include <QString>

namespace teamai {

/// @brief `~/.teamai/local-agent/manifest.json` (SPEC §2), the record of what TeamAI installed,
/// kept in the reference client's format: `{scopes: {"user"|"project:<path>": {skills:{},
/// rules:{}, claudemd:{}}}}`, each entry `{slug, version?, display_name?, source, installed_at,
/// dir_name?}`. Unknown fields are preserved on write.
class Manifest
{
public:
    static QString defaultPath();
    static QString userScopeKey() { return QStringLiteral("user"); }
    static QString projectScopeKey(const QString &workspace) { return QStringLiteral("project:") + workspace; }

    struct Loaded;
    static Loaded load(const QString &path = defaultPath());
    bool save(QString *error, const QString &path = defaultPath()) const;

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
    void setEntry(const QString &scopeKey, ResourceKind kind, const QString &slug, const QJsonObject &entry);
    void removeEntry(const QString &scopeKey, ResourceKind kind, const QString &slug);
    /// @brief All entries of @p kind in @p scopeKey, by slug.
    QJsonObject entries(const QString &scopeKey, ResourceKind kind) const;
    QStringList scopeKeys() const;

    const QJsonObject &raw() const { return m_root; }

private:
    static QString kindKey(ResourceKind kind);
    QJsonObject m_root;
};

struct Manifest::Loaded {
    Manifest manifest;
    QString error;  ///< set when the file exists but cannot be read; the manifest is then empty
};

} // namespace teamai
