#include "mcp/McpDefinition.h"

#include "resources/ResourceNames.h"
#include "util/Result.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QRegularExpression>
#include <QUrl>

#include <cmath>

namespace teamai::mcp {
namespace {

constexpr qsizetype kMaxCommand = 4096;
constexpr qsizetype kMaxUrl = 8192;
constexpr qsizetype kMaxValue = 32768;  // one arg, env value or header value
constexpr qsizetype kMaxItems = 256;    // args, env entries, headers
constexpr double kMaxTimeoutMs = 24.0 * 3600 * 1000;

/// Which control characters a field may hold: none, or tab and line breaks (multi-line values).
enum class Controls { None, TabAndLineBreaks };

bool hasForbiddenControl(const QString &text, Controls allowed)
{
    for (qsizetype i = 0; i < text.size(); ++i) {
        const char16_t u = text.at(i).unicode();
        // An unpaired surrogate cannot be written as UTF-8 (nor in TOML): refused with the controls.
        if (QChar::isHighSurrogate(u) && i + 1 < text.size() && QChar::isLowSurrogate(text.at(i + 1).unicode())) {
            ++i;
            continue;
        }
        if (QChar::isSurrogate(u))
            return true;
        const bool control = u < 0x20 || (u >= 0x7F && u <= 0x9F);
        if (control && !(allowed == Controls::TabAndLineBreaks && (u == u'\t' || u == u'\n' || u == u'\r')))
            return true;
    }
    return false;
}

/// The checks every string shares.
Status checkText(const QString &what, const QString &text, qsizetype maxLength, Controls allowed)
{
    if (text.size() > maxLength)
        return Error{QStringLiteral("%1 is too long").arg(what)};
    if (hasForbiddenControl(text, allowed))
        return Error{QStringLiteral("%1 contains a control character").arg(what)};
    return {};
}

class Checker
{
public:
    Checker(QString type, QString name) : m_type(std::move(type)), m_name(std::move(name)) {}

    Error failFor(const QString &what, const QString &problem) const
    {
        return Error{QStringLiteral("%1: %2 of server \"%3\" %4").arg(m_type, what, m_name, problem)};
    }

    /// @p text checked by checkText(), its failure worded for this server.
    Status checkField(const QString &what, const QString &text, qsizetype maxLength, Controls allowed) const
    {
        if (const Status checked = checkText(what, text, maxLength, allowed); !checked)
            return Error{QStringLiteral("%1: %2 (server \"%3\")").arg(m_type, checked.error(), m_name)};
        return {};
    }

    /// A map of strings (`env`, `headers`) whose keys match @p keyPattern.
    Status readMap(const QJsonObject &config, const QString &field, const QRegularExpression &keyPattern,
                   Controls valueControls, QList<std::pair<QString, QString>> *out) const
    {
        const QJsonValue value = config.value(field);
        if (value.isUndefined() || value.isNull())
            return {};
        if (!value.isObject())
            return failFor(field, QStringLiteral("must be an object of strings"));
        const QJsonObject map = value.toObject();
        if (map.size() > kMaxItems)
            return failFor(field, QStringLiteral("has too many entries"));
        for (auto it = map.begin(); it != map.end(); ++it) {
            if (!keyPattern.match(it.key()).hasMatch())
                return Error{QStringLiteral("%1: invalid %2 name \"%3\" for server \"%4\"")
                                 .arg(m_type, field == QLatin1String("env") ? QStringLiteral("env") : QStringLiteral("header"),
                                      resources::echoedName(it.key()), m_name)};
            if (!it.value().isString())
                return failFor(field, QStringLiteral("must be an object of strings"));
            if (const Status checked = checkField(QStringLiteral("%1 %2").arg(field, it.key()), it.value().toString(), kMaxValue, valueControls); !checked)
                return checked;
            out->append({it.key(), it.value().toString()});
        }
        return {};
    }

    Status readStdio(const QJsonObject &config, McpServer *server) const
    {
        const QJsonValue command = config.value(QStringLiteral("command"));
        if (!command.isString() || command.toString().trimmed().isEmpty())
            return Error{QStringLiteral("%1: server \"%2\" needs a command (stdio transport)").arg(m_type, m_name)};
        server->command = command.toString();
        if (const Status checked = checkField(QStringLiteral("command"), server->command, kMaxCommand, Controls::None); !checked)
            return checked;
        const QJsonValue args = config.value(QStringLiteral("args"));
        if (!args.isUndefined() && !args.isNull()) {
            if (!args.isArray() || args.toArray().size() > kMaxItems)
                return failFor(QStringLiteral("args"), QStringLiteral("must be an array of strings"));
            for (const QJsonValue &arg : args.toArray()) {
                if (!arg.isString())
                    return failFor(QStringLiteral("args"), QStringLiteral("must be an array of strings"));
                if (const Status checked = checkField(QStringLiteral("an argument"), arg.toString(), kMaxValue, Controls::TabAndLineBreaks); !checked)
                    return checked;
                server->args.append(arg.toString());
            }
        }
        static const QRegularExpression envName(QStringLiteral("^[A-Za-z_][A-Za-z0-9_]*\\z"));
        return readMap(config, QStringLiteral("env"), envName, Controls::TabAndLineBreaks, &server->env);
    }

