#include "FaultInjector.h"

#include <QJsonObject>
#include <QSet>

#include <cmath>

namespace teamai::devserver {

namespace {

// Large enough to trip any client size cap, small enough not to exhaust the test machine.
constexpr qint64 maxOversizedBytes = 512LL * 1024 * 1024;
constexpr int maxDelayMs = 10 * 60 * 1000;

/// Reads an optional integer field within [min, max]; false (with @p error) if it is malformed.
bool readInteger(const QJsonObject &object, const QString &key, qint64 min, qint64 max,
                 qint64 *out, QString *error)
{
    if (!object.contains(key))
        return true;
    const QJsonValue value = object.value(key);
    const double number = value.toDouble(std::nan(""));
    if (!value.isDouble() || std::floor(number) != number || number < double(min) || number > double(max)) {
        *error = QStringLiteral("%1 must be an integer from %2 to %3").arg(key).arg(min).arg(max);
        return false;
    }
    *out = qint64(number);
    return true;
}

bool readBool(const QJsonObject &object, const QString &key, bool *out, QString *error)
{
    if (!object.contains(key))
        return true;
    if (!object.value(key).isBool()) {
        *error = QStringLiteral("%1 must be true or false").arg(key);
        return false;
    }
    *out = object.value(key).toBool();
    return true;
}

/// Reads `redirectTo` (a URL, no line breaks) and checks that `status` is a redirect code.
bool readRedirect(const QJsonObject &object, Fault *fault, QString *error)
{
    if (!object.contains(QStringLiteral("redirectTo")))
        return true;
    const QString to = object.value(QStringLiteral("redirectTo")).toString();
    if (to.isEmpty() || to.contains(QLatin1Char('\r')) || to.contains(QLatin1Char('\n'))) {
        *error = QStringLiteral("redirectTo must be a URL");
        return false;
    }
    static const QList<int> codes{301, 302, 303, 307, 308};
    if (fault->status && !codes.contains(*fault->status)) {
        *error = QStringLiteral("with redirectTo, status must be 301, 302, 303, 307 or 308");
        return false;
    }
    if (!fault->body.isUndefined()) {
        *error = QStringLiteral("redirectTo takes no body");
        return false;
    }
    fault->redirectTo = to;
    return true;
}

bool onlyKnownFields(const QJsonObject &object, QString *error)
{
    static const QSet<QString> known{
        QStringLiteral("route"),   QStringLiteral("status"),         QStringLiteral("body"),
        QStringLiteral("delayMs"), QStringLiteral("malformed"),      QStringLiteral("oversizedBytes"),
        QStringLiteral("drop"),    QStringLiteral("truncate"),       QStringLiteral("times"),
        QStringLiteral("redirectTo"), QStringLiteral("contentLength")};
    // Reject typos loudly: a silently ignored "dealyMs" makes a test pass for the wrong reason.
    for (const QString &key : object.keys()) {
        if (!known.contains(key)) {
            *error = QStringLiteral("unknown fault field: %1").arg(key);
            return false;
        }
    }
    return true;
}

/// One answer at most (a delay goes with any), and at least a delay.
bool doesOneThing(const Fault &fault, QString *error)
{
    // With redirectTo, status is the redirect's code rather than an answer of its own.
    const int answers = int(fault.status.has_value() && fault.redirectTo.isEmpty()) + int(fault.malformed)
                        + int(fault.oversizedBytes > 0) + int(fault.drop) + int(fault.truncate)
                        + int(!fault.redirectTo.isEmpty()) + int(fault.contentLength > 0);
    if (answers > 1) {
        *error = QStringLiteral("use only one of status, malformed, oversizedBytes, drop, truncate, redirectTo, "
                                "contentLength (delayMs combines with any, status with redirectTo)");
        return false;
    }
    if (answers == 0 && fault.delayMs == 0) {
        *error = QStringLiteral("the fault does nothing: give status, delayMs, malformed, oversizedBytes, drop, truncate, "
                                "redirectTo or contentLength");
        return false;
    }
    return true;
}

} // namespace

std::optional<HttpReply> Fault::replacement() const
{
    if (!redirectTo.isEmpty())
        return HttpReply::redirect(redirectTo.toUtf8(), status.value_or(307));
    if (drop)
        return HttpReply::dropped();
    if (truncate) {
        // Headers promise the whole body; half of it arrives. Unlike a silent drop, which Qt's
        // network stack retries transparently, this fails the client's request every time.
        HttpReply reply = HttpReply::json(QJsonObject{{QStringLiteral("ok"), true},
                                                      {QStringLiteral("pad"), QString(64, QLatin1Char('x'))}});
        reply.truncateAt = reply.body.size() / 2;
        return reply;
    }
    if (malformed)
        return HttpReply::data(QByteArrayLiteral("{not json"), QByteArrayLiteral("application/json"));
    if (oversizedBytes > 0) {
        const QByteArray head = QByteArrayLiteral("{\"ok\":true,\"pad\":\"");
        const QByteArray tail = QByteArrayLiteral("\"}");
        const qint64 pad = qMax<qint64>(0, oversizedBytes - head.size() - tail.size());
        return HttpReply::data(head + QByteArray(pad, 'x') + tail, QByteArrayLiteral("application/json"));
    }
    if (status) {
        if (body.isUndefined())
            return HttpReply::error(*status, QStringLiteral("injected failure"));
        // A string body is sent as plain text, to test clients that fall back to the body text.
        if (body.isString())
            return HttpReply::data(body.toString().toUtf8(), QByteArrayLiteral("text/plain; charset=utf-8"), *status);
        return HttpReply::json(body, *status);
    }
    return std::nullopt;
}

void Fault::alter(HttpReply &reply) const
{
    if (contentLength <= 0 || reply.drop)
        return;
    reply.declaredLength = contentLength;
    if (reply.generatedBytes >= 0) {
        // Small on purpose: the lie is about the length, not about a big body.
        reply.body = QByteArray(qMin(reply.generatedBytes, qMin<qint64>(contentLength - 1, 1024 * 1024)), 'x');
        reply.generatedBytes = -1;
    }
    // Always fewer bytes than promised, then the connection closes.
    reply.truncateAt = qMin<qint64>(reply.body.size(), contentLength - 1);
}

QJsonObject Fault::toJson() const
{
    QJsonObject out{{QStringLiteral("route"), routeName(route)}, {QStringLiteral("hits"), hits}};
    if (status)
        out.insert(QStringLiteral("status"), *status);
    if (!body.isUndefined())
        out.insert(QStringLiteral("body"), body);
    if (delayMs > 0)
        out.insert(QStringLiteral("delayMs"), delayMs);
    if (malformed)
        out.insert(QStringLiteral("malformed"), true);
    if (oversizedBytes > 0)
        out.insert(QStringLiteral("oversizedBytes"), oversizedBytes);
    if (drop)
        out.insert(QStringLiteral("drop"), true);
    if (truncate)
        out.insert(QStringLiteral("truncate"), true);
    if (!redirectTo.isEmpty())
        out.insert(QStringLiteral("redirectTo"), redirectTo);
    if (contentLength > 0)
        out.insert(QStringLiteral("contentLength"), contentLength);
    out.insert(QStringLiteral("times"), remaining < 0 ? QJsonValue(QJsonValue::Null) : QJsonValue(remaining));
    return out;
}

std::optional<Fault> FaultInjector::parse(const QJsonObject &object, QString *error)
{
    if (!onlyKnownFields(object, error))
        return std::nullopt;

    Fault fault;
    const auto route = routeFromName(object.value(QStringLiteral("route")).toString());
    if (!route) {
        *error = QStringLiteral("route must be one of report, sync, ack, getConfig, projects, download");
        return std::nullopt;
    }
    fault.route = *route;

    qint64 status = 0;
    qint64 delay = 0;
    qint64 times = -1;
    if (!readInteger(object, QStringLiteral("status"), 100, 599, &status, error)
        || !readInteger(object, QStringLiteral("delayMs"), 0, maxDelayMs, &delay, error)
        || !readInteger(object, QStringLiteral("oversizedBytes"), 1, maxOversizedBytes, &fault.oversizedBytes, error)
        || !readInteger(object, QStringLiteral("times"), 1, 1000000, &times, error)
        || !readInteger(object, QStringLiteral("contentLength"), 1, maxOversizedBytes, &fault.contentLength, error)
        || !readBool(object, QStringLiteral("malformed"), &fault.malformed, error)
        || !readBool(object, QStringLiteral("drop"), &fault.drop, error)
        || !readBool(object, QStringLiteral("truncate"), &fault.truncate, error))
        return std::nullopt;
    if (object.contains(QStringLiteral("status")))
        fault.status = int(status);
    fault.delayMs = int(delay);
    fault.remaining = int(times);
    fault.body = object.value(QStringLiteral("body"));
    if (!fault.body.isUndefined() && !fault.status) {
        *error = QStringLiteral("body needs a status");
        return std::nullopt;
    }
    if (!readRedirect(object, &fault, error))
        return std::nullopt;

    if (!doesOneThing(fault, error))
        return std::nullopt;
    return fault;
}

bool FaultInjector::add(const QJsonValue &value, QString *error)
{
    const QJsonArray items = value.isArray() ? value.toArray() : QJsonArray{value};
    QList<Fault> parsed;
    for (const QJsonValue &item : items) {
        if (!item.isObject()) {
            *error = QStringLiteral("a fault must be a JSON object");
            return false;
        }
        const auto fault = parse(item.toObject(), error);
        if (!fault)
            return false;
        parsed.append(*fault);
    }
    m_faults.append(parsed);
    return true;
}

std::optional<Fault> FaultInjector::take(Route route)
{
    for (qsizetype i = 0; i < m_faults.size(); ++i) {
        Fault &fault = m_faults[i];
        if (fault.route != route)
            continue;
        ++fault.hits;
        const Fault applied = fault;
        if (fault.remaining > 0 && --fault.remaining == 0)
            m_faults.removeAt(i);
        return applied;
    }
    return std::nullopt;
}

QJsonArray FaultInjector::list() const
{
    QJsonArray out;
    for (const Fault &fault : m_faults)
        out.append(fault.toJson());
    return out;
}

} // namespace teamai::devserver
