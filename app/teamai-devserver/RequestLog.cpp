#include "RequestLog.h"

#include <QDateTime>

namespace teamai::devserver {

namespace {
QString nowIso()
{
    return QDateTime::currentDateTimeUtc().toString(Qt::ISODateWithMs);
}
} // namespace

qint64 RequestLog::open(QJsonObject entry)
{
    const qint64 seq = m_nextSeq++;
    entry.insert(QStringLiteral("seq"), seq);
    entry.insert(QStringLiteral("time"), nowIso());
    entry.insert(QStringLiteral("status"), QJsonValue::Null);
    m_requests.append(entry);
    return seq;
}

void RequestLog::setStatus(qint64 seq, int status)
{
    // The entry is almost always one of the last few, so search from the end.
    for (auto it = m_requests.rbegin(); it != m_requests.rend(); ++it) {
        if (it->value(QStringLiteral("seq")).toInteger() == seq) {
            it->insert(QStringLiteral("status"), status);
            return;
        }
    }
}

void RequestLog::recordAck(QJsonObject ack)
{
    ack.insert(QStringLiteral("_time"), nowIso());
    m_acks.append(ack);
}

QJsonArray RequestLog::requests() const
{
    QJsonArray out;
    for (const QJsonObject &entry : m_requests)
        out.append(entry);
    return out;
}

QJsonArray RequestLog::acks() const
{
    QJsonArray out;
    for (const QJsonObject &ack : m_acks)
        out.append(ack);
    return out;
}

void RequestLog::clear()
{
    m_requests.clear();
    m_acks.clear();
}

} // namespace teamai::devserver
