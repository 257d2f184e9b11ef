#include "DataTable.h"

#include <QJsonArray>
#include <QJsonObject>
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

    /// The file of broken tables, one per way a table can be wrong.
    static QString brokenTables()
    {
        return qEnvironmentVariable("TEAMAI_TEST_DATA_DIR") + QStringLiteral("/tables/support/broken-tables.json");
    }

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
        QFETCH(QJsonObject, object);
        const QByteArray tag = QTest::currentDataTag();
        if (tag == "values") {
            QCOMPARE(text, QStringLiteral("été \U0001F680 \t"));
            QCOMPARE(bytes, QByteArray("a\0b\xEF\xBB\xBF\r\n", 8));
            QCOMPARE(flag, true);
            QCOMPARE(number, -42);
            QCOMPARE(list, (QStringList{QStringLiteral("a b"), QString()}));
            QCOMPARE(object, (QJsonObject{{QStringLiteral("id"), 7}, {QStringLiteral("tags"), QJsonArray{QStringLiteral("x")}}}));
        } else if (tag == "empty") {
            QVERIFY(text.isEmpty() && !text.isNull());
            QVERIFY(bytes.isEmpty() && !bytes.isNull());
            QVERIFY(list.isEmpty());
            QVERIFY(object.isEmpty());
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

    void brokenTablesAreNamed_data() { loadTable(); }
    void brokenTablesAreNamed()
    {
        QFETCH(QString, table);
        QFETCH(QString, problem);
        const QString path = brokenTables();
        const Result<DataTable> read = readTable(path, table);
        QVERIFY(!read);
        QVERIFY2(read.error().startsWith(path + QStringLiteral(": ") + table + QStringLiteral(": ")), qPrintable(read.error()));
        QVERIFY2(read.error().contains(problem), qPrintable(read.error()));
    }

    void aMissingTableIsNamed()
    {
        const Result<DataTable> read = readTable(brokenTables(), QStringLiteral("nothing"));
        QCOMPARE(read.error(), brokenTables() + QStringLiteral(": nothing: the file has no table for this function"));
    }

    void aFileThatIsNotJsonIsNamed()
    {
        const QString path = write("table.json", "{\"f\": ");
        const Result<DataTable> read = readTable(path, QStringLiteral("f"));
        QVERIFY2(read.error().startsWith(path + QStringLiteral(": f: the file is not a JSON object")), qPrintable(read.error()));
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
