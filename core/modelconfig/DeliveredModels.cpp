#include "modelconfig/DeliveredModels.h"

#include "commands/StoredCommand.h"
#include "modelconfig/JsJson.h"
#include "util/Result.h"

#include <QSet>
#include <QUrl>

#include <algorithm>
#include <cmath>
#include <optional>

namespace teamai::modelconfig {
namespace {

constexpr double kMaxSafeInteger = 9007199254740991.0;  // Number.MAX_SAFE_INTEGER
constexpr qsizetype kMaxTextChars = 1024;               // provider, model_id, name
constexpr qsizetype kMaxUrlChars = 4096;
constexpr qsizetype kMaxKeyChars = 16384;

Error failure(const QString &what)
{
    return Error{QStringLiteral("apply_model_config: ") + what};
}

QString message(const QString &what)
{
    return failure(what).message;
}

bool hasControl(const QString &s)
{
    for (const QChar c : s) {
        if (c.unicode() < 0x20 || c.unicode() == 0x7F)
            return true;
    }
    return false;
}

/// A required string field, trimmed (the reference's check), then ours: no control characters,
/// a sane length.
Result<QString> requireString(const JsValue &model, const QString &field, qsizetype maxChars)
{
    const JsValue &value = model.value(field);
    const QString text = value.toString().trimmed();
    if (!value.isString() || text.isEmpty())
        return failure(QStringLiteral("%1 must be a non-empty string").arg(field));
    if (hasControl(text))
        return failure(QStringLiteral("%1 must not contain control characters").arg(field));
    if (text.size() > maxChars)
        return failure(QStringLiteral("%1 is too long (at most %2 characters)").arg(field).arg(maxChars));
    return text;
}

/// max_tokens / context_window: absent, null, "" or 0 → not given (nullopt); else a whole number
/// ≥ 0 (a string of ASCII digits counts) within JavaScript's exact-integer range.
Result<std::optional<qint64>> optionalCount(const JsValue &model, const QString &field)
{
    const JsValue &value = model.value(field);
    if (value.isUndefined() || value.isNull() || (value.isString() && value.toString().isEmpty()))
        return std::optional<qint64>();
    double number = -1;
    if (value.isNumber()) {
        number = value.toNumber();
    } else if (value.isString()) {
        const QString digits = value.toString();
        bool allDigits = true;
        for (const QChar c : digits)
            allDigits = allDigits && c >= u'0' && c <= u'9';
        if (allDigits)
            number = digits.toDouble();
    }
    if (!std::isfinite(number) || number < 0 || std::floor(number) != number || number > kMaxSafeInteger)
        return failure(QStringLiteral("%1 must be a positive integer").arg(field));
    return number > 0 ? std::optional<qint64>(qint64(number)) : std::optional<qint64>();
}

Status checkUrl(const QString &text)
{
    const QUrl url(text, QUrl::StrictMode);
    if (!url.isValid() || url.isRelative())
        return failure(QStringLiteral("base_url must be a valid URL"));
    const QString scheme = url.scheme().toLower();
    if (scheme != QLatin1String("http") && scheme != QLatin1String("https"))
        return failure(QStringLiteral("base_url must use http or https"));
    if (url.host().isEmpty())
        return failure(QStringLiteral("base_url must be a valid URL"));
    // A password in the URL would be a key kept, shown and logged as if it were not one.
    if (!url.userInfo().isEmpty())
        return failure(QStringLiteral("base_url must not contain a user name or password"));
    return {};
}

bool isReserved(const QString &id)
{
    return id == QLatin1String("__proto__") || id == QLatin1String("prototype") || id == QLatin1String("constructor");
}

/// model_id: a required string, not reserved, without spaces.
Result<QString> readModelId(const JsValue &value)
{
    const Result<QString> id = requireString(value, QStringLiteral("model_id"), kMaxTextChars);
    if (!id)
        return id;
    if (isReserved(*id))
        return failure(QStringLiteral("reserved model_id \"%1\"").arg(*id));
    if (std::any_of(id->cbegin(), id->cend(), [](QChar c) { return c.isSpace(); }))
        return failure(QStringLiteral("model_id must not contain spaces"));
    return id;
}

Result<DeliveredModel> readModel(const JsValue &value)
{
    if (!value.isObject())
        return failure(QStringLiteral("each model must be an object"));
    DeliveredModel model;
    const Result<QString> id = readModelId(value);
    if (!id)
        return Error{id.error()};
    model.modelId = *id;
    // The reference's order of checks: the first one that fails is the one reported.
    const Result<QString> provider = requireString(value, QStringLiteral("provider"), kMaxTextChars);
    const Result<QString> name = provider ? requireString(value, QStringLiteral("name"), kMaxTextChars) : provider;
    const Result<QString> url = name ? requireString(value, QStringLiteral("base_url"), kMaxUrlChars) : name;
    const Result<QString> key = url ? requireString(value, QStringLiteral("api_key"), kMaxKeyChars) : url;
    if (!key)
        return Error{key.error()};
    if (*key == storedcommand::redactedMarker())
        return failure(QStringLiteral("api_key was removed from the agent's history; the backend must send the command again"));
    const Result<std::optional<qint64>> maxTokens = optionalCount(value, QStringLiteral("max_tokens"));
    const Result<std::optional<qint64>> contextWindow =
        maxTokens ? optionalCount(value, QStringLiteral("context_window")) : maxTokens;
    if (!contextWindow)
        return Error{contextWindow.error()};
    if (const Status checked = checkUrl(*url); !checked)
        return Error{checked.error()};
    model.provider = *provider;
    model.name = *name;
    model.baseUrl = *url;
    model.apiKey = *key;
    model.maxTokens = maxTokens->value_or(kDefaultMaxTokens);
    model.contextWindow = *contextWindow;
    return model;
}

} // namespace

ParsedDelivery parseDelivery(const QString &cmd)
{
    ParsedDelivery result;
    if (cmd.isEmpty()) {
        result.error = message(QStringLiteral("missing cmd"));
        return result;
    }
    const JsParsed parsed = parseJson(cmd.toUtf8());
    if (!parsed.ok) {
        result.error = message(QStringLiteral("cmd must be valid JSON"));
        return result;
    }
    result.delivery.fullSnapshot = parsed.value.isObject() && parsed.value.contains(QStringLiteral("models"));
    std::vector<JsValue> values{parsed.value};
    if (result.delivery.fullSnapshot) {
        const JsValue &list = parsed.value.value(QStringLiteral("models"));
        if (!list.isArray()) {
            result.error = message(QStringLiteral("models must be an array"));
            return result;
        }
        values = list.items();
    }
    if (values.size() > size_t(kMaxModels)) {
        result.error = message(QStringLiteral("at most %1 models per command").arg(kMaxModels));
        return result;
    }
    QSet<QString> seen;
    for (const JsValue &value : values) {
        const Result<DeliveredModel> model = readModel(value);
        if (!model) {
            result.error = model.error();
            return result;
        }
        if (seen.contains(model->modelId)) {
            result.error = message(QStringLiteral("duplicate model_id \"%1\"").arg(model->modelId));
            return result;
        }
        seen.insert(model->modelId);
        result.delivery.models.append(*model);
    }
    result.ok = true;
    return result;
}

} // namespace teamai::modelconfig
