// CodeBuddy's and WorkBuddy's models.json: byte for byte what the reference client writes (object
// and bare-array files, snapshots and increments), the user's entries kept, ours removed exactly,
// the project-scope file ignored by git.
#include "modelconfig/BuddyModels.h"
#include "modelconfig/ModelConfigApply.h"

#include "DataRows.h"
#include "JsonLookup.h"
#include "ModelTestData.h"
#include "TestEnvironment.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>

using namespace teamai;
using namespace teamai::modelconfig;
using teamai::test::modelData;
using teamai::test::referenceDelivery;

namespace {

const QString kManifest = QStringLiteral(".teamai/local-agent/model-manifest.json");

QString modelsFile(const QString &kind)
{
    return QStringLiteral(".%1/models.json").arg(kind);
}

Delivery snapshot(const QStringList &ids, const QString &url = QStringLiteral("https://gw.example/v1"))
{
    QJsonArray models;
    for (const QString &id : ids)
        models.append(QJsonObject{{QStringLiteral("provider"), QStringLiteral("acme")}, {QStringLiteral("model_id"), id},
                                  {QStringLiteral("name"), id.toUpper()}, {QStringLiteral("base_url"), url},
                                  {QStringLiteral("api_key"), QString(QStringLiteral("key-for-") + id)}});
    return parseDelivery(QString::fromUtf8(QJsonDocument(QJsonObject{{QStringLiteral("models"), models}}).toJson())).delivery;
}

QStringList idsIn(const QByteArray &json)
{
    const QJsonDocument doc = QJsonDocument::fromJson(json);
    const QJsonArray list = doc.isArray() ? doc.array() : doc.object().value(QStringLiteral("models")).toArray();
    return test::stringsOf(list, QStringLiteral("id"));
}

} // namespace

class TestBuddyModels : public QObject
{
    Q_OBJECT
private slots:
    void writesWhatTheReferenceWrites_data()
    {
        test::addRowPerValue("kind", {QStringLiteral("codebuddy"), QStringLiteral("workbuddy")});
    }
    void writesWhatTheReferenceWrites()
    {
        QFETCH(QString, kind);
        test::TestEnvironment env;
        env.writeFile(modelsFile(kind), modelData(QStringLiteral("buddy-models-user.json")));
        const ApplyOutcome outcome = applyModels({kind, {}}, referenceDelivery(QStringLiteral("reference-command-buddy.json")));
        QVERIFY2(outcome.ok, qPrintable(outcome.error));
        QCOMPARE(env.readFile(modelsFile(kind)), modelData(QStringLiteral("reference-buddy-models.json")));
        QCOMPARE(env.readFile(kManifest), modelData(QStringLiteral("reference-%1-manifest.json").arg(kind)));
        // The delivery's "mine" is the user's entry already: kept, and said.
        QCOMPARE(outcome.notes, QStringList{QStringLiteral("%1: kept the user's model \"mine\" in ~/.%1/models.json (not replaced)").arg(kind)});
        QCOMPARE(QFile::permissions(env.home() + u'/' + modelsFile(kind)) & (QFile::ReadGroup | QFile::ReadOther), QFile::Permissions());

        const ApplyOutcome removed = removeModels({kind, {}});
        QVERIFY(removed.ok);
        QCOMPARE(env.readFile(modelsFile(kind)), modelData(QStringLiteral("reference-buddy-models-removed.json")));
    }

    void incrementsOnABareArray()
    {
        test::TestEnvironment env;
        env.writeFile(modelsFile(QStringLiteral("codebuddy")), modelData(QStringLiteral("buddy-models-user-array.json")));
        const ApplyTarget target{QStringLiteral("codebuddy"), {}};
        QVERIFY(applyModels(target, referenceDelivery(QStringLiteral("reference-command-incremental-1.json"))).ok);
        QVERIFY(applyModels(target, referenceDelivery(QStringLiteral("reference-command-incremental-2.json"))).ok);
        QCOMPARE(env.readFile(modelsFile(QStringLiteral("codebuddy"))), modelData(QStringLiteral("reference-buddy-models-array.json")));
        QCOMPARE(env.readFile(kManifest), modelData(QStringLiteral("reference-buddy-manifest-array.json")));
    }

