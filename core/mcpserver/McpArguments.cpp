#include "mcpserver/McpArguments.h"

#include <QJsonArray>

#include <cmath>

namespace teamai::mcpserver {
namespace {

Status checkInteger(const QString &name, const QJsonObject &rule, const QJsonValue &value)
{
    const double number = value.toDouble();
    if (!value.isDouble() || std::floor(number) != number || std::abs(number) > 9007199254740991.0)
        return Error{QStringLiteral("argument `%1` must be a whole number").arg(name)};
    if (rule.contains(QStringLiteral("minimum")) && number < rule.value(QStringLiteral("minimum")).toDouble())
        return Error{QStringLiteral("argument `%1` must be at least %2").arg(name).arg(rule.value(QStringLiteral("minimum")).toInteger())};
    if (rule.contains(QStringLiteral("maximum")) && number > rule.value(QStringLiteral("maximum")).toDouble())
        return Error{QStringLiteral("argument `%1` must be at most %2").arg(name).arg(rule.value(QStringLiteral("maximum")).toInteger())};
    return {};
}

Status checkString(const QString &name, const QJsonObject &rule, const QJsonValue &value)
{
    if (!value.isString())
        return Error{QStringLiteral("argument `%1` must be a string").arg(name)};
    const QString text = value.toString();
    if (text.startsWith(u'-'))
        return Error{QStringLiteral("argument `%1` must not start with `-`").arg(name)};
    if (text.size() < rule.value(QStringLiteral("minLength")).toInt(0))
        return Error{QStringLiteral("argument `%1` must not be empty").arg(name)};
    if (rule.contains(QStringLiteral("maxLength")) && text.size() > rule.value(QStringLiteral("maxLength")).toInt())
        return Error{QStringLiteral("argument `%1` is longer than %2 characters").arg(name).arg(rule.value(QStringLiteral("maxLength")).toInt())};
    const QJsonArray allowed = rule.value(QStringLiteral("enum")).toArray();
    if (!allowed.isEmpty() && !allowed.contains(text)) {
        QStringList names;
        for (const QJsonValue &item : allowed)
            names << item.toString();
        return Error{QStringLiteral("argument `%1` must be one of: %2").arg(name, names.join(QStringLiteral(", ")))};
    }
    return {};
}

Status checkOne(const QString &name, const QJsonObject &rule, const QJsonValue &value)
{
    const QString type = rule.value(QStringLiteral("type")).toString();
    if (type == QLatin1String("integer"))
        return checkInteger(name, rule, value);
    if (type == QLatin1String("string"))
        return checkString(name, rule, value);
    if (type == QLatin1String("boolean"))
        return value.isBool() ? Status() : Status(Error{QStringLiteral("argument `%1` must be true or false").arg(name)});
    return Error{QStringLiteral("argument `%1` has a type this server cannot check").arg(name)};
}

} // namespace

Status checkArguments(const QJsonObject &schema, const QJsonObject &arguments)
{
    const QJsonObject properties = schema.value(QStringLiteral("properties")).toObject();
    for (auto it = arguments.begin(); it != arguments.end(); ++it) {
        if (!properties.contains(it.key()))
            return Error{QStringLiteral("unknown argument `%1`").arg(it.key())};
        if (const Status checked = checkOne(it.key(), properties.value(it.key()).toObject(), it.value()); !checked)
            return checked;
    }
    for (const QJsonValue &name : schema.value(QStringLiteral("required")).toArray()) {
        if (!arguments.contains(name.toString()))
            return Error{QStringLiteral("argument `%1` is required").arg(name.toString())};
    }
    return {};
}

namespace schema {

QJsonObject object(const QJsonObject &properties, const QStringList &required)
{
    QJsonObject out{{QStringLiteral("type"), QStringLiteral("object")},
                    {QStringLiteral("properties"), properties},
                    {QStringLiteral("additionalProperties"), false}};
    if (!required.isEmpty())
        out.insert(QStringLiteral("required"), QJsonArray::fromStringList(required));
    return out;
}

QJsonObject string(const QString &description, int maxLength)
{
    return QJsonObject{{QStringLiteral("type"), QStringLiteral("string")}, {QStringLiteral("description"), description},
                       {QStringLiteral("minLength"), 1}, {QStringLiteral("maxLength"), maxLength}};
}

QJsonObject stringEnum(const QString &description, const QStringList &values)
{
    return QJsonObject{{QStringLiteral("type"), QStringLiteral("string")}, {QStringLiteral("description"), description},
                       {QStringLiteral("enum"), QJsonArray::fromStringList(values)}};
}

QJsonObject integer(const QString &description, qint64 minimum, qint64 maximum)
{
    return QJsonObject{{QStringLiteral("type"), QStringLiteral("integer")}, {QStringLiteral("description"), description},
                       {QStringLiteral("minimum"), minimum}, {QStringLiteral("maximum"), maximum}};
}

QJsonObject result(const QJsonObject &properties)
{
    QStringList required;
    for (auto it = properties.begin(); it != properties.end(); ++it)
        required << it.key();
    return QJsonObject{{QStringLiteral("type"), QStringLiteral("object")}, {QStringLiteral("properties"), properties},
                       {QStringLiteral("required"), QJsonArray::fromStringList(required)}};
}

QJsonObject typed(const char *type)
{
    return QJsonObject{{QStringLiteral("type"), QString::fromLatin1(type)}};
}

QJsonObject typedOrNull(const char *type)
{
    return QJsonObject{{QStringLiteral("type"), QJsonArray{QString::fromLatin1(type), QStringLiteral("null")}}};
}

QJsonObject arrayOf(const QJsonObject &items)
{
    return QJsonObject{{QStringLiteral("type"), QStringLiteral("array")}, {QStringLiteral("items"), items}};
}

} // namespace schema
} // namespace teamai::mcpserver
