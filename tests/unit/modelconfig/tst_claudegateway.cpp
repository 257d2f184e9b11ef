// Claude Code's gateway in ~/.claude/settings.json and the profile file: byte for byte what the
// reference client writes, re-applied, removed exactly, and the user's values (in the file or in
// the agent's environment) left alone with a note.
#include "modelconfig/ClaudeGateway.h"
#include "modelconfig/ModelConfigApply.h"

#include "ModelTestData.h"
#include "TestEnvironment.h"

#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>

using namespace teamai;
using namespace teamai::modelconfig;
using teamai::test::modelData;

namespace {

const QString kSettings = QStringLiteral(".claude/settings.json");
const QString kProfile = QStringLiteral(".claude/teamai-models.json");
const QString kManifest = QStringLiteral(".teamai/local-agent/model-manifest.json");
const ApplyTarget kClaude{QStringLiteral("claude"), {}};

Delivery oneModel(const QString &url, const QString &key, const QString &id = QStringLiteral("gw-model"))
{
    const QString cmd = QStringLiteral(R"({"provider":"acme","model_id":"%1","name":"GW","base_url":"%2","api_key":"%3"})").arg(id, url, key);
    return parseDelivery(cmd).delivery;
}

QJsonObject envOf(const test::TestEnvironment &env)
{
    return QJsonDocument::fromJson(env.readFile(kSettings)).object().value(QStringLiteral("env")).toObject();
}

bool privateFile(const QString &path)
{
    return QFile::permissions(path) == (QFile::ReadOwner | QFile::WriteOwner | QFile::ReadUser | QFile::WriteUser);
}

} // namespace

class TestClaudeGateway : public QObject
{
    Q_OBJECT
private slots:
    void writesWhatTheReferenceWrites()
    {
        test::TestEnvironment env;
        env.writeFile(kSettings, modelData(QStringLiteral("claude-settings-user.json")));
        const ApplyOutcome outcome = applyModels(kClaude, test::referenceDelivery(QStringLiteral("reference-command-claude.json")), test::noEnv);
        QVERIFY2(outcome.ok, qPrintable(outcome.error));
        QVERIFY(outcome.notes.isEmpty());
        QCOMPARE(env.readFile(kSettings), modelData(QStringLiteral("reference-claude-settings.json")));
        QCOMPARE(env.readFile(kProfile), modelData(QStringLiteral("reference-claude-profile.json")));
        QCOMPARE(env.readFile(kManifest), modelData(QStringLiteral("reference-claude-manifest.json")));
        QVERIFY(privateFile(env.home() + u'/' + kSettings));
        QVERIFY(privateFile(env.home() + u'/' + kProfile));
        QVERIFY(!outcome.detail.contains(QStringLiteral("sk-ref")));
    }

    void emptySnapshotRemovesExactlyOurs()
    {
        test::TestEnvironment env;
        env.writeFile(kSettings, modelData(QStringLiteral("claude-settings-user.json")));
        QVERIFY(applyModels(kClaude, test::referenceDelivery(QStringLiteral("reference-command-claude.json")), test::noEnv).ok);
        const ApplyOutcome removed = removeModels(kClaude);
        QVERIFY2(removed.ok, qPrintable(removed.error));
        QCOMPARE(env.readFile(kSettings), modelData(QStringLiteral("reference-claude-settings-removed.json")));
        QCOMPARE(env.readFile(kManifest), modelData(QStringLiteral("reference-claude-manifest-removed.json")));
        QVERIFY(!QFile::exists(env.home() + u'/' + kProfile));
    }

    void removesWhatTheReferenceWrote()
    {
        test::TestEnvironment env;
        env.writeFile(kSettings, modelData(QStringLiteral("reference-claude-settings.json")));
        env.writeFile(kProfile, modelData(QStringLiteral("reference-claude-profile.json")));
        env.writeFile(kManifest, modelData(QStringLiteral("reference-claude-manifest.json")));
        QVERIFY(removeModels(kClaude).ok);
        QCOMPARE(env.readFile(kSettings), modelData(QStringLiteral("reference-claude-settings-removed.json")));
        QVERIFY(!QFile::exists(env.home() + u'/' + kProfile));
    }

