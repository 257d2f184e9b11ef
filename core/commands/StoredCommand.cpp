#include "commands/StoredCommand.h"

#include "util/Redact.h"

#include <QJsonArray>
#include <QJsonDocument>

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

/// `cmd` without its keys: JSON is edited field by field; text that is not JSON (a malformed
/// command, refused anyway) goes through the log redaction.
bool maskCmd(QJsonValue &cmd)
{
    if (!cmd.isString())
        return mask(cmd);
    const QString text = cmd.toString();
    QJsonParseError error;
    const QJsonDocument document = QJsonDocument::fromJson(text.toUtf8(), &error);
    if (error.error != QJsonParseError::NoError) {
        const QString redacted = redactSecrets(text);
        cmd = redacted;
        return redacted != text;
    }
    QJsonValue root = document.isArray() ? QJsonValue(document.array()) : QJsonValue(document.object());
    if (!mask(root))
        return false;
    cmd = QString::fromUtf8(root.isArray() ? QJsonDocument(root.toArray()).toJson(QJsonDocument::Compact)
                                           : QJsonDocument(root.toObject()).toJson(QJsonDocument::Compact));
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
