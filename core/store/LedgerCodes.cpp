#include "store/LedgerCodes.h"

namespace teamai::ledgercodes {

const QStringList &names(Column column)
{
    static const QStringList kStates = {QStringLiteral("failed"),  QStringLiteral("interrupted"), QStringLiteral("pending"),
                                        QStringLiteral("rejected"), QStringLiteral("running"),     QStringLiteral("skipped"),
                                        QStringLiteral("succeeded")};
    static const QStringList kDeliveries = {QStringLiteral("delivered"), QStringLiteral("not_delivered"), QStringLiteral("unknown")};
    static const QStringList kStatuses = {QStringLiteral("failed"), QStringLiteral("success")};
    switch (column) {
    case Column::State: return kStates;
    case Column::Delivery: return kDeliveries;
    case Column::Status: return kStatuses;
    }
    return kStates;
}

int code(Column column, const QString &name)
{
    if (name.isEmpty())
        return kEmptyCode;
    const qsizetype at = names(column).indexOf(name);
    return at < 0 ? kNoCode : int(at);
}

QString name(Column column, int code)
{
    return names(column).value(code);
}

QString nameSql(Column column, const QString &expression)
{
    QString sql = QStringLiteral("CASE %1").arg(expression);
    const QStringList &all = names(column);
    for (qsizetype i = 0; i < all.size(); ++i)
        sql += QStringLiteral(" WHEN %1 THEN '%2'").arg(i).arg(all.at(i));
    return sql + QStringLiteral(" ELSE '' END");
}

QString codeSql(Column column, const QString &expression)
{
    QString sql = QStringLiteral("CASE %1").arg(expression);
    const QStringList &all = names(column);
    for (qsizetype i = 0; i < all.size(); ++i)
        sql += QStringLiteral(" WHEN '%1' THEN %2").arg(all.at(i)).arg(i);
    return sql + QStringLiteral(" ELSE %1 END").arg(kEmptyCode);
}

} // namespace teamai::ledgercodes
