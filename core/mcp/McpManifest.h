#pragma once

#include "mcp/JsonText.h"
#include "util/Result.h"

#include <QString>
#include <QStringList>

#include <optional>

namespace teamai::mcp {

/// @brief `managed-mcp.json`: which MCP servers TeamAI installed, in the reference client's
/// format and places, so that either client removes (and only removes) what one of them added:
/// `{"<tool>": [{"name", "hash"}…], "<tool>:project": […]}`.
///  - user scope: `~/.teamai/managed-mcp.json` (the TeamAI home);
///  - project scope: `<workspace>/.teamai/workspaces/<sha1(workspace)[:12]>/managed-mcp.json`,
///    keys `<tool>:project`. Records an older reference left in `<workspace>/.teamai/managed-mcp.json`
///    (`<tool>:project`, `<tool>:project:<id>`) count as this workspace's and move on save.
/// A server is ours when its tool's key lists its name; `hash` is the rendered entry's hash.
/// The file is edited as text (JsonText): keys and records we do not touch stay as they are.
/// A value type: load, change, save — under InstallLock.
class McpManifest
{
public:
    static QString userPath();
    static QString workspaceId(const QString &workspace);
    static QString projectPath(const QString &workspace);
    /// @brief `<tool>` or `<tool>:project`.
    static QString key(const QString &tool, bool project);

    struct Loaded;
    static Loaded loadUser();
    static Loaded loadProject(const QString &workspace);

    /// @brief The names @p key lists, in file order.
    QStringList names(const QString &key) const;
    bool owns(const QString &key, const QString &name) const { return names(key).contains(name); }
    /// @brief Records @p name under @p key with @p hash (replacing its record, else appended).
    void put(const QString &key, const QString &name, const QString &hash);
    /// @brief Drops @p name's record; a key left with none is removed. False when it had none.
    bool remove(const QString &key, const QString &name);

    Status save() const;
    QString path() const { return m_path; }

private:
    McpManifest(QString path, QString base, JsonText text) : m_path(std::move(path)), m_base(std::move(base)), m_text(std::move(text)) {}
    static Loaded load(const QString &path, const QString &base);
    void adoptLegacy(const QString &workspace);

    QString m_path;
    QString m_base;  ///< the folder it may not leave through a link
    JsonText m_text;
    QString m_legacyPath;      ///< set when records were taken from the older file
    QStringList m_legacyKeys;  ///< …under these keys, removed from it on save
};

struct McpManifest::Loaded {
    std::optional<McpManifest> manifest;
    QString error;  ///< it exists but cannot be read: nothing may be written over it
};

} // namespace teamai::mcp
