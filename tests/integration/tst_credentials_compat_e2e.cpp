// Credentials shared with teamai-cli 0.25 (issue #14 item 1), end to end in a temporary HOME:
// tokens the reference left are what our sync sends, our init writes the files the reference
// reads, the environment alone configures the agent, and a new token leaves the old one nowhere.

#include "AgentTestCase.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QJsonDocument>
#include <QtTest>

using namespace teamai::test;

class TestCredentialsCompatEndToEnd : public BareAgentTestCase
{
    Q_OBJECT
private:
    TeamaiRun sync(const QStringList &environment = {})
    {
        return runTeamai({QStringLiteral("sync"), QStringLiteral("--tool"), QStringLiteral("claude"), QStringLiteral("--json")}, {},
                         environment);
    }
    /// Every sync request was authorised with @p token, and there was at least one.
    void verifySyncAuth(const QString &token, qsizetype from = 0)
    {
        const QJsonArray syncs = f->server().requests(QStringLiteral("sync"));
        QVERIFY(syncs.size() > from);
        for (qsizetype i = from; i < syncs.size(); ++i)
            QCOMPARE(syncs.at(i).toObject().value(QStringLiteral("authorization")).toString(), QStringLiteral("Bearer ") + token);
    }
    void writePrivate(const QString &relative, const QByteArray &content)
    {
        f->env().writeFile(relative, content);
        QFile::setPermissions(f->env().home() + u'/' + relative, QFile::ReadOwner | QFile::WriteOwner);
    }
    QByteArray configWithToken(const QString &token) const
    {
        QJsonObject config{{QStringLiteral("endpoint"), f->server().baseUrl()}, {QStringLiteral("workspaceBindings"), QJsonObject()}};
        if (!token.isEmpty())
            config.insert(QStringLiteral("token"), token);
        return QJsonDocument(config).toJson();
    }
    static bool ownerOnly(const QString &path)
    {
        return (QFile(path).permissions() & (QFile::ReadGroup | QFile::ReadOther | QFile::WriteGroup | QFile::WriteOther)) == 0;
    }

private slots:
    void referenceTokensAreSentBySync_data()
    {
        QTest::addColumn<QString>("file"); // where the reference left the token; empty: config.json
        QTest::newRow("config.json token") << QString();
        QTest::newRow("~/.teamai/token") << QStringLiteral(".teamai/token");
        QTest::newRow("~/.teamai/apikey") << QStringLiteral(".teamai/apikey");
    }
    void referenceTokensAreSentBySync()
    {
        QFETCH(QString, file);
        const QString token = DevServerProcess::token();
        writePrivate(QStringLiteral(".teamai/local-agent/config.json"), configWithToken(file.isEmpty() ? token : QString()));
        if (!file.isEmpty())
            writePrivate(file, token.toUtf8() + '\n');
        const TeamaiRun run = sync();
        QVERIFY2(run.exitCode == 0, run.err.constData());
        verifySyncAuth(token);

        // The next init (no --token) moves it into our store and says so.
        const TeamaiRun init = runTeamai({QStringLiteral("init"), QStringLiteral("--http"), f->server().baseUrl(),
                                          QStringLiteral("--token-store"), QStringLiteral("file"), QStringLiteral("--agents"),
                                          QStringLiteral("claude")});
        QVERIFY2(init.exitCode == 0, init.err.constData());
        QVERIFY2(init.out.contains("(teamai-cli) moved to"), init.out.constData());
        QVERIFY(QJsonDocument::fromJson(f->env().readFile(QStringLiteral(".teamai/local-agent/settings.json")))
                    .object().value(QStringLiteral("tokenLocation")).toString() == QStringLiteral("file"));
        QVERIFY2(sync().exitCode == 0, "sync after the move");
        verifySyncAuth(token);
    }

