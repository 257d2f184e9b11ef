#pragma once

#include <QJsonArray>
#include <QJsonObject>
#include <QString>
#include <QStringList>

#include <algorithm>

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

/// @brief The string @p key of each object of @p list, in order: the ids, names or paths a test
/// compares with the ones it expects.
inline QStringList stringsOf(const QJsonArray &list, const QString &key)
{
    QStringList strings;
    for (const QJsonValue &entry : list)
        strings.append(entry.toObject().value(key).toString());
    return strings;
}

/// @brief The objects of @p list in the order of their string @p key: two lists whose order
/// does not matter (workspaces by path) compare as equal.
inline QJsonArray sortedBy(const QJsonArray &list, const QString &key)
{
    QList<QJsonValue> values(list.begin(), list.end());
    std::sort(values.begin(), values.end(), [&key](const QJsonValue &a, const QJsonValue &b) {
        return a.toObject().value(key).toString() < b.toObject().value(key).toString();
    });
    QJsonArray out;
    for (const QJsonValue &value : values)
        out.append(value);
    return out;
}

} // namespace teamai::test
