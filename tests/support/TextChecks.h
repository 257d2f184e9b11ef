#pragma once

#include <QString>
#include <QStringList>

namespace teamai::test {

/// @brief The fragments of @p fragments that @p text does not contain, in their order. A test
/// compares the result with an empty list, so that a failure names every missing fragment at once
/// instead of the first `contains()` that failed.
inline QStringList missingFrom(const QString &text, const QStringList &fragments)
{
    QStringList missing;
    for (const QString &fragment : fragments) {
        if (!text.contains(fragment))
            missing.append(fragment);
    }
    return missing;
}

} // namespace teamai::test
