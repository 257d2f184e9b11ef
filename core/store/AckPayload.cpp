#include "store/AckPayload.h"

#include "store/LedgerCodes.h"

#include <QJsonDocument>

namespace teamai::ackpayload {

QJsonObject derive(const Parts &parts)
{
    QJsonObject payload{
        {QStringLiteral("id"), parts.commandId},
        {QStringLiteral("type"), parts.type},
        {QStringLiteral("status"), parts.status},
        {QStringLiteral("error"), parts.error},
    };
    if (!parts.version.isEmpty())
        payload.insert(QStringLiteral("version"), parts.version);
    return payload;
}

bool isDerivable(const QJsonObject &payload, const Parts &parts)
{
    // QJsonObject compares keys, values and types (1 and 1.0 are both doubles in Qt 6.4, and an
    // id above 2^53 would not survive either way): equal objects serialize to the same bytes.
    return payload == derive(parts);
}

QString columnsSql()
{
    return QStringLiteral("a.payload, c.command_id, (SELECT name FROM names WHERE name_id = c.type), a.status, COALESCE(a.error, c.error), "
                          "COALESCE(a.version, c.version)");
}

QJsonObject fromColumns(const QVariantList &values)
{
    if (!values.value(0).isNull())
        return QJsonDocument::fromJson(values.value(0).toByteArray()).object();
    return derive({values.value(1).toLongLong(), values.value(2).toString(),
                   ledgercodes::name(ledgercodes::Column::Status, values.value(3).toInt()), values.value(4).toString(), values.value(5).toString()});
}

} // namespace teamai::ackpayload
