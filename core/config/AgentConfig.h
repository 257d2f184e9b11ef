#pragma once

#include "util/Result.h"

#include <QJsonObject>
#include <QList>
#include <QString>
#include <QStringList>

#include <utility>

namespace teamai {

/// @brief The shared agent configuration, `~/.teamai/local-agent/config.json`, in the reference
/// client's format:
/// `{endpoint, token?, createdAt, routes?, userGroupId?, userGroupName?,
///   workspaceBindings: {path: {projectId, projectName?, boundAt, ideType?}}}`.
///
/// The whole JSON object is kept, so fields this product does not know (written by the reference
/// client or a newer version) survive a load/modify/save round trip. Accessors read from that
/// object; setters change only their own field. A value type: load, change, save.
///
/// Type rules on load: optional fields may be absent or `null` (Node writes `null`); ids
/// (`userGroupId`, `projectId`) may be strings or numbers, because backends send both; everything
/// else must have the documented type, or load() fails with a message naming the file and field.
class AgentConfig
{
public:
    AgentConfig() = default;

    /// @brief One `workspaceBindings` entry: a local folder bound to a backend project.
    struct WorkspaceBinding {
        QString path;
        QString projectId;
        QString projectName;
        QString ideType;
        QString boundAt;
    };

    /// @brief Result of load(): an empty config when the file is missing or invalid.
    struct Loaded;

    /// @brief `<agent state dir>/config.json` (honours TEAMAI_HOME).
    static QString defaultPath();

    /// @brief Reads @p path. Missing file → exists=false, no error. Invalid JSON or a field of the
    /// wrong type → error set (naming file and field) and an empty config; the file is not touched.
    static Loaded load(const QString &path = defaultPath());

    /// @brief The configuration teamai-cli 0.25 builds from the environment when there is no
    /// config.json: endpoint from TEAMAI_HTTP_ENDPOINT (else TEAMAI_ENDPOINT, TEAMAI_API_BASE_URL),
    /// token from TEAMAI_API_TOKEN (else TEAMAI_TOKEN). Empty when no endpoint variable is set.
    /// Never written anywhere.
    static AgentConfig fromEnvironment();

    /// @brief Writes the config atomically (QSaveFile) with mode 0600 (it may hold the token); the
    /// folder is made 0700.
    Status save(const QString &path = defaultPath()) const;

    /// @brief True when nothing has been loaded or set.
    bool isEmpty() const { return m_json.isEmpty(); }

    /// @brief The whole JSON object, unknown fields included.
    QJsonObject toJson() const { return m_json; }

    /// @brief The backend URL, trimmed and without trailing slashes (the protocol's base URL).
    QString endpoint() const;
    /// @brief Sets the endpoint (normalized like endpoint()); also sets createdAt if absent.
    void setEndpoint(const QString &endpoint);
    /// @brief `token`: where teamai-cli 0.25 keeps the API token (and our file store keeps a copy,
    /// see referencetoken). Empty when absent.
    QString token() const;
    /// @brief Sets `token`; an empty @p token removes the field.
    void setToken(const QString &token);
    /// @brief `createdAt` as written (ISO-8601), empty when absent.
    QString createdAt() const;

    /// @brief The raw `routes` object (empty when absent): route name → path override, read by
    /// net/BackendRoutes (routeUrl), which holds the names and default paths.
    QJsonObject routes() const;

    /// @brief `userGroupId` as a string (numbers are converted), empty when absent.
    QString userGroupId() const;
    QString userGroupName() const;
    /// @brief Sets the user group; an empty @p name removes `userGroupName`.
    void setUserGroup(const QString &id, const QString &name = {});

    /// @brief All `workspaceBindings`, sorted by path.
    QList<WorkspaceBinding> workspaceBindings() const;
    /// @brief Adds or replaces the binding for @p binding.path (boundAt defaults to now).
    void setWorkspaceBinding(const WorkspaceBinding &binding);
    /// @brief Removes the binding of @p path; returns whether there was one.
    bool removeWorkspaceBinding(const QString &path);
    /// @brief Replaces the whole `workspaceBindings` object (binding::BindingStore writes it as
    /// the reference client does).
    void setWorkspaceBindingsJson(const QJsonObject &bindings);

    /// @brief An id (a user group's, a project's) as text: ids come as strings from some backends
    /// and as numbers from others, and both mean the same id. Empty when it is neither.
    static QString idText(const QJsonValue &value);

    /// @brief Trims and strips trailing slashes: the one spelling used as base URL and token key.
    static QString normalizeEndpoint(const QString &endpoint);

    /// @brief Succeeds when @p endpoint is an absolute http(s) URL with a host; else fails with a
    /// message for the user. Query, fragment and user-info parts are refused too: routes are appended to the
    /// endpoint, and credentials belong in the token store, not in a URL that gets logged.
    static Status validateEndpoint(const QString &endpoint);

private:
    explicit AgentConfig(QJsonObject json) : m_json(std::move(json)) {}
    static Status validate(const QJsonObject &json);

    QJsonObject m_json;
};

struct AgentConfig::Loaded {
    AgentConfig config;
    bool exists = false;
    QString error;
};

} // namespace teamai
