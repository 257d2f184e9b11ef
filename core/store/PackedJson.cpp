#include "store/PackedJson.h"

#include "store/TextPacking.h"

#include <QJsonDocument>
#include <QJsonObject>

namespace teamai::packedjson {
namespace {

constexpr char kWhole = 0;
constexpr char kWithoutIdAndType = 1;

QByteArray withIdAndType(const QJsonObject &rest, qint64 commandId, const QString &type)
{
    QJsonObject whole = rest;
    whole.insert(QStringLiteral("id"), commandId);
    whole.insert(QStringLiteral("type"), type);
    return QJsonDocument(whole).toJson(QJsonDocument::Compact);
}

// The JSON without its id and type, when putting them back restores it byte for byte.
std::optional<QByteArray> withoutIdAndType(QByteArrayView json, qint64 commandId, const QString &type)
{
    QJsonParseError error;
    QJsonObject object = QJsonDocument::fromJson(json.toByteArray(), &error).object();
    if (error.error != QJsonParseError::NoError || !object.contains(QStringLiteral("id")) || !object.contains(QStringLiteral("type")))
        return std::nullopt;
    object.remove(QStringLiteral("id"));
    object.remove(QStringLiteral("type"));
    if (withIdAndType(object, commandId, type) != json)
        return std::nullopt;
    return QJsonDocument(object).toJson(QJsonDocument::Compact);
}

} // namespace

QByteArray pack(QByteArrayView json, QByteArrayView dictionary, qint64 commandId, const QString &type)
{
    const std::optional<QByteArray> rest = withoutIdAndType(json, commandId, type);
    const QByteArray packed = textpacking::pack(rest ? QByteArrayView(*rest) : json, dictionary);
    if (packed.isEmpty() || packed.size() + 1 >= json.size())
        return {};
    return (rest ? kWithoutIdAndType : kWhole) + packed;
}

std::optional<QByteArray> unpack(QByteArrayView packed, QByteArrayView dictionary, qint64 commandId, const QString &type)
{
    if (packed.isEmpty() || (packed.front() != kWhole && packed.front() != kWithoutIdAndType))
        return std::nullopt;
    const std::optional<QByteArray> plain = textpacking::unpack(packed.sliced(1), dictionary);
    if (!plain || packed.front() == kWhole)
        return plain;
    QJsonParseError error;
    const QJsonObject rest = QJsonDocument::fromJson(*plain, &error).object();
    if (error.error != QJsonParseError::NoError)
        return std::nullopt;
    return withIdAndType(rest, commandId, type);
}

} // namespace teamai::packedjson