    void reapplyReplacesOurs()
    {
        test::TestEnvironment env;
        QVERIFY(applyModels(kClaude, oneModel(QStringLiteral("https://a.example/v1"), QStringLiteral("key-aaaaaaaa")), test::noEnv).ok);
        QVERIFY(applyModels(kClaude, oneModel(QStringLiteral("https://b.example/"), QStringLiteral("key-bbbbbbbb"), QStringLiteral("m2")), test::noEnv).ok);
        const QJsonObject e = envOf(env);
        QCOMPARE(e.value(QStringLiteral("ANTHROPIC_BASE_URL")).toString(), QStringLiteral("https://b.example"));
        QCOMPARE(e.value(QStringLiteral("ANTHROPIC_AUTH_TOKEN")).toString(), QStringLiteral("key-bbbbbbbb"));
        QCOMPARE(e.value(QStringLiteral("ANTHROPIC_CUSTOM_MODEL_OPTION")).toString(), QStringLiteral("m2"));
        QCOMPARE(e.size(), 4);
        QVERIFY(!env.readFile(kSettings).contains("key-aaaaaaaa"));
        QVERIFY(!env.readFile(kProfile).contains("key-aaaaaaaa"));
        // The manifest keeps hashes only, never the key.
        QVERIFY(!env.readFile(kManifest).contains("key-bbbbbbbb"));
    }

    void userValueInTheFileIsNeverOverwritten()
    {
        test::TestEnvironment env;
        const QByteArray mine = R"({"env": {"ANTHROPIC_API_KEY": "users-own-key"}})";
        env.writeFile(kSettings, mine);
        const ApplyOutcome outcome = applyModels(kClaude, oneModel(QStringLiteral("https://a.example"), QStringLiteral("key-aaaaaaaa")), test::noEnv);
        QVERIFY(outcome.ok);
        QCOMPARE(outcome.notes, QStringList{QStringLiteral("claude gateway not configured: ~/.claude/settings.json already sets ANTHROPIC_API_KEY (the user's)")});
        QCOMPARE(env.readFile(kSettings), mine);
        QCOMPARE(QJsonDocument::fromJson(env.readFile(kManifest)).object().value(QStringLiteral("claudeEnv")).toObject().size(), 0);
    }

    void userValueInTheEnvironmentIsNeverOverridden()
    {
        test::TestEnvironment env;
        env.writeFile(kSettings, R"({"model": "opus"})");
        const auto shell = [](const QString &name) {
            return name == QLatin1String("ANTHROPIC_BASE_URL") ? QStringLiteral("https://users-proxy.example") : QString();
        };
        const ApplyOutcome outcome = applyModels(kClaude, oneModel(QStringLiteral("https://a.example"), QStringLiteral("key-aaaaaaaa")), shell);
        QVERIFY(outcome.ok);
        QCOMPARE(outcome.notes, QStringList{QStringLiteral("claude gateway not configured: ANTHROPIC_BASE_URL set in the environment the agent runs in (the user's)")});
        QCOMPARE(env.readFile(kSettings), QByteArray(R"({"model": "opus"})"));

        // The variable Claude Code exports from settings.json itself is not the user's.
        test::TestEnvironment again;
        QVERIFY(applyModels(kClaude, oneModel(QStringLiteral("https://a.example"), QStringLiteral("key-aaaaaaaa")), test::noEnv).ok);
        const auto exported = [](const QString &name) {
            return name == QLatin1String("ANTHROPIC_AUTH_TOKEN") ? QStringLiteral("key-aaaaaaaa") : QString();
        };
        const ApplyOutcome reapplied = applyModels(kClaude, oneModel(QStringLiteral("https://c.example"), QStringLiteral("key-cccccccc")), exported);
        QVERIFY(reapplied.notes.isEmpty());
        QCOMPARE(envOf(again).value(QStringLiteral("ANTHROPIC_BASE_URL")).toString(), QStringLiteral("https://c.example"));
    }

