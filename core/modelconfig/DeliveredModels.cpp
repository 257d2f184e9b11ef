#include "modelconfig/DeliveredModels.h"

#include "commands/StoredCommand.h"
#include "modelconfig/JsJson.h"

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

/// Thrown-free error channel: the first problem found, in the reference's order of checks.
struct Problem {
    QString text;
};

QString message(const QString &what)
{
    return QStringLiteral("apply_model_config: ") + what;
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
std::optional<QString> requireString(const JsValue &model, const QString &field, qsizetype maxChars, Problem *problem)
{
    const JsValue &value = model.value(field);
    const QString text = value.toString().trimmed();
    if (!value.isString() || text.isEmpty()) {
        problem->text = message(QStringLiteral("%1 must be a non-empty string").arg(field));
        return std::nullopt;
    }
    if (hasControl(text)) {
        problem->text = message(QStringLiteral("%1 must not contain control characters").arg(field));
        return std::nullopt;
    }
    if (text.size() > maxChars) {
        problem->text = message(QStringLiteral("%1 is too long (at most %2 characters)").arg(field).arg(maxChars));
        return std::nullopt;
    }
    return text;
}

/// max_tokens / context_window: absent, null, "" or 0 → not given; else a whole number ≥ 0 (a
/// string of ASCII digits counts) within JavaScript's exact-integer range.
bool optionalCount(const JsValue &model, const QString &field, std::optional<qint64> *out, Problem *problem)
{
    const JsValue &value = model.value(field);
    *out = std::nullopt;
    if (value.isUndefined() || value.isNull() || (value.isString() && value.toString().isEmpty()))
        return true;
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
    if (!std::isfinite(number) || number < 0 || std::floor(number) != number || number > kMaxSafeInteger) {
        problem->text = message(QStringLiteral("%1 must be a positive integer").arg(field));
        return false;
    }
    if (number > 0)
        *out = qint64(number);
    return true;
}

bool checkUrl(const QString &text, Problem *problem)
{
    const QUrl url(text, QUrl::StrictMode);
    if (!url.isValid() || url.isRelative()) {
        problem->text = message(QStringLiteral("base_url must be a valid URL"));
        return false;
    }
    const QString scheme = url.scheme().toLower();
    if (scheme != QLatin1String("http") && scheme != QLatin1String("https")) {
        problem->text = message(QStringLiteral("base_url must use http or https"));
        return false;
    }
    if (url.host().isEmpty()) {
        problem->text = message(QStringLiteral("base_url must be a valid URL"));
        return false;
    }
    // A password in the URL would be a key kept, shown and logged as if it were not one.
    if (!url.userInfo().isEmpty()) {
        problem->text = message(QStringLiteral("base_url must not contain a user name or password"));
        return false;
    }
    return true;
}

bool isReserved(const QString &id)
{
    return id == QLatin1String("__proto__") || id == QLatin1String("prototype") || id == QLatin1String("constructor");
}

std::optional<DeliveredModel> readModel(const JsValue &value, Problem *problem)
{
    if (!value.isObject()) {
        problem->text = message(QStringLiteral("each model must be an object"));
        return std::nullopt;
    }
    DeliveredModel model;
    const auto id = requireString(value, QStringLiteral("model_id"), kMaxTextChars, problem);
    if (!id)
        return std::nullopt;
    if (isReserved(*id)) {
        problem->text = message(QStringLiteral("reserved model_id \"%1\"").arg(*id));
        return std::nullopt;
    }
    if (std::any_of(id->cbegin(), id->cend(), [](QChar c) { return c.isSpace(); })) {
        problem->text = message(QStringLiteral("model_id must not contain spaces"));
        return std::nullopt;
    }
    model.modelId = *id;
    const auto provider = requireString(value, QStringLiteral("provider"), kMaxTextChars, problem);
    const auto name = provider ? requireString(value, QStringLiteral("name"), kMaxTextChars, problem) : std::nullopt;
    const auto url = name ? requireString(value, QStringLiteral("base_url"), kMaxUrlChars, problem) : std::nullopt;
    const auto key = url ? requireString(value, QStringLiteral("api_key"), kMaxKeyChars, problem) : std::nullopt;
    if (!key)
        return std::nullopt;
    if (*key == storedcommand::redactedMarker()) {
        problem->text = message(QStringLiteral("api_key was removed from the agent's history; the backend must send the command again"));
        return std::nullopt;
    }
    std::optional<qint64> maxTokens;
    if (!optionalCount(value, QStringLiteral("max_tokens"), &maxTokens, problem)
        || !optionalCount(value, QStringLiteral("context_window"), &model.contextWindow, problem))
        return std::nullopt;
    if (!checkUrl(*url, problem))
        return std::nullopt;
    model.provider = *provider;
    model.name = *name;
    model.baseUrl = *url;
    model.apiKey = *key;
    model.maxTokens = maxTokens.value_or(kDefaultMaxTokens);
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
        Problem problem;
        const std::optional<DeliveredModel> model = readModel(value, &problem);
        if (!model) {
            result.error = problem.text;
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
