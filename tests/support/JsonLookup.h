#pragma once

#include <QJsonArray>
#include <QJsonObject>
#include <QString>

namespace teamai::test {

/// @brief The first object of @p list whose string @p key is @p value (empty when there is none):
/// a workspace by its path, a skill by its slug.
inline QJsonObject objectWhere(const QJsonArray &list, const QString &key, const QString &value)
{
    for (const QJsonValue &entry : list) {
        if (entry.toObject().value(key).toString() == value)
            return entry.toObject();
    }
    return {};
}

} // namespace teamai::test
