#include "commands/StoredCommand.h"

#include "util/Redact.h"

#include <QJsonArray>
#include <QJsonDocument>

#include <optional>

namespace teamai::storedcommand {
namespace {

bool isKeyField(const QString &name)
{
    return name == QLatin1String("api_key") || name == QLatin1String("apiKey");
}

/// Replaces every key field's value in @p value; true when one was found.
bool mask(QJsonValue &value)
{
    bool masked = false;
    if (value.isObject()) {
        QJsonObject object = value.toObject();
        for (auto it = object.begin(); it != object.end(); ++it) {
            if (isKeyField(it.key())) {
                it.value() = redactedMarker();
                masked = true;
                continue;
            }
            QJsonValue inner = it.value();
            if (mask(inner)) {
                it.value() = inner;
                masked = true;
            }
        }
        value = object;
    } else if (value.isArray()) {
        QJsonArray array = value.toArray();
        for (qsizetype i = 0; i < array.size(); ++i) {
            QJsonValue inner = array.at(i);
            if (mask(inner)) {
                array.replace(i, inner);
                masked = true;
            }
        }
        value = array;
    }
    return masked;
}

std::optional<QJsonValue> parseJson(const QString &text)
{
    QJsonParseError error;
    const QJsonDocument document = QJsonDocument::fromJson(text.toUtf8(), &error);
    if (error.error != QJsonParseError::NoError)
        return std::nullopt;
    return document.isArray() ? QJsonValue(document.array()) : QJsonValue(document.object());
}

QString compact(const QJsonValue &root)
{
    return QString::fromUtf8(root.isArray() ? QJsonDocument(root.toArray()).toJson(QJsonDocument::Compact)
                                            : QJsonDocument(root.toObject()).toJson(QJsonDocument::Compact));
}

/// `cmd` without its keys: JSON is edited field by field; text that is not JSON (a malformed
/// command, refused anyway) goes through the log redaction. Masking a value can remove the text's
/// only syntax error, and then what is left is JSON whose key fields are masked as such (a key
/// name spelt with escapes, `"api\u004bey"`, is one the text scan cannot see).
bool maskCmd(QJsonValue &cmd)
{
    if (!cmd.isString())
        return mask(cmd);
    const QString text = cmd.toString();
    std::optional<QJsonValue> root = parseJson(text);
    QString redacted = text;
    if (!root) {
        redacted = redactSecrets(text);
        root = parseJson(redacted);
    }
    if (!root) {
        cmd = redacted;
        return redacted != text;
    }
    if (!mask(*root) && redacted == text)
        return false;
    cmd = compact(*root);
    return true;
}

} // namespace

QString redactedMarker()
{
    return QStringLiteral("***");
}

QString secretsRemovedKey()
{
    return QStringLiteral("_teamai_secrets_removed");
}

QJsonObject forLedger(const QJsonObject &raw)
{
    if (raw.value(QStringLiteral("type")).toString().trimmed() != QLatin1String("apply_model_config"))
        return raw;
    QJsonValue cmd = raw.value(QStringLiteral("cmd"));
    if (!maskCmd(cmd))
        return raw;
    QJsonObject stored = raw;
    stored.insert(QStringLiteral("cmd"), cmd);
    stored.insert(secretsRemovedKey(), true);
    return stored;
}

bool secretsRemoved(const QJsonObject &storedRaw)
{
    return storedRaw.value(secretsRemovedKey()).toBool();
}

} // namespace teamai::storedcommand
