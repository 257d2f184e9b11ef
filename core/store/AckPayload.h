#pragma once

#include <QJsonObject>
#include <QString>
#include <QVariantList>

namespace teamai::ackpayload {

/// @brief What an ack's payload is made of, as the ledger keeps it (schema 4): the command's id
/// and type, the ack's status, error and version.
struct Parts {
    qint64 commandId = 0;
    QString type;
    QString status;   ///< success or failed
    QString error;
    QString version;
};

/// @brief The payload @p parts make, the way sync/Payloads::ack() builds one:
/// `{id, type, status, error}` and `version` when not empty.
QJsonObject derive(const Parts &parts);

/// @brief True when @p payload is exactly derive(@p parts) (the same keys, values and JSON types),
/// so the ledger need not store it: the outbox then sends the derived one, byte for byte the same.
bool isDerivable(const QJsonObject &payload, const Parts &parts);

/// @brief The SQL of what fromColumns() reads, on `acks a JOIN commands c`: the stored payload (or
/// NULL) and the parts it is derived from.
QString columnsSql();

/// @brief The payload in @p values (columnsSql(), from index 0): the stored one, or the one derived.
QJsonObject fromColumns(const QVariantList &values);

} // namespace teamai::ackpayload
