#pragma once

#include <QJsonArray>
#include <QJsonObject>
#include <QList>

namespace teamai::devserver {

/// @brief What the server saw: every non-admin request in order, and every accepted ack.
///
/// An entry is opened when the request arrives and gets its status once it is answered (a
/// delayed answer leaves it `null` until then; a dropped connection records 0). Sequence numbers
/// keep counting across clear(), so a late answer never lands on a newer entry.
class RequestLog
{
public:
    /// @brief Records a request; returns its sequence number for setStatus().
    qint64 open(QJsonObject entry);
    void setStatus(qint64 seq, int status);
    void recordAck(QJsonObject ack);

    QJsonArray requests() const;
    QJsonArray acks() const;
    void clear();

private:
    QList<QJsonObject> m_requests;
    QList<QJsonObject> m_acks;
    qint64 m_nextSeq = 1;
};

} // namespace teamai::devserver
