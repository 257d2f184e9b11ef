#include "DevServer.h"

#include "Downloads.h"

#include <QDateTime>
#include <QHttpServerRequest>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QJsonParseError>
#include <QMetaEnum>
#include <QPointer>
#include <QTcpSocket>
#include <QTimer>

#include <cmath>
#include <cstdio>
#include <functional>
#include <optional>

namespace teamai::devserver {

namespace {

const QString getMethod = QStringLiteral("GET");
const QString postMethod = QStringLiteral("POST");
const QString deleteMethod = QStringLiteral("DELETE");

QString methodName(QHttpServerRequest::Method method)
{
    const char *key = QMetaEnum::fromType<QHttpServerRequest::Method>().valueToKey(int(method));
    return key ? QString::fromLatin1(key).toUpper() : QStringLiteral("UNKNOWN");
}

IncomingRequest copyRequest(const QHttpServerRequest &request)
{
    IncomingRequest in;
    const QUrl url = request.url();
    in.method = methodName(request.method());
    in.path = url.path();
    in.rawQuery = url.query();
    in.query = QUrlQuery(url);
    in.headers = request.headers();
    in.body = request.body();
    in.remote = request.remoteAddress();
    return in;
}

/// The body as logged: parsed JSON when it parses, else the raw text.
QJsonValue loggedBody(const QByteArray &body)
{
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(body, &error);
    if (error.error == QJsonParseError::NoError) {
        if (doc.isObject())
            return doc.object();
        if (doc.isArray())
            return doc.array();
    }
    return QString::fromUtf8(body);
}

/// Parses a request body that must be a JSON object.
std::optional<QJsonObject> objectBody(const QByteArray &body, QString *error)
{
    QJsonParseError parseError;
    const QJsonDocument doc = QJsonDocument::fromJson(body, &parseError);
    if (parseError.error != QJsonParseError::NoError || !doc.isObject()) {
        *error = QStringLiteral("body must be a JSON object");
        return std::nullopt;
    }
    return doc.object();
}

/// Parses a request body that must be JSON (an object or an array).
std::optional<QJsonValue> jsonBody(const QByteArray &body, QString *error)
{
    QJsonParseError parseError;
    const QJsonDocument doc = QJsonDocument::fromJson(body, &parseError);
    if (parseError.error != QJsonParseError::NoError) {
        *error = QStringLiteral("body is not JSON: %1").arg(parseError.errorString());
        return std::nullopt;
    }
    return doc.isArray() ? QJsonValue(doc.array()) : QJsonValue(doc.object());
}

bool isInteger(const QJsonValue &value)
{
    return value.isDouble() && std::floor(value.toDouble()) == value.toDouble();
}

HttpReply methodNotAllowed()
{
    return HttpReply::error(405, QStringLiteral("method not allowed"));
}

HttpReply ok()
{
    return HttpReply::json(QJsonObject{{QStringLiteral("ok"), true}});
}

/// An admin list (the command queue, the faults): GET answers @p list, DELETE calls @p clear,
/// POST hands the JSON body to @p add (its answer, or nullopt and the error for a 400).
HttpReply answerAdminList(const IncomingRequest &in, const std::function<QJsonArray()> &list, const std::function<void()> &clear,
                          const std::function<std::optional<QJsonObject>(const QJsonValue &, QString *)> &add)
{
    if (in.method == getMethod)
        return HttpReply::json(list());
    if (in.method == deleteMethod) {
        clear();
        return ok();
    }
    if (in.method != postMethod)
        return methodNotAllowed();
    QString error;
    const auto body = jsonBody(in.body, &error);
    const std::optional<QJsonObject> added = body ? add(*body, &error) : std::nullopt;
    return added ? HttpReply::json(*added) : HttpReply::error(400, error);
}

} // namespace

QString IncomingRequest::header(const QByteArray &name) const
{
    for (const auto &[key, value] : headers) {
        if (key.compare(name, Qt::CaseInsensitive) == 0)
            return QString::fromUtf8(value);
    }
    return {};
}

QString IncomingRequest::summary() const
{
    QString out = method + QLatin1Char(' ') + path;
    if (!rawQuery.isEmpty())
        out += QLatin1Char('?') + rawQuery;
    return out;
}

DevServer::DevServer(QString token, QString adminToken, bool quiet, QObject *parent)
    : QAbstractHttpServer(parent)
    , m_startToken(token)
    , m_token(std::move(token))
    , m_admin(std::move(adminToken))
    , m_quiet(quiet)
{
}

bool DevServer::handleRequest(const QHttpServerRequest &request, QTcpSocket *socket)
{
    const IncomingRequest in = copyRequest(request);

    if (in.path == QLatin1String("/admin") || in.path.startsWith(QLatin1String("/admin/"))) {
        // The admin API rewrites what the server answers; never let the network, or a web page
        // in a local browser (DNS rebinding: a foreign Host header), drive it.
        std::optional<HttpReply> refusal;
        if (!in.remote.isLoopback())
            refusal = HttpReply::error(403, QStringLiteral("the admin API answers loopback clients only"));
        else
            refusal = m_admin.refusal(in.header("host"), in.header("x-admin-token"));
        send(socket, refusal ? *refusal : answerAdmin(in), in.summary(), 0);
        return true;
    }

    const Route route = classify(in.path);
    const qint64 seq = m_log.open(QJsonObject{
        {QStringLiteral("method"), in.method},
        {QStringLiteral("path"), in.path},
        {QStringLiteral("query"), in.rawQuery},
        {QStringLiteral("route"), routeName(route)},
        {QStringLiteral("authorization"), in.header("authorization")},
        {QStringLiteral("x_api_token"), in.header("x-api-token")},
        {QStringLiteral("content_type"), in.header("content-type")},
        {QStringLiteral("accept_encoding"), in.header("accept-encoding")},
        // Which connection it came on: tests see a client keep one alive.
        {QStringLiteral("peer_port"), int(socket->peerPort())},
        {QStringLiteral("body"), loggedBody(in.body)},
    });

    const std::optional<Fault> fault = route == Route::Unknown ? std::nullopt : m_faults.take(route);
    std::optional<HttpReply> reply = fault ? fault->replacement() : std::nullopt;
    if (!reply)
        reply = answer(route, in);
    if (fault)
        fault->alter(*reply);
    deliver(socket, std::move(*reply), in.summary() + QStringLiteral(" (") + routeName(route) + QLatin1Char(')'), seq,
            fault ? fault->delayMs : 0);
    return true;
}

void DevServer::missingHandler(const QHttpServerRequest &request, QTcpSocket *socket)
{
    // Not reached (handleRequest() takes everything), but the base class requires it.
    send(socket, HttpReply::error(404, QStringLiteral("not found")), copyRequest(request).summary(), 0);
}

Route DevServer::classify(const QString &path) const
{
    for (Route route : kProtocolRoutes) {
        if (path == defaultPath(route))
            return route;
    }
    if (const auto it = m_extraPaths.constFind(path); it != m_extraPaths.constEnd())
        return it.value();
    if (path == QLatin1String("/download") || path.startsWith(QLatin1String("/download/")))
        return Route::Download;
    return Route::Unknown;
}

bool DevServer::authorized(const IncomingRequest &in) const
{
    const QString authorization = in.header("authorization");
    static const QString bearer = QStringLiteral("Bearer ");
    if (authorization.startsWith(bearer, Qt::CaseInsensitive) && authorization.mid(bearer.size()).trimmed() == m_token)
        return true;
    return in.header("x-api-token") == m_token;
}

HttpReply DevServer::answer(Route route, const IncomingRequest &in)
{
    switch (route) {
    case Route::Unknown:
        return HttpReply::error(404, QStringLiteral("not found"));
    case Route::Download:
        return in.method == getMethod ? downloadReply(in.path, in.query) : methodNotAllowed();
    case Route::GetConfig:
    case Route::Projects:
        if (in.method != getMethod)
            return methodNotAllowed();
        break;
    case Route::Report:
    case Route::Sync:
    case Route::Ack:
        if (in.method != postMethod)
            return methodNotAllowed();
        break;
    }

    if (!authorized(in))
        return HttpReply::error(401, QStringLiteral("invalid token"));

    if (route == Route::GetConfig)
        return HttpReply::json(m_account.getConfigAnswer());
    if (route == Route::Projects)
        return HttpReply::json(m_account.projectsAnswer());

    QString error;
    const auto body = objectBody(in.body, &error);
    if (!body)
        return HttpReply::error(400, error);
    if (route == Route::Sync)
        return answerSync(*body);
    if (route == Route::Ack)
        return answerAck(*body);
    return ok();
}

HttpReply DevServer::answerSync(const QJsonObject &body) const
{
    if (m_syncRaw)
        return HttpReply::json(*m_syncRaw);
    const QJsonArray commands = m_queue.deliverableTo(body);
    QJsonObject out{{QStringLiteral("ok"), true}};
    switch (m_syncKey) {
    case SyncKey::Cmds:
        out.insert(QStringLiteral("cmds"), commands);
        break;
    case SyncKey::Commands:
        out.insert(QStringLiteral("commands"), commands);
        break;
    case SyncKey::BothEmptyCmds:
        out.insert(QStringLiteral("cmds"), QJsonArray{});
        out.insert(QStringLiteral("commands"), commands);
        break;
    }
    return HttpReply::json(out);
}

HttpReply DevServer::answerAck(const QJsonObject &body)
{
    const QString status = body.value(QStringLiteral("status")).toString();
    if (status != QLatin1String("success") && status != QLatin1String("failed"))
        return HttpReply::error(400, QStringLiteral("status must be \"success\" or \"failed\""));
    const QJsonValue id = body.value(QStringLiteral("id"));
    if (!isInteger(id))
        return HttpReply::error(400, QStringLiteral("id must be an integer"));
    m_queue.removeId(id);
    m_log.recordAck(body);
    return ok();
}

HttpReply DevServer::answerAdmin(const IncomingRequest &in)
{
    const QString &path = in.path;
    const QString &method = in.method;

    if (path == QLatin1String("/admin/commands"))
        return answerAdminCommands(in);

    if (path == QLatin1String("/admin/requests")) {
        if (method == getMethod)
            return HttpReply::json(m_log.requests());
        if (method == deleteMethod) {
            m_log.clear();
            return ok();
        }
        return methodNotAllowed();
    }

    if (path == QLatin1String("/admin/acks"))
        return method == getMethod ? HttpReply::json(m_log.acks()) : methodNotAllowed();

    if (path == QLatin1String("/admin/faults"))
        return answerAdminFaults(in);

    if (path == QLatin1String("/admin/settings"))
        return answerSettings(in);

    if (path == QLatin1String("/admin/reset")) {
        if (method != postMethod)
            return methodNotAllowed();
        m_queue.clear();
        m_log.clear();
        m_faults.clear();
        resetSettings();
        return ok();
    }

    return HttpReply::error(404, QStringLiteral("no such admin route"));
}

HttpReply DevServer::answerAdminCommands(const IncomingRequest &in)
{
    return answerAdminList(in, [this] { return m_queue.all(); }, [this] { m_queue.clear(); },
                           [this](const QJsonValue &body, QString *error) -> std::optional<QJsonObject> {
                               QList<QJsonObject> commands;
                               if (!CommandQueue::parse(body, &commands, error))
                                   return std::nullopt;
                               m_queue.append(commands);
                               return QJsonObject{{QStringLiteral("queued"), int(commands.size())}};
                           });
}

HttpReply DevServer::answerAdminFaults(const IncomingRequest &in)
{
    return answerAdminList(in, [this] { return m_faults.list(); }, [this] { m_faults.clear(); },
                           [this](const QJsonValue &body, QString *error) -> std::optional<QJsonObject> {
                               if (!m_faults.add(body, error))
                                   return std::nullopt;
                               return QJsonObject{{QStringLiteral("ok"), true}, {QStringLiteral("faults"), m_faults.list()}};
                           });
}

HttpReply DevServer::answerSettings(const IncomingRequest &in)
{
    if (in.method == getMethod)
        return HttpReply::json(settingsJson());
    if (in.method != postMethod)
        return methodNotAllowed();

    QString error;
    const auto body = objectBody(in.body, &error);
    if (!body)
        return HttpReply::error(400, error);

    // Validate everything before changing anything, so a bad request leaves the settings alone.
    std::optional<SyncKey> syncKey;
    QHash<QString, Route> paths = m_extraPaths;
    if (const QString problem = checkSettings(*body, &syncKey, &paths); !problem.isEmpty())
        return HttpReply::error(400, problem);

    if (syncKey)
        m_syncKey = *syncKey;
    if (body->contains(QStringLiteral("syncRaw"))) {
        const QJsonValue raw = body->value(QStringLiteral("syncRaw"));
        m_syncRaw = raw.isNull() ? std::nullopt : std::optional<QJsonValue>(raw);
    }
    m_extraPaths = paths;
    if (body->contains(QStringLiteral("token")))
        m_token = body->value(QStringLiteral("token")).toString();
    for (auto it = body->begin(); it != body->end(); ++it) {
        if (AccountAnswers::handles(it.key()))
            m_account.apply(it.key(), it.value());
    }
    return HttpReply::json(settingsJson());
}

QString DevServer::checkSettings(const QJsonObject &body, std::optional<SyncKey> *syncKey, QHash<QString, Route> *paths)
{
    for (auto it = body.begin(); it != body.end(); ++it) {
        const QString key = it.key();
        QString problem;
        if (key == QLatin1String("syncKey")) {
            *syncKey = syncKeyNamed(it.value().toString());
            if (!*syncKey)
                problem = QStringLiteral("syncKey must be cmds, commands or both-empty-cmds");
        } else if (key == QLatin1String("routes")) {
            problem = overrideRoutes(it.value(), paths);
        } else if (key == QLatin1String("token")) {
            if (it.value().toString().isEmpty())
                problem = QStringLiteral("token must be a non-empty string");
        } else if (AccountAnswers::handles(key)) {
            problem = AccountAnswers::check(key, it.value());
        } else if (key != QLatin1String("syncRaw")) {
            problem = QStringLiteral("unknown setting: %1").arg(key);
        }
        if (!problem.isEmpty())
            return problem;
    }
    return {};
}

std::optional<DevServer::SyncKey> DevServer::syncKeyNamed(const QString &value)
{
    if (value == QLatin1String("cmds"))
        return SyncKey::Cmds;
    if (value == QLatin1String("commands"))
        return SyncKey::Commands;
    if (value == QLatin1String("both-empty-cmds"))
        return SyncKey::BothEmptyCmds;
    return std::nullopt;
}

QString DevServer::overrideRoutes(const QJsonValue &value, QHash<QString, Route> *paths)
{
    if (!value.isObject())
        return QStringLiteral("routes must be an object of route name to path");
    const QJsonObject routes = value.toObject();
    for (auto r = routes.begin(); r != routes.end(); ++r) {
        const auto route = routeFromName(r.key());
        if (!route || *route == Route::Download)
            return QStringLiteral("routes: unknown protocol route %1").arg(r.key());
        for (auto p = paths->begin(); p != paths->end();)
            p = p.value() == *route ? paths->erase(p) : std::next(p);
        QString routePath = r.value().toString();
        if (routePath.isEmpty())
            continue; // empty or null: back to the default path only
        if (!routePath.startsWith(QLatin1Char('/')))
            routePath.prepend(QLatin1Char('/'));
        paths->insert(routePath, *route);
    }
    return {};
}

QJsonObject DevServer::settingsJson() const
{
    QString key = QStringLiteral("cmds");
    if (m_syncKey == SyncKey::Commands)
        key = QStringLiteral("commands");
    else if (m_syncKey == SyncKey::BothEmptyCmds)
        key = QStringLiteral("both-empty-cmds");
    QJsonObject routes;
    for (auto it = m_extraPaths.constBegin(); it != m_extraPaths.constEnd(); ++it)
        routes.insert(routeName(it.value()), it.key());
    QJsonObject settings{
        {QStringLiteral("syncKey"), key},
        {QStringLiteral("syncRaw"), m_syncRaw ? *m_syncRaw : QJsonValue(QJsonValue::Null)},
        {QStringLiteral("routes"), routes},
    };
    m_account.addTo(settings);
    return settings;
}

void DevServer::resetSettings()
{
    m_syncKey = SyncKey::Cmds;
    m_syncRaw.reset();
    m_extraPaths.clear();
    m_account.reset();
    m_token = m_startToken;
}

void DevServer::deliver(QTcpSocket *socket, HttpReply reply, const QString &summary, qint64 seq, int delayMs)
{
    if (delayMs <= 0) {
        send(socket, reply, summary, seq);
        return;
    }
    // The socket is deleted if the client disconnects meanwhile; QPointer notices. A precise
    // timer, because the default coarse one may fire 5% early and tests time client timeouts.
    QPointer<QTcpSocket> guard(socket);
    QTimer::singleShot(delayMs, Qt::PreciseTimer, this, [this, guard, reply = std::move(reply), summary, seq] {
        if (!guard || guard->state() != QAbstractSocket::ConnectedState) {
            logLine(summary + QStringLiteral(" -> client left before the delayed answer"));
            return;
        }
        send(guard.data(), reply, summary, seq);
    });
}

void DevServer::send(QTcpSocket *socket, const HttpReply &reply, const QString &summary, qint64 seq)
{
    sendReply(socket, reply);
    if (seq > 0)
        m_log.setStatus(seq, reply.loggedStatus());
    logLine(summary + QStringLiteral(" -> ")
            + (reply.drop ? QStringLiteral("dropped") : QString::number(reply.status))
            + (reply.truncateAt >= 0 ? QStringLiteral(" (truncated)") : QString()));
}

void DevServer::logLine(const QString &text) const
{
    if (m_quiet)
        return;
    const QString line = QDateTime::currentDateTimeUtc().toString(Qt::ISODateWithMs) + QLatin1Char(' ') + text
                         + QLatin1Char('\n');
    std::fputs(line.toLocal8Bit().constData(), stderr);
}

} // namespace teamai::devserver