    void ourInitWritesTheFilesTheReferenceReads()
    {
        const TeamaiRun init = runTeamai({QStringLiteral("init"), QStringLiteral("--http"), f->server().baseUrl(), QStringLiteral("--token"),
                                          DevServerProcess::token(), QStringLiteral("--token-store"), QStringLiteral("file"),
                                          QStringLiteral("--agents"), QStringLiteral("claude")});
        QVERIFY2(init.exitCode == 0, init.err.constData());
        // teamai-cli's sync sends config.json `token`; its other modes read token/apikey (bare).
        const QJsonObject config = QJsonDocument::fromJson(f->env().readFile(QStringLiteral(".teamai/local-agent/config.json"))).object();
        QCOMPARE(config.value(QStringLiteral("token")).toString(), DevServerProcess::token());
        QCOMPARE(config.value(QStringLiteral("endpoint")).toString(), f->server().baseUrl());
        for (const QString &file : {QStringLiteral(".teamai/token"), QStringLiteral(".teamai/apikey")}) {
            QCOMPARE(f->env().readFile(file), DevServerProcess::token().toUtf8() + '\n');
            QVERIFY(ownerOnly(f->env().home() + u'/' + file));
        }
        QVERIFY(ownerOnly(f->env().stateDir() + QStringLiteral("/config.json")));
        QVERIFY2(sync().exitCode == 0, "our own sync");
        verifySyncAuth(DevServerProcess::token());
    }

    void environmentAloneConfiguresTheAgent()
    {
        const TeamaiRun run = sync({QStringLiteral("TEAMAI_HTTP_ENDPOINT=") + f->server().baseUrl(),
                                    QStringLiteral("TEAMAI_API_TOKEN=") + DevServerProcess::token()});
        QVERIFY2(run.exitCode == 0, run.err.constData());
        verifySyncAuth(DevServerProcess::token());
        for (const QString &file : {QStringLiteral("/config.json"), QStringLiteral("/settings.json")})
            QVERIFY2(!QFile::exists(f->env().stateDir() + file), qPrintable(file));
        for (const QString &file : {QStringLiteral("/token"), QStringLiteral("/apikey")})
            QVERIFY2(!QFile::exists(f->env().teamaiHome() + file), qPrintable(file));
        // Without the variables (and no files) the agent is not configured: nothing is sent.
        const qsizetype before = f->server().requests().size();
        QCOMPARE(sync().exitCode, 1);
        QCOMPARE(f->server().requests().size(), before);
    }

    void reinitWithANewTokenLeavesTheOldOneNowhere()
    {
        const QString oldToken = QStringLiteral("old-secret-token-4711");
        for (const QString &token : {oldToken, DevServerProcess::token()}) {
            const TeamaiRun init = runTeamai({QStringLiteral("init"), QStringLiteral("--http"), f->server().baseUrl(), QStringLiteral("--token"),
                                              token, QStringLiteral("--token-store"), QStringLiteral("file"), QStringLiteral("--agents"),
                                              QStringLiteral("claude")});
            QVERIFY2(init.exitCode == 0, init.err.constData());
            QVERIFY(sync().exitCode == 0 || token == oldToken); // the old token is refused: fine
        }
        QDirIterator it(f->env().home(), QDir::Files | QDir::Hidden | QDir::System, QDirIterator::Subdirectories);
        int files = 0;
        while (it.hasNext()) {
            QFile file(it.next());
            QVERIFY(file.open(QIODevice::ReadOnly));
            QVERIFY2(!file.readAll().contains(oldToken.toUtf8()), qPrintable(file.fileName()));
            ++files;
        }
        QVERIFY(files > 3);
        const qsizetype before = f->server().requests(QStringLiteral("sync")).size();
        QVERIFY2(sync().exitCode == 0, "sync with the new token");
        verifySyncAuth(DevServerProcess::token(), before);
    }
};

QTEST_GUILESS_MAIN(TestCredentialsCompatEndToEnd)
#include "tst_credentials_compat_e2e.moc"