    void removesWhatTheReferenceWrote()
    {
        test::TestEnvironment env;
        env.writeFile(modelsFile(QStringLiteral("codebuddy")), modelData(QStringLiteral("reference-buddy-models.json")));
        env.writeFile(kManifest, modelData(QStringLiteral("reference-codebuddy-manifest.json")));
        QVERIFY(removeModels({QStringLiteral("codebuddy"), {}}).ok);
        QCOMPARE(env.readFile(modelsFile(QStringLiteral("codebuddy"))), modelData(QStringLiteral("reference-buddy-models-removed.json")));
    }

    void snapshotReplacesOursAndKeepsTheUsers()
    {
        test::TestEnvironment env;
        env.writeFile(modelsFile(QStringLiteral("codebuddy")), modelData(QStringLiteral("buddy-models-user.json")));
        const ApplyTarget target{QStringLiteral("codebuddy"), {}};
        QVERIFY(applyModels(target, snapshot({QStringLiteral("a"), QStringLiteral("b")})).ok);
        QCOMPARE(idsIn(env.readFile(modelsFile(QStringLiteral("codebuddy")))), (QStringList{QStringLiteral("mine"), QStringLiteral("a"), QStringLiteral("b")}));
        QVERIFY(applyModels(target, snapshot({QStringLiteral("b"), QStringLiteral("c")}, QStringLiteral("https://gw2.example"))).ok);
        const QByteArray after = env.readFile(modelsFile(QStringLiteral("codebuddy")));
        QCOMPARE(idsIn(after), (QStringList{QStringLiteral("mine"), QStringLiteral("b"), QStringLiteral("c")}));
        QVERIFY(!after.contains("gw.example/v1"));
        QCOMPARE(QJsonDocument::fromJson(after).object().value(QStringLiteral("availableModels")).toArray(),
                 (QJsonArray{QStringLiteral("mine"), QStringLiteral("builtin-1"), QStringLiteral("b"), QStringLiteral("c")}));
        QVERIFY(after.contains("sk-user-secret"));
    }

    void anEditedEntryIsTheUsers()
    {
        test::TestEnvironment env;
        const ApplyTarget target{QStringLiteral("workbuddy"), {}};
        QVERIFY(applyModels(target, snapshot({QStringLiteral("a")})).ok);
        QByteArray text = env.readFile(modelsFile(QStringLiteral("workbuddy")));
        text.replace("\"name\": \"A\"", "\"name\": \"My A\"");
        env.writeFile(modelsFile(QStringLiteral("workbuddy")), text);

        const ApplyOutcome again = applyModels(target, snapshot({QStringLiteral("a")}));
        QCOMPARE(again.notes, QStringList{QStringLiteral("workbuddy: kept the user's model \"a\" in ~/.workbuddy/models.json (not replaced)")});
        QCOMPARE(env.readFile(modelsFile(QStringLiteral("workbuddy"))), text);
        QVERIFY(removeModels(target).ok);
        QCOMPARE(env.readFile(modelsFile(QStringLiteral("workbuddy"))), text);
    }

