#include "DataTable.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QSet>
#include <QtTest>

#include <cmath>
#include <limits>
#include <optional>

namespace teamai::test {

namespace {

/// The cell types a table may declare: only what the tests need.
const QStringList kCellTypes{QStringLiteral("QString"), QStringLiteral("QByteArray"), QStringLiteral("bool"),
                             QStringLiteral("int"), QStringLiteral("QStringList"), QStringLiteral("QJsonObject")};

/// A JSON string as a QString that keeps null (JSON null) apart from empty (""), as QString() and
/// QStringLiteral("") are apart in code.
std::optional<QString> textCell(const QJsonValue &value)
{
    if (value.isNull())
        return QString();
    if (!value.isString())
        return std::nullopt;
    const QString text = value.toString();
    return text.isEmpty() ? QStringLiteral("") : text;
}

/// The cell @p value as a @p type, or nothing when it is not one.
std::optional<QVariant> cell(const QJsonValue &value, QMetaType type)
{
    switch (type.id()) {
    case QMetaType::QString:
        if (const auto text = textCell(value))
            return QVariant(*text);
        return std::nullopt;
    case QMetaType::QByteArray:
        if (const auto text = textCell(value))
            return QVariant(text->isNull() ? QByteArray() : text->isEmpty() ? QByteArray("") : text->toUtf8());
        return std::nullopt;
    case QMetaType::Bool:
        return value.isBool() ? std::optional<QVariant>(value.toBool()) : std::nullopt;
    case QMetaType::Int: {
        const double number = value.toDouble();
        const bool whole = value.isDouble() && std::trunc(number) == number && number >= std::numeric_limits<int>::min()
                           && number <= std::numeric_limits<int>::max();
        return whole ? std::optional<QVariant>(int(number)) : std::nullopt;
    }
    case QMetaType::QStringList: {
        QStringList list;
        for (const QJsonValue &entry : value.toArray()) {
            if (!entry.isString())
                return std::nullopt;
            list.append(entry.toString());
        }
        return value.isArray() ? std::optional<QVariant>(list) : std::nullopt;
    }
    case QMetaType::QJsonObject:
        return value.isObject() ? std::optional<QVariant>(value.toObject()) : std::nullopt;
    }
    return std::nullopt;
}

Result<QList<TableColumn>> columnsOf(const QJsonValue &value)
{
    if (!value.isArray() || value.toArray().isEmpty())
        return Error{QStringLiteral("no \"columns\" (a list of [name, type])")};
    QList<TableColumn> columns;
    for (const QJsonValue &entry : value.toArray()) {
        const QJsonArray pair = entry.toArray();
        const QString name = pair.at(0).toString();
        const QString type = pair.at(1).toString();
        if (pair.size() != 2 || name.isEmpty())
            return Error{QStringLiteral("column %1 is not [name, type]").arg(columns.size() + 1)};
        if (!kCellTypes.contains(type))
            return Error{QStringLiteral("column %1 has the unknown type \"%2\" (known: %3)").arg(name, type, kCellTypes.join(u", "))};
        columns.append({name.toUtf8(), QMetaType::fromName(type.toLatin1())});
    }
    return columns;
}

Result<TableRow> rowOf(const QJsonValue &value, const QList<TableColumn> &columns, qsizetype index)
{
    const QJsonArray entry = value.toArray();
    const QString tag = entry.at(0).toString();
    if (tag.isEmpty())
        return Error{QStringLiteral("row %1 does not start with its tag").arg(index + 1)};
    if (entry.size() != columns.size() + 1)
        return Error{QStringLiteral("row \"%1\" has %2 cells for %3 columns").arg(tag).arg(entry.size() - 1).arg(columns.size())};
    TableRow row{tag.toUtf8(), {}};
    for (qsizetype i = 0; i < columns.size(); ++i) {
        const std::optional<QVariant> cellValue = cell(entry.at(i + 1), columns[i].type);
        if (!cellValue)
            return Error{QStringLiteral("row \"%1\": the cell of column %2 is not of type %3")
                             .arg(tag, QString::fromUtf8(columns[i].name), QString::fromLatin1(columns[i].type.name()))};
        row.cells.append(*cellValue);
    }
    return row;
}

Result<DataTable> tableOf(const QJsonObject &entry)
{
    const Result<QList<TableColumn>> columns = columnsOf(entry.value(u"columns"));
    if (!columns)
        return Error{columns.error()};
    if (!entry.value(u"rows").isArray())
        return Error{QStringLiteral("no \"rows\" (a list of [tag, cell…])")};
    DataTable table{*columns, {}};
    for (const QJsonValue &value : entry.value(u"rows").toArray()) {
        const Result<TableRow> row = rowOf(value, table.columns, table.rows.size());
        if (!row)
            return Error{row.error()};
        table.rows.append(*row);
    }
    return table;
}

} // namespace

Result<DataTable> readTable(const QString &path, const QString &function)
{
    const QString where = path + QStringLiteral(": ") + function + QStringLiteral(": ");
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return Error{where + QStringLiteral("cannot read the file: ") + file.errorString()};
    QJsonParseError parseError;
    const QJsonDocument document = QJsonDocument::fromJson(file.readAll(), &parseError);
    if (!document.isObject())
        return Error{where + QStringLiteral("the file is not a JSON object (%1 at offset %2)")
                                 .arg(parseError.errorString()).arg(parseError.offset)};
    const QJsonValue entry = document.object().value(function);
    if (!entry.isObject())
        return Error{where + QStringLiteral("the file has no table for this function")};
    const Result<DataTable> table = tableOf(entry.toObject());
    if (!table)
        return Error{where + table.error()};
    return table;
}

Result<QString> tableFileFor(const QString &sourceFile)
{
    const QString data = qEnvironmentVariable("TEAMAI_TEST_DATA_DIR");
    if (data.isEmpty())
        return Error{QStringLiteral("TEAMAI_TEST_DATA_DIR is not set (ctest sets it to tests/data)")};
    const QString tests = QStringLiteral(TEAMAI_TESTS_SOURCE_DIR);
    if (!QDir::isAbsolutePath(sourceFile))  // e.g. a compiler told to map its paths
        return Error{sourceFile + QStringLiteral(" is not an absolute path under ") + tests};
    const QString relative = QDir(tests).relativeFilePath(sourceFile);
    if (relative.startsWith(QStringLiteral("..")) || QDir::isAbsolutePath(relative))
        return Error{sourceFile + QStringLiteral(" is not under ") + tests};
    const QFileInfo source(relative);
    return QString(data + QStringLiteral("/tables/") + source.path() + u'/' + source.completeBaseName() + QStringLiteral(".json"));
}

QString testFunctionOf(const char *dataFunction)
{
    static const QRegularExpression name(QStringLiteral("(\\w+)_data\\("));
    return name.match(QString::fromLatin1(dataFunction)).captured(1);
}

namespace {

/// The table of the `_data()` function at @p caller, from the test-data file of its source.
Result<DataTable> tableOfCaller(const std::source_location &caller)
{
    // Not QTest::currentTestFunction(): `-datatags` calls the _data() functions without setting it.
    const QString function = testFunctionOf(caller.function_name());
    if (function.isEmpty())
        return Error{QString::fromLatin1(caller.function_name()) + QStringLiteral(": loadTable() is for a _data() function")};
    const Result<QString> path = tableFileFor(QString::fromUtf8(caller.file_name()));
    if (!path)
        return Error{function + QStringLiteral(": ") + path.error()};
    return readTable(*path, function);
}

} // namespace

void loadTable(std::source_location caller)
{
    const Result<DataTable> table = tableOfCaller(caller);
    // Not QFAIL: QtTest would still run the test function, whose QFETCH then aborts with a message
    // that names no file. Stopping here says what is wrong.
    if (!table)
        qFatal("%s", qPrintable(table.error()));
    // QtTest keeps the column name's pointer, not a copy: the names live as long as the program.
    static QSet<QByteArray> names;
    for (const TableColumn &column : table->columns)
        QTest::addColumnInternal(column.type.id(), names.insert(column.name)->constData());
    for (const TableRow &row : table->rows) {
        QTestData &data = QTest::newRow(row.tag.constData());
        for (const QVariant &value : row.cells)
            data.append(value.metaType().id(), value.constData());
    }
}

} // namespace teamai::test
