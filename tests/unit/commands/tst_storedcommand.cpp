// What the ledger keeps of an apply_model_config: the command without its API keys, marked so it
// is never run from that copy; and the log redaction that keeps keys out of every log line.
#include "commands/StoredCommand.h"
#include "util/Redact.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>

using namespace teamai;

namespace {

const QString kKey = QStringLiteral("sk-live-abcdef0123456789");

QJsonObject command(const QString &cmd, const QString &type = QStringLiteral("apply_model_config"))
{
    return {{QStringLiteral("id"), 7}, {QStringLiteral("type"), type}, {QStringLiteral("cmd"), cmd}};
}

QString json(const QJsonObject &object)
{
    return QString::fromUtf8(QJsonDocument(object).toJson(QJsonDocument::Compact));
}

} // namespace

class TestStoredCommand : public QObject
{
    Q_OBJECT
private slots:
    void keysAreReplacedAndTheCopyMarked_data()
    {
        QTest::addColumn<QString>("cmd");
        QTest::newRow("snapshot") << QStringLiteral(R"({"models":[{"model_id":"a","api_key":"%1"},{"model_id":"b","api_key":"%1"}]})").arg(kKey);
        QTest::newRow("single") << QStringLiteral("{\"model_id\":\"a\",\"base_url\":\"https://x\",\"api_key\":\"%1\"}").arg(kKey);
        QTest::newRow("not json") << QStringLiteral(R"({"models":[{"api_key": "%1", )").arg(kKey);
        QTest::newRow("camel case") << QStringLiteral(R"({"apiKey":"%1"})").arg(kKey);
        // Found by fuzz_modelconfig: the only syntax error sits in the key's value, so once the
        // value is masked the text is JSON, and its other key (spelt with an escape) must go too.
        QTest::newRow("json once the value is masked") << QStringLiteral(R"({"apiKey":"x\uZZ","api\u004bey":"%1"})").arg(kKey);
        QTest::newRow("value with spaces in text that is not json")
            << QStringLiteral(R"({"models":[{"api_key": "%1 %1", )").arg(kKey);
    }
    void keysAreReplacedAndTheCopyMarked()
    {
        QFETCH(QString, cmd);
        const QJsonObject stored = storedcommand::forLedger(command(cmd));
        QVERIFY(!json(stored).contains(kKey));
        QVERIFY(storedcommand::secretsRemoved(stored));
        QCOMPARE(stored.value(QStringLiteral("id")).toInt(), 7);
        QVERIFY(stored.value(QStringLiteral("cmd")).toString().contains(QStringLiteral("***")));
    }

    void otherCommandsAreKeptAsTheyCame()
    {
        const QJsonObject other = command(QStringLiteral("teamai --version"), QStringLiteral("uninstall_teamai"));
        QCOMPARE(storedcommand::forLedger(other), other);
        const QJsonObject removal = command(QStringLiteral(R"({"models":[]})"));
        QCOMPARE(storedcommand::forLedger(removal), removal);
        QVERIFY(!storedcommand::secretsRemoved(removal));
    }

    void logRedactionCoversJsonInsideJson()
    {
        const QString line = json(command(QStringLiteral(R"({"api_key":"%1","name":"x"})").arg(kKey)));
        const QString redacted = redactSecrets(line);
        QVERIFY2(!redacted.contains(kKey), qPrintable(redacted));
        QVERIFY(redacted.contains(QStringLiteral("name")));
        QCOMPARE(redactSecrets(QStringLiteral("ANTHROPIC_AUTH_TOKEN=%1 ok").arg(kKey)), QStringLiteral("ANTHROPIC_AUTH_TOKEN=*** ok"));
    }

    void registeredKeysAreMaskedAnywhere()
    {
        const QString key = QStringLiteral("gw-9f8e7d6c5b4a");
        QCOMPARE(redactSecrets(QStringLiteral("value %1 here").arg(key)), QStringLiteral("value %1 here").arg(key));
        addSecretValue(key);
        QCOMPARE(redactSecrets(QStringLiteral("value %1 here").arg(key)), QStringLiteral("value *** here"));
        addSecretValue(QStringLiteral("short"));  // too short to be told from ordinary words
        QCOMPARE(redactSecrets(QStringLiteral("a short word")), QStringLiteral("a short word"));
    }
};

QTEST_GUILESS_MAIN(TestStoredCommand)
#include "tst_storedcommand.moc"
