#include "config/AgentConfig.h"

#include "config/BindingKeys.h"
#include "config/SettingsFile.h"
#include "log/Logging.h"
#include "util/Paths.h"

#include <QDateTime>
#include <QJsonValue>
#include <QUrl>

namespace teamai {
namespace {

const QString kEndpoint = QStringLiteral("endpoint");
const QString kToken = QStringLiteral("token");
const QString kCreatedAt = QStringLiteral("createdAt");
const QString kRoutes = QStringLiteral("routes");
const QString kUserGroupId = QStringLiteral("userGroupId");
const QString kUserGroupName = QStringLiteral("userGroupName");
const QString kBindings = QStringLiteral("workspaceBindings");
using namespace bindingkeys;
using settingsfile::isAbsent;

// The reference client writes `new Date().toISOString()`: UTC with milliseconds and a Z.
QString nowIso()
{
    return QDateTime::currentDateTimeUtc().toString(Qt::ISODateWithMs);
}

QString typeName(const QJsonValue &value)
{
    switch (value.type()) {
    case QJsonValue::Null: return QStringLiteral("null");
    case QJsonValue::Bool: return QStringLiteral("a boolean");
    case QJsonValue::Double: return QStringLiteral("a number");
    case QJsonValue::String: return QStringLiteral("a string");
    case QJsonValue::Array: return QStringLiteral("an array");
    case QJsonValue::Object: return QStringLiteral("an object");
    case QJsonValue::Undefined: break;
    }
    return QStringLiteral("missing");
}

Status checkOptionalString(const QJsonObject &object, const QString &key, const QString &field)
{
    const QJsonValue value = object.value(key);
    if (isAbsent(value) || value.isString())
        return {};
    return Error{QStringLiteral("field \"%1\" must be a string, not %2").arg(field, typeName(value))};
}

Status checkOptionalId(const QJsonObject &object, const QString &key, const QString &field)
{
    const QJsonValue value = object.value(key);
    if (isAbsent(value) || value.isString() || value.isDouble())
        return {};
    return Error{QStringLiteral("field \"%1\" must be a string or a number, not %2").arg(field, typeName(value))};
}

// The object at @p key, empty when absent; fails when the field holds anything else.
Result<QJsonObject> optionalObject(const QJsonObject &json, const QString &key)
{
    const QJsonValue value = json.value(key);
    if (isAbsent(value))
        return QJsonObject();
    if (!value.isObject())
        return Error{QStringLiteral("field \"%1\" must be an object, not %2").arg(key, typeName(value))};
    return value.toObject();
}

Status checkRoutes(const QJsonObject &json)
{
    const Result<QJsonObject> routes = optionalObject(json, kRoutes);
    if (!routes)
        return Error{routes.error()};
    for (auto it = routes->begin(); it != routes->end(); ++it) {
        if (!isAbsent(it.value()) && !it.value().isString()) {
            return Error{QStringLiteral("field \"routes.%1\" must be a string, not %2")
                .arg(it.key(), typeName(it.value()))};
        }
    }
    return {};
}

Status checkBinding(const QString &workspace, const QJsonValue &entry)
{
    const QString field = QStringLiteral("workspaceBindings[\"%1\"]").arg(workspace);
    if (!entry.isObject())
        return Error{QStringLiteral("field \"%1\" must be an object, not %2").arg(field, typeName(entry))};
    const QJsonObject binding = entry.toObject();
    // A legacy group-based entry ({groupId, …}, no projectId) is dropped on the next
    // change (binding::bindings::normalize), as the reference client drops it.
    if (binding.contains(kGroupId) && !binding.contains(kProjectId))
        return {};
    const QJsonValue projectId = binding.value(kProjectId);
    if (!projectId.isString() && !projectId.isDouble()) {
        return Error{QStringLiteral("field \"%1.projectId\" must be a string or a number, not %2")
            .arg(field, typeName(projectId))};
    }
    for (const QString &key : {kProjectName, kBoundAt, kIdeType}) {
        if (Status optional = checkOptionalString(binding, key, field + u'.' + key); !optional)
            return optional;
    }
    return {};
}

Status checkBindings(const QJsonObject &json)
{
    const Result<QJsonObject> bindings = optionalObject(json, kBindings);
    if (!bindings)
        return Error{bindings.error()};
    for (auto it = bindings->begin(); it != bindings->end(); ++it) {
        if (Status binding = checkBinding(it.key(), it.value()); !binding)
            return binding;
    }
    return {};
}

} // namespace

QString AgentConfig::defaultPath()
{
    return paths::agentStateDir() + QStringLiteral("/config.json");
}

Status AgentConfig::validate(const QJsonObject &json)
{
    for (const QString &key : {kEndpoint, kToken, kCreatedAt, kUserGroupName}) {
        if (Status field = checkOptionalString(json, key, key); !field)
            return field;
    }
    if (Status field = checkOptionalId(json, kUserGroupId, kUserGroupId); !field)
        return field;
    if (Status routes = checkRoutes(json); !routes)
        return routes;
    return checkBindings(json);
}

AgentConfig::Loaded AgentConfig::load(const QString &path)
{
    const settingsfile::Read read = settingsfile::read(path, &AgentConfig::validate);
    return {AgentConfig(read.json), read.exists, read.error};
}

Status AgentConfig::save(const QString &path) const
{
    QJsonObject json = m_json;
    // The reference format always has a workspaceBindings object; keep files it can read.
    if (!json.contains(kBindings))
        json.insert(kBindings, QJsonObject());
    return settingsfile::write(path, json);
}

QString AgentConfig::endpoint() const
{
    return normalizeEndpoint(m_json.value(kEndpoint).toString());
}

void AgentConfig::setEndpoint(const QString &endpoint)
{
    m_json.insert(kEndpoint, normalizeEndpoint(endpoint));
    if (m_json.value(kCreatedAt).toString().isEmpty())
        m_json.insert(kCreatedAt, nowIso());
}

AgentConfig AgentConfig::fromEnvironment()
{
    AgentConfig config;
    QString endpoint;
    for (const char *name : {"TEAMAI_HTTP_ENDPOINT", "TEAMAI_ENDPOINT", "TEAMAI_API_BASE_URL"}) {
        // The reference uses `??`: a variable that is set wins even when blank.
        if (qEnvironmentVariableIsSet(name)) {
            endpoint = qEnvironmentVariable(name);
            break;
        }
    }
    if (normalizeEndpoint(endpoint).isEmpty())
        return config;
    config.m_json.insert(kEndpoint, normalizeEndpoint(endpoint));
    for (const char *name : {"TEAMAI_API_TOKEN", "TEAMAI_TOKEN"}) {
        if (qEnvironmentVariableIsSet(name)) {
            config.setToken(qEnvironmentVariable(name).trimmed());
            break;
        }
    }
    return config;
}

QString AgentConfig::token() const
{
    return m_json.value(kToken).toString().trimmed();
}

void AgentConfig::setToken(const QString &token)
{
    if (token.isEmpty())
        m_json.remove(kToken);
    else
        m_json.insert(kToken, token);
}

QString AgentConfig::createdAt() const
{
    return m_json.value(kCreatedAt).toString();
}

QJsonObject AgentConfig::routes() const
{
    return m_json.value(kRoutes).toObject();
}

QString AgentConfig::userGroupId() const
{
    return idText(m_json.value(kUserGroupId));
}

QString AgentConfig::userGroupName() const
{
    return m_json.value(kUserGroupName).toString();
}

void AgentConfig::setUserGroup(const QString &id, const QString &name)
{
    if (id.isEmpty())
        m_json.remove(kUserGroupId);
    else
        m_json.insert(kUserGroupId, id);
    if (name.isEmpty())
        m_json.remove(kUserGroupName);
    else
        m_json.insert(kUserGroupName, name);
}

QList<AgentConfig::WorkspaceBinding> AgentConfig::workspaceBindings() const
{
    QList<WorkspaceBinding> result;
    const QJsonObject bindings = m_json.value(kBindings).toObject();
    // QJsonObject iterates in key order, so the list comes out sorted by path.
    for (auto it = bindings.begin(); it != bindings.end(); ++it) {
        const QJsonObject entry = it.value().toObject();
        result.append({it.key(), idText(entry.value(kProjectId)), entry.value(kProjectName).toString(),
                       entry.value(kIdeType).toString(), entry.value(kBoundAt).toString()});
    }
    return result;
}

void AgentConfig::setWorkspaceBinding(const WorkspaceBinding &binding)
{
    QJsonObject bindings = m_json.value(kBindings).toObject();
    // Start from the existing entry so fields we do not model survive a re-bind.
    QJsonObject entry = bindings.value(binding.path).toObject();
    entry.insert(kProjectId, binding.projectId);
    if (binding.projectName.isEmpty())
        entry.remove(kProjectName);
    else
        entry.insert(kProjectName, binding.projectName);
    if (binding.ideType.isEmpty())
        entry.remove(kIdeType);
    else
        entry.insert(kIdeType, binding.ideType);
    entry.insert(kBoundAt, binding.boundAt.isEmpty() ? nowIso() : binding.boundAt);
    bindings.insert(binding.path, entry);
    m_json.insert(kBindings, bindings);
}

void AgentConfig::setWorkspaceBindingsJson(const QJsonObject &bindings)
{
    m_json.insert(kBindings, bindings);
}

bool AgentConfig::removeWorkspaceBinding(const QString &path)
{
    QJsonObject bindings = m_json.value(kBindings).toObject();
    if (!bindings.contains(path))
        return false;
    bindings.remove(path);
    m_json.insert(kBindings, bindings);
    return true;
}

QString AgentConfig::idText(const QJsonValue &value)
{
    if (value.isString())
        return value.toString();
    if (value.isDouble()) {
        const double d = value.toDouble();
        const auto asInt = static_cast<qint64>(d);
        return static_cast<double>(asInt) == d ? QString::number(asInt) : QString::number(d, 'g', 17);
    }
    return {};
}


QString AgentConfig::normalizeEndpoint(const QString &endpoint)
{
    QString result = endpoint.trimmed();
    while (result.endsWith(u'/'))
        result.chop(1);
    return result;
}

Status AgentConfig::validateEndpoint(const QString &endpoint)
{
    const QString text = normalizeEndpoint(endpoint);
    if (text.isEmpty())
        return Error{QStringLiteral("the endpoint is empty; expected an http:// or https:// URL")};
    const QUrl url(text, QUrl::StrictMode);
    if (!url.isValid())
        return Error{QStringLiteral("the endpoint \"%1\" is not a valid URL: %2").arg(text, url.errorString())};
    const QString scheme = url.scheme().toLower();
    if (scheme != u"http" && scheme != u"https") {
        return Error{QStringLiteral("the endpoint \"%1\" must start with http:// or https://").arg(text)};
    }
    if (url.host().isEmpty())
        return Error{QStringLiteral("the endpoint \"%1\" has no host name").arg(text)};
    if (!url.userInfo().isEmpty())
        return Error{QStringLiteral("the endpoint must not contain a user name or password; save the token instead")};
    if (url.hasQuery() || url.hasFragment())
        return Error{QStringLiteral("the endpoint \"%1\" must not contain a query (?) or fragment (#)").arg(text)};
    return {};
}

} // namespace teamai
