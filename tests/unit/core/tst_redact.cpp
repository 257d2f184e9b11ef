#include "util/Redact.h"

#include <QtTest>

using namespace teamai;

class TestRedact : public QObject
{
    Q_OBJECT
private slots:
    void masksSecrets_data()
    {
        QTest::addColumn<QString>("input");
        QTest::addColumn<QString>("expected");
        QTest::newRow("bearer") << QStringLiteral("Authorization: Bearer abc.def-123") << QStringLiteral("Authorization: Bearer ***");
        QTest::newRow("token=") << QStringLiteral("url?token=s3cr3t&x=1") << QStringLiteral("url?token=***&x=1");
        QTest::newRow("--token value") << QStringLiteral("teamai init --token tok123 --http x") << QStringLiteral("teamai init --token *** --http x");
        QTest::newRow("--token=value") << QStringLiteral("teamai init --token=tok123") << QStringLiteral("teamai init --token=***");
        QTest::newRow("json password") << QStringLiteral(R"({"password": "hunter2"})") << QStringLiteral(R"({"password": "***"})");
        QTest::newRow("env api key") << QStringLiteral("OPENAI_API_KEY=sk-123 run") << QStringLiteral("OPENAI_API_KEY=*** run");
        QTest::newRow("x-api-token header") << QStringLiteral("X-API-Token: abc") << QStringLiteral("X-API-Token: ***");
        QTest::newRow("nothing secret") << QStringLiteral("exit status 3: no such file") << QStringLiteral("exit status 3: no such file");
    }
    void masksSecrets()
    {
        QFETCH(QString, input);
        QFETCH(QString, expected);
        QCOMPARE(redactSecrets(input), expected);
    }

    void credentialNames()
    {
        QVERIFY(isCredentialName(QStringLiteral("GITHUB_TOKEN")));
        QVERIFY(isCredentialName(QStringLiteral("aws_secret_access_key")));
        QVERIFY(isCredentialName(QStringLiteral("DB_PASSWORD")));
        QVERIFY(isCredentialName(QStringLiteral("ApiKey")));
        QVERIFY(!isCredentialName(QStringLiteral("HOME")));
        QVERIFY(!isCredentialName(QStringLiteral("PATH")));
    }
};

QTEST_GUILESS_MAIN(TestRedact)
#include "tst_redact.moc"