    void editedGatewayIsTheUsersAndStays()
    {
        test::TestEnvironment env;
        QVERIFY(applyModels(kClaude, oneModel(QStringLiteral("https://a.example"), QStringLiteral("key-aaaaaaaa")), test::noEnv).ok);
        QJsonObject settings = QJsonDocument::fromJson(env.readFile(kSettings)).object();
        QJsonObject e = settings.value(QStringLiteral("env")).toObject();
        e.insert(QStringLiteral("ANTHROPIC_AUTH_TOKEN"), QStringLiteral("my-own-token"));
        settings.insert(QStringLiteral("env"), e);
        env.writeFile(kSettings, QJsonDocument(settings).toJson());
        const QByteArray edited = env.readFile(kSettings);

        // Applying again: the token is the user's now, so nothing is written.
        const ApplyOutcome again = applyModels(kClaude, oneModel(QStringLiteral("https://b.example"), QStringLiteral("key-bbbbbbbb")), test::noEnv);
        QVERIFY(again.ok);
        QCOMPARE(again.notes.size(), 1);
        QCOMPARE(env.readFile(kSettings), edited);

        const ApplyOutcome removed = removeModels(kClaude);
        QVERIFY(removed.ok);
        QCOMPARE(removed.notes, QStringList{QStringLiteral("claude gateway left in ~/.claude/settings.json: ANTHROPIC_AUTH_TOKEN changed there since we set it, so it is the user's now")});
        QCOMPARE(env.readFile(kSettings), edited);
    }

    void brokenFilesChangeNothing_data()
    {
        QTest::addColumn<QByteArray>("settings");
        QTest::addColumn<QString>("error");
        QTest::newRow("not json") << QByteArray("{\"env\": ") << QStringLiteral("apply_model_config: cannot parse ~/.claude/settings.json");
        QTest::newRow("array") << QByteArray("[]") << QStringLiteral("apply_model_config: cannot parse ~/.claude/settings.json: root must be an object");
        QTest::newRow("env string") << QByteArray(R"({"env": "x"})") << QStringLiteral("apply_model_config: env must be an object in ~/.claude/settings.json");
    }
    void brokenFilesChangeNothing()
    {
        QFETCH(QByteArray, settings);
        QFETCH(QString, error);
        test::TestEnvironment env;
        env.writeFile(kSettings, settings);
        const ApplyOutcome outcome = applyModels(kClaude, oneModel(QStringLiteral("https://a.example"), QStringLiteral("key-aaaaaaaa")), test::noEnv);
        QVERIFY(!outcome.ok);
        QVERIFY2(outcome.error.startsWith(error), qPrintable(outcome.error));
        QCOMPARE(env.readFile(kSettings), settings);
        QVERIFY(!QFile::exists(env.home() + u'/' + kProfile));
        QVERIFY(!QFile::exists(env.home() + u'/' + kManifest));
    }

    void neverWritesThroughALinkOutOfTheToolFolder()
    {
        test::TestEnvironment env;
        const QString outside = env.writeFile(QStringLiteral("outside/settings.json"), "{}\n");
        QDir().mkpath(env.home() + QStringLiteral("/.claude"));
        QVERIFY(QFile::link(outside, env.home() + u'/' + kSettings));
        const ApplyOutcome outcome = applyModels(kClaude, oneModel(QStringLiteral("https://a.example"), QStringLiteral("key-aaaaaaaa")), test::noEnv);
        QVERIFY(!outcome.ok);
        QVERIFY2(outcome.error.contains(QStringLiteral("leaves")), qPrintable(outcome.error));
        QCOMPARE(env.readFile(QStringLiteral("outside/settings.json")), QByteArray("{}\n"));
        QVERIFY(!QFile::exists(env.home() + u'/' + kProfile));
    }

    void baseUrlLosesTrailingSlashesAndOneV1()
    {
        QCOMPARE(claudegateway::envFor(oneModel(QStringLiteral("https://x.example/v1//"), QStringLiteral("k")).models.value(0))
                     .value(QStringLiteral("ANTHROPIC_BASE_URL")).toString(),
                 QStringLiteral("https://x.example"));
    }
};

QTEST_GUILESS_MAIN(TestClaudeGateway)
#include "tst_claudegateway.moc"
