// libFuzzer target for apply_model_config's `cmd` and the files its writers read: bytes →
// modelconfig::parseJson / stringify (the order-preserving JSON the reference's hashes depend on)
// → parseDelivery → what the ledger keeps (storedcommand::forLedger). Besides "never crashes,
// never hangs", it checks properties stated independently of the implementation:
//  1. stringify is a fixed point: what it writes parses back to a value that writes the same text,
//     and the pretty form parses back to the same value;
//  2. a delivery that parses has only non-empty, trimmed strings without control characters, an
//     http(s) base_url, unique model ids that are not reserved, and non-negative token counts;
//  3. the copy the ledger keeps of such a command holds no api_key value but the mask, at any depth.
// A violation traps (__builtin_trap), so libFuzzer keeps the input.
#include "commands/StoredCommand.h"
#include "modelconfig/DeliveredModels.h"
#include "modelconfig/JsJson.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSet>
#include <QUrl>

#include <cstdint>
#include <cstdio>

namespace {

using namespace teamai::modelconfig;

[[noreturn]] void fail(const char *what, const QByteArray &input)
{
    std::fprintf(stderr, "property violated: %s\ninput: %s\n", what, input.constData());
    __builtin_trap();
}

void checkRoundTrip(const QByteArray &input)
{
    const JsParsed parsed = parseJson(input);
    if (!parsed.ok)
        return;
    const QByteArray once = stringify(parsed.value);
    const JsParsed again = parseJson(once);
    if (!again.ok || stringify(again.value) != once)
        fail("stringify is not a fixed point", input);
    const JsParsed pretty = parseJson(stringifyPretty(parsed.value));
    if (!pretty.ok || stringify(pretty.value) != once)
        fail("the pretty form reads back differently", input);
}

bool cleanText(const QString &s)
{
    if (s.isEmpty() || s != s.trimmed())
        return false;
    for (const QChar c : s) {
        if (c.unicode() < 0x20 || c.unicode() == 0x7F)
            return false;
    }
    return true;
}

void checkDelivery(const QByteArray &input)
{
    const ParsedDelivery parsed = parseDelivery(QString::fromUtf8(input));
    if (!parsed.ok)
        return;
    QSet<QString> ids;
    for (const DeliveredModel &m : parsed.delivery.models) {
        if (!cleanText(m.provider) || !cleanText(m.modelId) || !cleanText(m.name) || !cleanText(m.baseUrl) || !cleanText(m.apiKey))
            fail("a delivered string is empty, padded or holds a control character", input);
        const QString scheme = QUrl(m.baseUrl).scheme().toLower();
        if (scheme != QLatin1String("http") && scheme != QLatin1String("https"))
            fail("a base_url that is not http(s) was accepted", input);
        if (ids.contains(m.modelId) || m.modelId == QLatin1String("__proto__") || m.modelId == QLatin1String("constructor")
            || m.modelId == QLatin1String("prototype"))
            fail("a repeated or reserved model_id was accepted", input);
        ids.insert(m.modelId);
        if (m.maxTokens < 0 || (m.contextWindow && *m.contextWindow <= 0))
            fail("a negative token count was accepted", input);
    }
}

bool holdsKey(const QJsonValue &value)
{
    if (value.isObject()) {
        const QJsonObject object = value.toObject();
        for (auto it = object.begin(); it != object.end(); ++it) {
            if ((it.key() == QLatin1String("api_key") || it.key() == QLatin1String("apiKey"))
                && it.value() != QJsonValue(teamai::storedcommand::redactedMarker()))
                return true;
            if (holdsKey(it.value()))
                return true;
        }
    } else if (value.isArray()) {
        for (const QJsonValue &item : value.toArray()) {
            if (holdsKey(item))
                return true;
        }
    }
    return false;
}

void checkLedgerCopy(const QByteArray &input)
{
    const QJsonObject command{{QStringLiteral("id"), 1}, {QStringLiteral("type"), QStringLiteral("apply_model_config")},
                              {QStringLiteral("cmd"), QString::fromUtf8(input)}};
    const QJsonObject stored = teamai::storedcommand::forLedger(command);
    const QJsonDocument cmd = QJsonDocument::fromJson(stored.value(QStringLiteral("cmd")).toString().toUtf8());
    if (holdsKey(cmd.isArray() ? QJsonValue(cmd.array()) : QJsonValue(cmd.object())))
        fail("the ledger's copy holds an api_key", input);
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QByteArray input(reinterpret_cast<const char *>(data), qsizetype(size));
    checkRoundTrip(input);
    checkDelivery(input);
    checkLedgerCopy(input);
    return 0;
}
