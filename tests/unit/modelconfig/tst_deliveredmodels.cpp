// Parsing and validation of an apply_model_config `cmd`: everything is checked before anything is
// written, errors are plain (and never quote a key or a URL), the reference's wording is kept
// where the check is the reference's.
#include "modelconfig/DeliveredModels.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>

using namespace teamai::modelconfig;

namespace {

const QString kKey = QStringLiteral("sk-secret-0123456789");

QJsonObject model(const QString &id = QStringLiteral("m1"))
{
    return {{QStringLiteral("provider"), QStringLiteral("acme")}, {QStringLiteral("model_id"), id},
            {QStringLiteral("name"), QStringLiteral("Model One")}, {QStringLiteral("base_url"), QStringLiteral("https://gw.example/v1")},
            {QStringLiteral("api_key"), kKey}};
}

QString snapshot(const QJsonArray &models)
{
    return QString::fromUtf8(QJsonDocument(QJsonObject{{QStringLiteral("models"), models}}).toJson(QJsonDocument::Compact));
}

QString single(const QJsonObject &object)
{
    return QString::fromUtf8(QJsonDocument(object).toJson(QJsonDocument::Compact));
}

QJsonObject with(QJsonObject object, const QString &key, const QJsonValue &value)
{
    if (value.isUndefined())
        object.remove(key);
    else
        object.insert(key, value);
    return object;
}

} // namespace

class TestDeliveredModels : public QObject
{
    Q_OBJECT
private slots:
    void fullSnapshot()
    {
        QJsonObject second = with(model(QStringLiteral("m2")), QStringLiteral("max_tokens"), 8192);
        second.insert(QStringLiteral("context_window"), QStringLiteral("200000"));
        second.insert(QStringLiteral("provider"), QStringLiteral("  padded  "));
        const ParsedDelivery parsed = parseDelivery(snapshot({model(), second}));
        QVERIFY2(parsed.ok, qPrintable(parsed.error));
        QVERIFY(parsed.delivery.fullSnapshot);
        QCOMPARE(parsed.delivery.models.size(), 2);
        const DeliveredModel &first = parsed.delivery.models.at(0);
        QCOMPARE(first.modelId, QStringLiteral("m1"));
        QCOMPARE(first.apiKey, kKey);
        QCOMPARE(first.maxTokens, kDefaultMaxTokens);
        QVERIFY(!first.contextWindow);
        QCOMPARE(parsed.delivery.models.at(1).maxTokens, 8192);
        QCOMPARE(parsed.delivery.models.at(1).contextWindow.value_or(0), 200000);
        QCOMPARE(parsed.delivery.models.at(1).provider, QStringLiteral("padded"));
    }

    void incrementalAndEmpty()
    {
        const ParsedDelivery one = parseDelivery(single(model()));
        QVERIFY(one.ok);
        QVERIFY(!one.delivery.fullSnapshot);
        QCOMPARE(one.delivery.models.size(), 1);
        QVERIFY(!one.delivery.isRemoval());

        const ParsedDelivery empty = parseDelivery(QStringLiteral(R"({"models": []})"));
        QVERIFY(empty.ok);
        QVERIFY(empty.delivery.isRemoval());

        // Zero means "not given": the default output budget, no input window.
        QJsonObject zero = with(model(), QStringLiteral("max_tokens"), 0);
        zero.insert(QStringLiteral("context_window"), 0);
        const ParsedDelivery zeros = parseDelivery(single(zero));
        QVERIFY(zeros.ok);
        QCOMPARE(zeros.delivery.models.first().maxTokens, kDefaultMaxTokens);
        QVERIFY(!zeros.delivery.models.first().contextWindow);
    }

