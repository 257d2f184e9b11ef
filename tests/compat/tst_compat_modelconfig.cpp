// apply_model_config between the two clients (issue 15 item 2): the reference client
// (teamai-cli 0.25.0) and our `teamai` take turns on one HOME and one devserver. Each must remove
// exactly the gateway the other configured (by the records in model-manifest.json) and replace it
// on a re-apply, leaving the user's settings as they were. The reference runs commands in its
// session-start hook, we in `teamai sync`.
#include "CompatTestCase.h"
#include "DevServerProcess.h"
#include "ReferenceClient.h"
#include "TestEnvironment.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QtTest>

using namespace teamai::test;

namespace {

const QString kKeyOurs = QStringLiteral("sk-compat-ours-0123456789");
const QString kKeyTheirs = QStringLiteral("sk-compat-theirs-0123456789");

struct ToolFiles {
    QString models;   ///< the file the gateway lives in, relative to HOME
    QString profile;  ///< claude's profile (empty for the others)
};

ToolFiles filesOf(const QString &tool)
{
    if (tool == QLatin1String("claude"))
        return {QStringLiteral(".claude/settings.json"), QStringLiteral(".claude/teamai-models.json")};
    return {QStringLiteral(".%1/models.json").arg(tool), {}};
}

QByteArray usersFile(const QString &tool)
{
    if (tool == QLatin1String("claude"))
        return "{\n  \"model\": \"opus\",\n  \"env\": {\n    \"FOO\": \"bar\"\n  }\n}\n";
    return "{\n  \"models\": [\n    {\n      \"id\": \"mine\",\n      \"apiKey\": \"users-key\"\n    }\n  ]\n}\n";
}

QJsonObject applyCommand(qint64 id, const QJsonArray &models)
{
    return {{QStringLiteral("id"), id}, {QStringLiteral("type"), QStringLiteral("apply_model_config")},
            {QStringLiteral("scope"), QStringLiteral("user")},
            {QStringLiteral("cmd"), QString::fromUtf8(QJsonDocument(QJsonObject{{QStringLiteral("models"), models}}).toJson(QJsonDocument::Compact))}};
}

QJsonArray gateway(const QString &url, const QString &key)
{
    return {QJsonObject{{QStringLiteral("provider"), QStringLiteral("acme")}, {QStringLiteral("model_id"), QStringLiteral("acme-large")},
                        {QStringLiteral("name"), QStringLiteral("Acme Large")}, {QStringLiteral("base_url"), url},
                        {QStringLiteral("api_key"), key}, {QStringLiteral("max_tokens"), 8192}}};
}

} // namespace

class TestCompatModelConfig : public CompatTestCase
{
    Q_OBJECT

public:
    TestCompatModelConfig()
        : CompatTestCase({QStringLiteral("claude"), QStringLiteral("codebuddy")})
    {
    }

private:
    /// The variables that would make the gateway the user's: a developer's own ANTHROPIC_* settings.
    QStringList anthropicVariables() const
    {
        QStringList names = env().processEnvironment().keys();
        names.removeIf([](const QString &name) { return !name.startsWith(QLatin1String("ANTHROPIC_")); });
        return names;
    }

    void setUpHome() override
    {
        env().writeFile(filesOf(tool()).models, usersFile(tool()));
        writeReferenceConfig(env(), server());
    }

    /// The reference's session-start hook; its detached child must be done before the next turn.
    bool referenceTurn() const
    {
        QProcessEnvironment environment = ReferenceClient::environmentFor(env());
        for (const QString &name : anthropicVariables())
            environment.remove(name);
        return reference().sessionStart(environment, tool(), env().home(), QStringLiteral("compat-model")).exited
            && waitForProcessesIn(env().home());
    }

    bool ourTurn() const
    {
        QStringList unset;
        for (const QString &name : anthropicVariables())
            unset << name + u'=';
        return ourSync(unset);
    }

    /// The first client's gateway, removed by the other's empty apply: the user's file is as it was.
    void verifyEachRemovesTheOthers(bool referenceFirst)
    {
        const ToolFiles files = filesOf(tool());
        const QString key = referenceFirst ? kKeyTheirs : kKeyOurs;

        server().queue(applyCommand(1, gateway(QStringLiteral("http://127.0.0.1:9/v1"), key)));
        QVERIFY(referenceFirst ? referenceTurn() : ourTurn());
        QVERIFY(ackedSuccess(1));
        QVERIFY(env().readFile(files.models).contains(key.toUtf8()));

        server().queue(applyCommand(2, {}));
        QVERIFY(referenceFirst ? ourTurn() : referenceTurn());
        QVERIFY(ackedSuccess(2));
        QCOMPARE(env().readFile(files.models), usersFile(tool()));
        if (!files.profile.isEmpty())
            QVERIFY(!QFile::exists(env().home() + u'/' + files.profile));
    }

private slots:
    void referenceRemovesOurs() { verifyEachRemovesTheOthers(false); }
    void weRemoveTheReferences() { verifyEachRemovesTheOthers(true); }

    void eachReplacesTheOthersOnReapply()
    {
        const ToolFiles files = filesOf(tool());

        server().queue(applyCommand(1, gateway(QStringLiteral("http://127.0.0.1:9"), kKeyTheirs)));
        QVERIFY(referenceTurn());
        QVERIFY(ackedSuccess(1));
        server().queue(applyCommand(2, gateway(QStringLiteral("https://127.0.0.1:8443"), kKeyOurs)));
        QVERIFY(ourTurn());
        QVERIFY(ackedSuccess(2));
        QVERIFY(!env().readFile(files.models).contains(kKeyTheirs.toUtf8()));
        const QByteArray ours = env().readFile(files.models);
        QVERIFY(ours.contains(kKeyOurs.toUtf8()));
        QVERIFY(ours.contains("users-key") || tool() == QLatin1String("claude"));

        server().queue(applyCommand(3, gateway(QStringLiteral("http://127.0.0.1:10"), kKeyTheirs)));
        QVERIFY(referenceTurn());
        QVERIFY(ackedSuccess(3));
        QVERIFY(!env().readFile(files.models).contains(kKeyOurs.toUtf8()));
        QVERIFY(env().readFile(files.models).contains(kKeyTheirs.toUtf8()));
    }
};

QTEST_GUILESS_MAIN(TestCompatModelConfig)
#include "tst_compat_modelconfig.moc"
