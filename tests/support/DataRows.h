#pragma once

#include <QStringList>
#include <QtTest>

namespace teamai::test {

/// @brief The data table of a test that runs once per value: one QString column @p column and one
/// row per value, named after it.
inline void addRowPerValue(const char *column, const QStringList &values)
{
    QTest::addColumn<QString>(column);
    for (const QString &value : values)
        QTest::newRow(qPrintable(value)) << value;
}

} // namespace teamai::test
