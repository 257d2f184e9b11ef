#pragma once

#include "util/Result.h"

#include <QJsonObject>
#include <QString>

namespace teamai::mcpserver {

/// @brief Checks tool arguments against the small JSON Schema subset our tools declare: an
/// object with `properties` (each `type` string, integer or boolean; `enum`; `minimum`/`maximum`;
/// `minLength`/`maxLength`), `required`, and `additionalProperties: false`. Besides the schema, no
/// string may start with `-` (an id or a name that would read as an option downstream).
/// Fails with a plain message naming the argument when the arguments are not acceptable.
Status checkArguments(const QJsonObject &schema, const QJsonObject &arguments);

/// @brief Builders for the schemas of our tools, so schema and check cannot drift apart.
namespace schema {
QJsonObject object(const QJsonObject &properties, const QStringList &required = {});
QJsonObject string(const QString &description, int maxLength = 200);
QJsonObject stringEnum(const QString &description, const QStringList &values);
QJsonObject integer(const QString &description, qint64 minimum, qint64 maximum);
/// Output schemas: open objects (fields may be added later), plain and nullable types, arrays.
QJsonObject result(const QJsonObject &properties);
QJsonObject typed(const char *type);
QJsonObject typedOrNull(const char *type);
QJsonObject arrayOf(const QJsonObject &items);
} // namespace schema

} // namespace teamai::mcpserver
