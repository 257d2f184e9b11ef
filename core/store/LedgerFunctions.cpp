#include "store/LedgerFunctions.h"

#include "store/AckPayload.h"
#include "store/PackedJson.h"

#include <QJsonDocument>

#include <sqlite3.h>

namespace teamai::ledgerfunctions {
namespace {

QByteArrayView blobArgument(sqlite3_value *value)
{
    return QByteArrayView(static_cast<const char *>(sqlite3_value_blob(value)), sqlite3_value_bytes(value));
}

QString textArgument(sqlite3_value *value)
{
    return QString::fromUtf8(reinterpret_cast<const char *>(sqlite3_value_text(value)), sqlite3_value_bytes(value));
}

void unpackJson(sqlite3_context *context, int, sqlite3_value **argv)
{
    if (sqlite3_value_type(argv[0]) != SQLITE_BLOB) {
        sqlite3_result_value(context, argv[0]);  // stored as text (or NULL)
        return;
    }
    const QByteArrayView dictionary = sqlite3_value_type(argv[1]) == SQLITE_BLOB ? blobArgument(argv[1]) : QByteArrayView();
    const std::optional<QByteArray> plain = packedjson::unpack(blobArgument(argv[0]), dictionary, sqlite3_value_int64(argv[2]), textArgument(argv[3]));
    if (plain)
        sqlite3_result_text(context, plain->constData(), int(plain->size()), SQLITE_TRANSIENT);
    else
        sqlite3_result_null(context);
}

void packJson(sqlite3_context *context, int, sqlite3_value **argv)
{
    const QByteArrayView text(reinterpret_cast<const char *>(sqlite3_value_text(argv[0])), sqlite3_value_bytes(argv[0]));
    const QByteArrayView dictionary = sqlite3_value_type(argv[1]) == SQLITE_BLOB ? blobArgument(argv[1]) : QByteArrayView();
    const QByteArray packed = packedjson::pack(text, dictionary, sqlite3_value_int64(argv[2]), textArgument(argv[3]));
    if (packed.isEmpty())
        sqlite3_result_text(context, text.data(), int(text.size()), SQLITE_TRANSIENT);
    else
        sqlite3_result_blob(context, packed.constData(), int(packed.size()), SQLITE_TRANSIENT);
}

void ackDerivable(sqlite3_context *context, int, sqlite3_value **argv)
{
    QJsonParseError error;
    const QJsonDocument payload = QJsonDocument::fromJson(blobArgument(argv[0]).toByteArray(), &error);
    const ackpayload::Parts parts{sqlite3_value_int64(argv[1]), textArgument(argv[2]), textArgument(argv[3]),
                                  textArgument(argv[4]), textArgument(argv[5])};
    sqlite3_result_int(context, error.error == QJsonParseError::NoError && payload.isObject()
                                    && ackpayload::isDerivable(payload.object(), parts));
}

} // namespace

Status registerAll(sqlite3 *db)
{
    constexpr int kFlags = SQLITE_UTF8 | SQLITE_DETERMINISTIC | SQLITE_INNOCUOUS;
    if (sqlite3_create_function_v2(db, "ledger_unpack_json", 4, kFlags, nullptr, unpackJson, nullptr, nullptr, nullptr) != SQLITE_OK
        || sqlite3_create_function_v2(db, "ledger_pack_json", 4, kFlags, nullptr, packJson, nullptr, nullptr, nullptr) != SQLITE_OK
        || sqlite3_create_function_v2(db, "ledger_ack_derivable", 6, kFlags, nullptr, ackDerivable, nullptr, nullptr, nullptr) != SQLITE_OK)
        return Error{QStringLiteral("cannot register the ledger's SQL functions: %1").arg(QString::fromUtf8(sqlite3_errmsg(db)))};
    return {};
}

} // namespace teamai::ledgerfunctions
