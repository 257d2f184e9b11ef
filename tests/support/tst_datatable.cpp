#include "DataTable.h"

#include <QTemporaryDir>
#include <QtTest>

using namespace teamai;
using namespace teamai::test;

/// @brief DataTable: a test's data table read from tests/data/tables, and the failures that name
/// the file and the function.
class TestDataTable : public QObject
{
    Q_OBJECT

    QTemporaryDir dir;

    /// A file @p name holding @p json, in the temporary folder.
    QString write(const char *name, const QByteArray &json)
    {
        QFile file(dir.filePath(QString::fromLatin1(name)));
        if (!file.open(QIODevice::WriteOnly) || file.write(json) != json.size())
            qFatal("cannot write %s", name);
        return file.fileName();
    }

private slots:
    void everyCellType_data() { loadTable(); }
    void everyCellType()
    {
        QFETCH(QString, text);
        QFETCH(QByteArray, bytes);
        QFETCH(bool, flag);
        QFETCH(int, number);
        QFETCH(QStringList, list);
        const QByteArray tag = QTest::currentDataTag();
        if (tag == "values") {
            QCOMPARE(text, QStringLiteral("été \U0001F680 \t"));
            QCOMPARE(bytes, QByteArray("a\0b\xEF\xBB\xBF\r\n", 8));
            QCOMPARE(flag, true);
            QCOMPARE(number, -42);
            QCOMPARE(list, (QStringList{QStringLiteral("a b"), QString()}));
        } else if (tag == "empty") {
            QVERIFY(text.isEmpty() && !text.isNull());
            QVERIFY(bytes.isEmpty() && !bytes.isNull());
            QVERIFY(list.isEmpty());
        } else {
            QCOMPARE(tag, QByteArray("null"));
            QVERIFY(text.isNull());
            QVERIFY(bytes.isNull());
        }
    }

    void theTestFunctionIsNamedByItsDataFunction()
    {
        QCOMPARE(testFunctionOf("void TestRedact::masksSecrets_data()"), QStringLiteral("masksSecrets"));
        QCOMPARE(testFunctionOf("void __cdecl TestRedact::masksSecrets_data(void)"), QStringLiteral("masksSecrets"));
        QCOMPARE(testFunctionOf("void TestRedact::masksSecrets()"), QString());
    }

    void theFileMirrorsTheTestsFolder()
    {
        const QString data = qEnvironmentVariable("TEAMAI_TEST_DATA_DIR");
        QCOMPARE(tableFileFor(QStringLiteral(TEAMAI_TESTS_SOURCE_DIR "/unit/util/tst_redact.cpp")).valueOr({}),
                 data + QStringLiteral("/tables/unit/util/tst_redact.json"));
        QVERIFY(tableFileFor(QStringLiteral("/elsewhere/tst_x.cpp")).error().contains(QStringLiteral("is not under")));
    }

    void failuresNameTheFileAndTheFunction_data()
    {
        QTest::addColumn<QByteArray>("json");
        QTest::addColumn<QString>("problem");
        QTest::newRow("not JSON") << QByteArray("{\"f\": ") << QStringLiteral("the file is not a JSON object");
        QTest::newRow("no table") << QByteArray("{\"g\": {}}") << QStringLiteral("the file has no table for this function");
        QTest::newRow("no columns") << QByteArray("{\"f\": {\"rows\": []}}") << QStringLiteral("no \"columns\"");
        QTest::newRow("column not a pair") << QByteArray("{\"f\": {\"columns\": [[\"a\"]], \"rows\": []}}")
                                           << QStringLiteral("column 1 is not [name, type]");
        QTest::newRow("unknown type") << QByteArray("{\"f\": {\"columns\": [[\"a\", \"QUrl\"]], \"rows\": []}}")
                                      << QStringLiteral("column a has the unknown type \"QUrl\"");
        QTest::newRow("no rows") << QByteArray("{\"f\": {\"columns\": [[\"a\", \"int\"]]}}") << QStringLiteral("no \"rows\"");
        QTest::newRow("no tag") << QByteArray("{\"f\": {\"columns\": [[\"a\", \"int\"]], \"rows\": [[1]]}}")
                                << QStringLiteral("row 1 does not start with its tag");
        QTest::newRow("missing cell") << QByteArray("{\"f\": {\"columns\": [[\"a\", \"int\"], [\"b\", \"bool\"]], \"rows\": [[\"r\", 1]]}}")
                                      << QStringLiteral("row \"r\" has 1 cells for 2 columns");
        QTest::newRow("wrong type") << QByteArray("{\"f\": {\"columns\": [[\"a\", \"int\"]], \"rows\": [[\"r\", \"1\"]]}}")
                                    << QStringLiteral("row \"r\": the cell of column a is not of type int");
        QTest::newRow("too large for int") << QByteArray("{\"f\": {\"columns\": [[\"a\", \"int\"]], \"rows\": [[\"r\", 1e10]]}}")
                                           << QStringLiteral("row \"r\": the cell of column a is not of type int");
        QTest::newRow("fraction for int") << QByteArray("{\"f\": {\"columns\": [[\"a\", \"int\"]], \"rows\": [[\"r\", 1.5]]}}")
                                          << QStringLiteral("row \"r\": the cell of column a is not of type int");
        QTest::newRow("number in a list") << QByteArray("{\"f\": {\"columns\": [[\"a\", \"QStringList\"]], \"rows\": [[\"r\", [1]]]}}")
                                          << QStringLiteral("row \"r\": the cell of column a is not of type QStringList");
    }
    void failuresNameTheFileAndTheFunction()
    {
        QFETCH(QByteArray, json);
        QFETCH(QString, problem);
        const QString path = write("table.json", json);
        const Result<DataTable> table = readTable(path, QStringLiteral("f"));
        QVERIFY(!table);
        QVERIFY2(table.error().startsWith(path + QStringLiteral(": f: ")), qPrintable(table.error()));
        QVERIFY2(table.error().contains(problem), qPrintable(table.error()));
    }

    void aMissingFileIsNamed()
    {
        const QString path = dir.filePath(QStringLiteral("missing.json"));
        const Result<DataTable> table = readTable(path, QStringLiteral("f"));
        QVERIFY(table.error().startsWith(path + QStringLiteral(": f: cannot read the file")));
    }
};

QTEST_GUILESS_MAIN(TestDataTable)
#include "tst_datatable.moc"