    void projectScopeFileIsIgnoredByGit()
    {
        test::TestEnvironment env;
        const QString workspace = env.home() + QStringLiteral("/repo");
        env.writeFile(QStringLiteral("repo/.codebuddy/.gitignore"), "cache/\n\n");
        QVERIFY(applyModels({QStringLiteral("workbuddy"), workspace}, snapshot({QStringLiteral("a")})).ok);
        QCOMPARE(idsIn(env.readFile(QStringLiteral("repo/.codebuddy/models.json"))), QStringList{QStringLiteral("a")});
        QCOMPARE(env.readFile(QStringLiteral("repo/.codebuddy/.gitignore")), QByteArray("cache/\nmodels.json\n"));
        const QJsonObject manifest = QJsonDocument::fromJson(env.readFile(kManifest)).object();
        QVERIFY(manifest.value(QStringLiteral("workspaceModels")).toObject().value(workspace).toObject().value(QStringLiteral("workbuddy")).toObject().contains(QStringLiteral("a")));
        QVERIFY(!QFile::exists(env.home() + QStringLiteral("/.workbuddy/models.json")));

        // Once listed, the line is not added again.
        QVERIFY(applyModels({QStringLiteral("codebuddy"), workspace}, snapshot({QStringLiteral("b")})).ok);
        QCOMPARE(env.readFile(QStringLiteral("repo/.codebuddy/.gitignore")), QByteArray("cache/\nmodels.json\n"));
        QCOMPARE(idsIn(env.readFile(QStringLiteral("repo/.codebuddy/models.json"))), (QStringList{QStringLiteral("a"), QStringLiteral("b")}));
        QVERIFY(removeModels({QStringLiteral("workbuddy"), workspace}).ok);
        QCOMPARE(idsIn(env.readFile(QStringLiteral("repo/.codebuddy/models.json"))), QStringList{QStringLiteral("b")});
    }

    void brokenFilesChangeNothing_data()
    {
        QTest::addColumn<QByteArray>("models");
        QTest::addColumn<QString>("error");
        QTest::newRow("not json") << QByteArray("[{") << QStringLiteral("apply_model_config: cannot parse ~/.codebuddy/models.json");
        QTest::newRow("string") << QByteArray("\"x\"") << QStringLiteral("apply_model_config: cannot parse ~/.codebuddy/models.json: root must be an object or array");
        QTest::newRow("models object") << QByteArray(R"({"models": {}})") << QStringLiteral("apply_model_config: cannot parse ~/.codebuddy/models.json: models must be an array");
    }
    void brokenFilesChangeNothing()
    {
        QFETCH(QByteArray, models);
        QFETCH(QString, error);
        test::TestEnvironment env;
        env.writeFile(modelsFile(QStringLiteral("codebuddy")), models);
        const ApplyOutcome outcome = applyModels({QStringLiteral("codebuddy"), {}}, snapshot({QStringLiteral("a")}));
        QVERIFY(!outcome.ok);
        QVERIFY2(outcome.error.startsWith(error), qPrintable(outcome.error));
        QCOMPARE(env.readFile(modelsFile(QStringLiteral("codebuddy"))), models);
        QVERIFY(!QFile::exists(env.home() + u'/' + kManifest));
    }

    void aDamagedManifestIsNeverOverwritten()
    {
        test::TestEnvironment env;
        env.writeFile(kManifest, "{not json");
        const ApplyOutcome outcome = applyModels({QStringLiteral("codebuddy"), {}}, snapshot({QStringLiteral("a")}));
        QVERIFY(!outcome.ok);
        QVERIFY2(outcome.error.contains(QStringLiteral("is damaged")), qPrintable(outcome.error));
        QCOMPARE(env.readFile(kManifest), QByteArray("{not json"));
        QVERIFY(!QFile::exists(env.home() + u'/' + modelsFile(QStringLiteral("codebuddy"))));
    }

    void nothingToWriteWritesNothing()
    {
        test::TestEnvironment env;
        QVERIFY(removeModels({QStringLiteral("codebuddy"), {}}).ok);
        QVERIFY(!QFile::exists(env.home() + u'/' + modelsFile(QStringLiteral("codebuddy"))));
    }

    void entryShape()
    {
        const JsValue entry = buddymodels::entryFor(snapshot({QStringLiteral("a")}, QStringLiteral("https://x/api/chat/completions/")).models.first());
        QCOMPARE(stringify(entry), QByteArray("{\"id\":\"a\",\"name\":\"A\",\"vendor\":\"acme\",\"apiKey\":\"key-for-a\",\"maxOutputTokens\":4096,\"url\":\"https://x/api/chat/completions\",\"supportsToolCall\":true}"));
    }
};

QTEST_GUILESS_MAIN(TestBuddyModels)
#include "tst_buddymodels.moc"
