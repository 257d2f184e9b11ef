// JsonText: members added, replaced and removed at depth 1 and 2 while every other byte of the
// file stays as it was.

#include "mcp/JsonText.h"

#include "DataTable.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>

using namespace teamai::mcp;

namespace {

JsonNode entry(const QString &command)
{
    JsonNode node = JsonNode::object();
    node.insert(QStringLiteral("command"), JsonNode::string(command));
    return node;
}

JsonText parsed(const QByteArray &bytes)
{
    JsonText::Parsed p = JsonText::parse(bytes);
    if (!p.doc)
        qFatal("not parsed: %s", qPrintable(p.error));
    return *p.doc;
}

const QStringList kFs{QStringLiteral("mcpServers"), QStringLiteral("fs")};

} // namespace

class TestJsonText : public QObject
{
    Q_OBJECT
private slots:
    void keepsWhatItDoesNotTouch()
    {
        // Odd spacing, a number JavaScript would round, escapes and non-ASCII text, a trailing
        // newline missing: all of it survives an add and a remove.
        const QByteArray original = "{\"big\": 12345678901234567890,  \"s\" : \"a\\u00e9\\n\xc3\xa9\",\n"
                                    "    \"mcpServers\":{ \"mine\" :{\"command\":\"m\"} },\"z\":[1 ,2]}";
        JsonText text = parsed(original);
        QVERIFY(text.set(kFs, entry(QStringLiteral("npx"))));
        QCOMPARE(text.bytes(), QByteArray("{\"big\": 12345678901234567890,  \"s\" : \"a\\u00e9\\n\xc3\xa9\",\n"
                                          "    \"mcpServers\":{ \"mine\" :{\"command\":\"m\"}, \"fs\" :{\"command\":\"npx\"} },\"z\":[1 ,2]}"));
        QVERIFY(text.remove(kFs));
        QCOMPARE(text.bytes(), original);
    }

    void followsTheFilesIndentation_data() { teamai::test::loadTable(); }
    void followsTheFilesIndentation()
    {
        QFETCH(QByteArray, before);
        QFETCH(QByteArray, after);
        JsonText text = parsed(before);
        QVERIFY(text.set(kFs, entry(QStringLiteral("x"))));
        QCOMPARE(text.bytes(), after);
    }

    void removesFirstMiddleLastAndOnly_data() { teamai::test::loadTable(); }
    void removesFirstMiddleLastAndOnly()
    {
        QFETCH(QByteArray, before);
        QFETCH(QByteArray, after);
        JsonText text = parsed(before);
        QVERIFY(text.remove(kFs));
        QCOMPARE(text.bytes(), after);
        QVERIFY(!text.remove(kFs));
        QCOMPARE(text.bytes(), after);
    }

    void readsKeysAndValues()
    {
        const JsonText text = parsed("{\"mcpServers\": {\"a\\\"b\": 1, \"c\": {\"d\": true}, \"a\\\"b\": 2}, \"n\": null}");
        QCOMPARE(text.keysAt({QStringLiteral("mcpServers")}).value(), (QStringList{QStringLiteral("a\"b"), QStringLiteral("c")}));
        QCOMPARE(text.valueAt({QStringLiteral("mcpServers"), QStringLiteral("a\"b")}).toInt(), 2);  // the last copy, as JSON.parse
        QVERIFY(text.valueAt({QStringLiteral("n")}).isNull());
        QVERIFY(text.valueAt({QStringLiteral("missing")}).isUndefined());
        QVERIFY(!text.keysAt({QStringLiteral("n")}));
    }

    void refusesToWriteThroughAValue()
    {
        JsonText text = parsed("{\"mcpServers\": [1]}");
        QVERIFY(!text.set(kFs, entry(QStringLiteral("x"))));
        QCOMPARE(text.bytes(), QByteArray("{\"mcpServers\": [1]}"));
    }

    void refusesWhatIsNotAnObject_data() { teamai::test::loadTable(); }
    void refusesWhatIsNotAnObject()
    {
        QFETCH(QByteArray, bytes);
        const JsonText::Parsed p = JsonText::parse(bytes);
        QVERIFY(!p.doc);
        QVERIFY(!p.error.isEmpty());
    }

    void nodesAreWrittenAsJavaScriptWritesThem()
    {
        JsonNode node = JsonNode::object();
        node.insert(QStringLiteral("s"), JsonNode::string(QStringLiteral("q\"\\\b\f\n\r\t\x01 é ") + QChar(0xD800)));
        node.insert(QStringLiteral("n"), JsonNode::number(30000));
        node.insert(QStringLiteral("f"), JsonNode::number(1.5));
        node.insert(QStringLiteral("a"), JsonNode::array());
        node.insert(QStringLiteral("o"), JsonNode::object());
        QCOMPARE(node.compact(), QByteArray("{\"s\":\"q\\\"\\\\\\b\\f\\n\\r\\t\\u0001 \xc3\xa9 \\ud800\",\"n\":30000,\"f\":1.5,\"a\":[],\"o\":{}}"));
    }
};

QTEST_GUILESS_MAIN(TestJsonText)
#include "tst_jsontext.moc"
