// The order-preserving JSON the model writers edit files with: it must read and write exactly
// what JSON.parse / JSON.stringify do, or the reference client's hashes would not match ours.
#include "modelconfig/JsJson.h"

#include "DataTable.h"

#include <QFile>
#include <QtTest>

using namespace teamai::modelconfig;

class TestJsJson : public QObject
{
    Q_OBJECT

    static QByteArray roundTrip(const QByteArray &json)
    {
        const JsParsed parsed = parseJson(json);
        if (!parsed.ok)
            return "ERROR: " + parsed.error.toUtf8();
        return stringify(parsed.value);
    }

    static QByteArray data(const char *name)
    {
        QFile file(qEnvironmentVariable("TEAMAI_TEST_DATA_DIR") + QStringLiteral("/modelconfig/") + QLatin1String(name));
        return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
    }

private slots:
    // What JSON.stringify(JSON.parse(input)) writes: keys in JavaScript's order (the rows from
    // "file order" on), numbers in its notation (from "integer" on).
    void roundTripsAsJavaScriptDoes_data() { teamai::test::loadTable(); }
    void roundTripsAsJavaScriptDoes()
    {
        QFETCH(QByteArray, input);
        QFETCH(QByteArray, expected);
        QCOMPARE(roundTrip(input), expected);
    }

    void quotesStringsAsJavaScriptDoes()
    {
        QCOMPARE(roundTrip("[\"a\\\"b\\\\c\\/d\\b\\f\\n\\r\\t\"]"), QByteArray("[\"a\\\"b\\\\c/d\\b\\f\\n\\r\\t\"]"));
        QCOMPARE(roundTrip(R"(["\u0001\u001f\u007f"])"), QByteArray("[\"\\u0001\\u001f\x7f\"]"));
        QCOMPARE(roundTrip(R"(["\u00e9\u4e2d"])"), QByteArray("[\"\xC3\xA9\xE4\xB8\xAD\"]"));
        QCOMPARE(roundTrip(R"(["\ud83d\ude00"])"), QByteArray("[\"\xF0\x9F\x98\x80\"]"));
        QCOMPARE(roundTrip(R"(["\ud800x"])"), QByteArray(R"(["\ud800x"])"));  // a lone surrogate stays escaped
        QCOMPARE(roundTrip(R"(["\u2028"])"), QByteArray("[\"\xE2\x80\xA8\"]"));
    }

    void refusesWhatJsonParseRefuses_data()
    {
        QTest::addColumn<QByteArray>("input");
        for (const char *bad : {"", "{", "{\"a\":1,}", "[1,]", "{'a':1}", "{a:1}", "01", "1.", ".5", "+1", "[1] x",
                                "\"\t\"", "\"\\x\"", "\"\\u12\"", "tru", "NaN", "// c\n{}", "{\"a\" 1}"})
            QTest::newRow(bad) << QByteArray(bad);
    }
    void refusesWhatJsonParseRefuses()
    {
        QFETCH(QByteArray, input);
        QVERIFY(!parseJson(input).ok);
    }

    void refusesDeepNesting()
    {
        QVERIFY(!parseJson(QByteArray(100000, '[')).ok);
        QVERIFY(parseJson(QByteArray(100, '[') + QByteArray(100, ']')).ok);
    }

    void manyKeysParseInOrder()
    {
        // A hostile workspace file with very many keys must not make parsing quadratic.
        QByteArray json = "{";
        constexpr int kCount = 200000;
        for (int i = kCount - 1; i >= 0; --i)
            json += '"' + QByteArray::number(i) + "\":0,\"k" + QByteArray::number(i) + "\":1,";
        json += "\"k0\":2}";
        const JsParsed parsed = parseJson(json);
        QVERIFY(parsed.ok);
        QCOMPARE(parsed.value.size(), 2 * kCount);
        QCOMPARE(parsed.value.keys().front(), QStringLiteral("0"));
        QCOMPARE(parsed.value.keys().at(kCount - 1), QString::number(kCount - 1));
        QCOMPARE(parsed.value.keys().at(kCount), QStringLiteral("k%1").arg(kCount - 1));
        QCOMPARE(parsed.value.value(QStringLiteral("k0")).toNumber(), 2.0);
    }

    void prettyIsTwoSpacesAndANewline()
    {
        const JsParsed parsed = parseJson(R"({"a":[],"b":{},"c":[1,{"d":true}],"e":null})");
        QVERIFY(parsed.ok);
        QCOMPARE(stringifyPretty(parsed.value),
                 QByteArray("{\n  \"a\": [],\n  \"b\": {},\n  \"c\": [\n    1,\n    {\n      \"d\": true\n    }\n  ],\n  \"e\": null\n}\n"));
    }

    void prettyReproducesTheReferencesFiles_data()
    {
        QTest::addColumn<QString>("name");
        for (const char *name : {"reference-claude-settings.json", "reference-claude-manifest.json", "reference-buddy-models.json",
                                 "reference-buddy-models-array.json", "reference-claude-profile.json"})
            QTest::newRow(name) << QString::fromLatin1(name);
    }
    void prettyReproducesTheReferencesFiles()
    {
        QFETCH(QString, name);
        const QByteArray file = data(name.toLatin1().constData());
        QVERIFY(!file.isEmpty());
        const JsParsed parsed = parseJson(file);
        QVERIFY(parsed.ok);
        QCOMPARE(stringifyPretty(parsed.value), file);
    }

    void entryHashMatchesTheReferencesRecords()
    {
        // Values and hashes as teamai-cli 0.25.0 wrote them (tests/data/modelconfig).
        QCOMPARE(entryHash(JsValue(QStringLiteral("http://127.0.0.1:8080"))), QStringLiteral("dec64a4bfe383af9"));
        QCOMPARE(entryHash(JsValue(QStringLiteral("acme-large"))), QStringLiteral("1e8d8f0880975523"));
        const JsParsed models = parseJson(data("reference-buddy-models.json"));
        QVERIFY(models.ok);
        QCOMPARE(entryHash(models.value.value(QStringLiteral("models")).items().at(1)), QStringLiteral("497765904205c591"));
        QVERIFY(entryHash(JsValue()).isEmpty());
    }

    void editingKeepsPlaces()
    {
        JsParsed parsed = parseJson(R"({"a":1,"b":2,"c":3})");
        QVERIFY(parsed.ok);
        JsValue v = parsed.value;
        v.insert(QStringLiteral("b"), JsValue(QStringLiteral("x")));
        v.insert(QStringLiteral("d"), JsValue(true));
        QVERIFY(v.remove(QStringLiteral("a")));
        QVERIFY(!v.remove(QStringLiteral("zz")));
        QCOMPARE(stringify(v), QByteArray(R"({"b":"x","c":3,"d":true})"));
        QVERIFY(v.value(QStringLiteral("missing")).isUndefined());
    }
};

QTEST_GUILESS_MAIN(TestJsJson)
#include "tst_jsjson.moc"