    void malformed_data()
    {
        QTest::addColumn<QString>("cmd");
        QTest::addColumn<QString>("error");
        const QString p = QStringLiteral("apply_model_config: ");
        QTest::newRow("missing") << QString() << p + QStringLiteral("missing cmd");
        QTest::newRow("not json") << QStringLiteral("{models") << p + QStringLiteral("cmd must be valid JSON");
        QTest::newRow("models not array") << QStringLiteral(R"({"models": {}})") << p + QStringLiteral("models must be an array");
        QTest::newRow("model not object") << QStringLiteral(R"({"models": [1]})") << p + QStringLiteral("each model must be an object");
        QTest::newRow("scalar") << QStringLiteral("5") << p + QStringLiteral("each model must be an object");
        QTest::newRow("array root") << QStringLiteral("[]") << p + QStringLiteral("each model must be an object");
        for (const char *field : {"model_id", "provider", "name", "base_url", "api_key"}) {
            const QString name = QString::fromLatin1(field);
            QTest::newRow(qPrintable(name + QStringLiteral(" missing"))) << single(with(model(), name, QJsonValue::Undefined))
                                                                        << p + name + QStringLiteral(" must be a non-empty string");
            QTest::newRow(qPrintable(name + QStringLiteral(" blank"))) << single(with(model(), name, QStringLiteral("  ")))
                                                                      << p + name + QStringLiteral(" must be a non-empty string");
            QTest::newRow(qPrintable(name + QStringLiteral(" number"))) << single(with(model(), name, 5))
                                                                       << p + name + QStringLiteral(" must be a non-empty string");
            QTest::newRow(qPrintable(name + QStringLiteral(" newline"))) << single(with(model(), name, QStringLiteral("a\nb")))
                                                                        << p + name + QStringLiteral(" must not contain control characters");
        }
        QTest::newRow("too long") << single(with(model(), QStringLiteral("name"), QString(2000, u'n')))
                                  << p + QStringLiteral("name is too long (at most 1024 characters)");
        for (const char *reserved : {"__proto__", "prototype", "constructor"})
            QTest::newRow(reserved) << single(with(model(), QStringLiteral("model_id"), QLatin1String(reserved)))
                                    << p + QStringLiteral("reserved model_id \"%1\"").arg(QLatin1String(reserved));
        QTest::newRow("id with space") << single(with(model(), QStringLiteral("model_id"), QStringLiteral("a b")))
                                       << p + QStringLiteral("model_id must not contain spaces");
        QTest::newRow("duplicate") << snapshot({model(), model()}) << p + QStringLiteral("duplicate model_id \"m1\"");
        const QString badUrl = p + QStringLiteral("base_url must be a valid URL");
        QTest::newRow("url relative") << single(with(model(), QStringLiteral("base_url"), QStringLiteral("/v1"))) << badUrl;
        QTest::newRow("url no host") << single(with(model(), QStringLiteral("base_url"), QStringLiteral("http://"))) << badUrl;
        QTest::newRow("url space") << single(with(model(), QStringLiteral("base_url"), QStringLiteral("http://a b/"))) << badUrl;
        QTest::newRow("url file") << single(with(model(), QStringLiteral("base_url"), QStringLiteral("file:///etc/passwd")))
                                  << p + QStringLiteral("base_url must use http or https");
        QTest::newRow("url ftp") << single(with(model(), QStringLiteral("base_url"), QStringLiteral("ftp://gw.example/")))
                                 << p + QStringLiteral("base_url must use http or https");
        QTest::newRow("url javascript") << single(with(model(), QStringLiteral("base_url"), QStringLiteral("javascript://x/%0aalert(1)")))
                                        << p + QStringLiteral("base_url must use http or https");
        QTest::newRow("url password") << single(with(model(), QStringLiteral("base_url"), QStringLiteral("https://u:pw@gw.example/")))
                                      << p + QStringLiteral("base_url must not contain a user name or password");
        for (const char *field : {"max_tokens", "context_window"}) {
            const QString name = QString::fromLatin1(field);
            const QString bad = p + name + QStringLiteral(" must be a positive integer");
            QTest::newRow(qPrintable(name + QStringLiteral(" negative"))) << single(with(model(), name, -1)) << bad;
            QTest::newRow(qPrintable(name + QStringLiteral(" fraction"))) << single(with(model(), name, 1.5)) << bad;
            QTest::newRow(qPrintable(name + QStringLiteral(" bool"))) << single(with(model(), name, true)) << bad;
            QTest::newRow(qPrintable(name + QStringLiteral(" text"))) << single(with(model(), name, QStringLiteral("12k"))) << bad;
            QTest::newRow(qPrintable(name + QStringLiteral(" huge"))) << single(with(model(), name, 1e300)) << bad;
        }
        QTest::newRow("the ledger's copy") << single(with(model(), QStringLiteral("api_key"), QStringLiteral("***")))
                                           << p + QStringLiteral("api_key was removed from the agent's history; the backend must send the command again");
        QJsonArray many;
        for (int i = 0; i <= kMaxModels; ++i)
            many.append(model(QStringLiteral("m%1").arg(i)));
        QTest::newRow("too many") << snapshot(many) << p + QStringLiteral("at most 100 models per command");
    }
    void malformed()
    {
        QFETCH(QString, cmd);
        QFETCH(QString, error);
        const ParsedDelivery parsed = parseDelivery(cmd);
        QVERIFY(!parsed.ok);
        QCOMPARE(parsed.error, error);
        QVERIFY(!parsed.error.contains(kKey));
    }

    void firstProblemWins()
    {
        // The reference's order: the model's strings, then its numbers, then the URL.
        QJsonObject bad = with(model(), QStringLiteral("base_url"), QStringLiteral("ftp://x/"));
        bad.insert(QStringLiteral("max_tokens"), -3);
        QCOMPARE(parseDelivery(single(bad)).error, QStringLiteral("apply_model_config: max_tokens must be a positive integer"));
        bad.remove(QStringLiteral("name"));
        QCOMPARE(parseDelivery(single(bad)).error, QStringLiteral("apply_model_config: name must be a non-empty string"));
    }
};

QTEST_GUILESS_MAIN(TestDeliveredModels)
#include "tst_deliveredmodels.moc"
