#pragma once

#include "util/Result.h"

#include <QByteArray>
#include <QList>
#include <QMetaType>
#include <QString>
#include <QVariantList>

#include <source_location>

namespace teamai::test {

/// @brief One column of a data table: its name and the type of its cells.
struct TableColumn {
    QByteArray name;
    QMetaType type;
};

/// @brief One row of a data table: its tag and one cell per column.
struct TableRow {
    QByteArray tag;
    QVariantList cells;
};

/// @brief A QtTest data table read from a test-data file.
struct DataTable {
    QList<TableColumn> columns;
    QList<TableRow> rows;
};

/// @brief The table of test function @p function in the JSON file @p path.
///
/// The file holds one entry per test function:
/// @code
/// {"masksSecrets": {"columns": [["input", "QString"], ["expected", "QString"]],
///                   "rows": [["bearer", "Bearer abc", "Bearer ***"]]}}
/// @endcode
/// A row is its tag, then one cell per column. Cell types: QString and QByteArray (a JSON
/// string, its UTF-8 bytes for a QByteArray; null for a null one), bool, int, QStringList (an
/// array of strings), QJsonObject (an object). The error names the file and the function, and what is missing or wrong.
Result<DataTable> readTable(const QString &path, const QString &function);

/// @brief The file that holds the tables of the test source @p sourceFile:
/// `$TEAMAI_TEST_DATA_DIR/tables/<folder under tests/>/<file name>.json`.
Result<QString> tableFileFor(const QString &sourceFile);

/// @brief The test function whose `_data()` function is @p dataFunction, a compiler's name of it
/// ("void TestRedact::masksSecrets_data()" gives "masksSecrets"); empty for another function.
QString testFunctionOf(const char *dataFunction);

/// @brief Fills the table of the `_data()` function that calls it from the test-data file of its
/// source (tableFileFor()). When the file or its table is missing or wrong it stops the test
/// program (qFatal) with a message naming file, function and problem: QtTest cannot fail a test
/// from its `_data()` function without then running it on no data.
void loadTable(std::source_location caller = std::source_location::current());

} // namespace teamai::test
