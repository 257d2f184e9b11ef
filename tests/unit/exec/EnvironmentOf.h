#pragma once

#include <QProcessEnvironment>
#include <QStringList>

#include <initializer_list>
#include <utility>

namespace teamai::test {

/// @brief A process environment holding exactly @p entries (name, value): what a test's child
/// would inherit, or what it should see.
inline QProcessEnvironment environmentOf(std::initializer_list<std::pair<const char *, const char *>> entries)
{
    QProcessEnvironment environment;
    for (const auto &[name, value] : entries)
        environment.insert(QString::fromUtf8(name), QString::fromUtf8(value));
    return environment;
}

/// @brief "NAME=value" per entry of @p environment, sorted: two environments compare as lists.
inline QStringList entriesOf(const QProcessEnvironment &environment)
{
    QStringList entries = environment.toStringList();
    entries.sort();
    return entries;
}

} // namespace teamai::test