    Status readRemote(const QJsonObject &config, McpServer *server) const
    {
        const QJsonValue url = config.value(QStringLiteral("url"));
        if (!url.isString() || url.toString().trimmed().isEmpty())
            return Error{QStringLiteral("%1: server \"%2\" needs a url (%3 transport)").arg(m_type, m_name, transportName(server->transport))};
        server->url = url.toString();
        if (const Status checked = checkField(QStringLiteral("url"), server->url, kMaxUrl, Controls::None); !checked)
            return checked;
        const QUrl parsed(server->url, QUrl::StrictMode);
        const QString scheme = parsed.scheme().toLower();
        if (!parsed.isValid() || (!scheme.isEmpty() && scheme != QLatin1String("http") && scheme != QLatin1String("https")))
            return Error{QStringLiteral("%1: unsupported url scheme \"%2:\" for server \"%3\"").arg(m_type, resources::echoedName(scheme), m_name)};
        if (scheme.isEmpty() || parsed.host().isEmpty())
            return Error{QStringLiteral("%1: invalid url for server \"%2\": %3").arg(m_type, m_name, resources::echoedName(server->url))};
        static const QRegularExpression token(QStringLiteral("^[!#$%&'*+.^_`|~0-9A-Za-z-]+\\z"));
        return readMap(config, QStringLiteral("headers"), token, Controls::None, &server->headers);
    }

    Status readTimeout(const QJsonObject &config, McpServer *server) const
    {
        const QJsonValue value = config.value(QStringLiteral("timeout"));
        if (value.isUndefined() || value.isNull())
            return {};
        bool ok = value.isDouble();
        double ms = value.toDouble();
        if (value.isString())
            ms = value.toString().trimmed().toDouble(&ok);
        if (!ok || !std::isfinite(ms) || ms <= 0 || ms > kMaxTimeoutMs) {
            const QString shown = value.isString() ? value.toString() : QString::number(value.toDouble());
            return Error{QStringLiteral("%1: invalid timeout for server \"%2\": %3").arg(m_type, m_name, resources::echoedName(shown))};
        }
        server->timeoutMs = ms;
        return {};
    }

private:
    QString m_type;
    QString m_name;
};

} // namespace

QString transportName(Transport transport)
{
    switch (transport) {
    case Transport::Stdio: return QStringLiteral("stdio");
    case Transport::Http: return QStringLiteral("http");
    case Transport::Sse: return QStringLiteral("sse");
    }
    return {};
}

ParsedServer parseDefinition(const QString &type, const QString &name, const QJsonValue &config)
{
    ParsedServer parsed;
    if (config.isUndefined() || config.isNull()) {
        parsed.error = QStringLiteral("%1: missing mcp_config").arg(type);
        return parsed;
    }
    if (!config.isObject()) {
        parsed.error = QStringLiteral("%1: mcp_config is not an object").arg(type);
        return parsed;
    }
    const QJsonObject object = config.toObject();
    const Checker check(type, name);
    McpServer server;
    server.name = name;
    const QJsonValue transport = object.value(QStringLiteral("transport"));
    const QString transportText = transport.isString() ? transport.toString() : QString();
    if (transport.isUndefined() || transport.isNull()) {
        parsed.error = QStringLiteral("%1: missing transport for server \"%2\"").arg(type, name);
        return parsed;
    }
    if (transportText == QLatin1String("stdio"))
        server.transport = Transport::Stdio;
    else if (transportText == QLatin1String("http"))
        server.transport = Transport::Http;
    else if (transportText == QLatin1String("sse"))
        server.transport = Transport::Sse;
    else {
        parsed.error = QStringLiteral("%1: unsupported transport \"%2\" for server \"%3\"")
                           .arg(type, resources::echoedName(transport.isString() ? transportText : transport.toVariant().toString()), name);
        return parsed;
    }
    Status read = server.transport == Transport::Stdio ? check.readStdio(object, &server) : check.readRemote(object, &server);
    if (read)
        read = check.readTimeout(object, &server);
    if (read)
        parsed.server = server;
    parsed.error = read.error();
    return parsed;
}

} // namespace teamai::mcp
