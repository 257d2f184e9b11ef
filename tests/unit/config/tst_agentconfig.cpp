#include "config/AgentConfig.h"

#include "DataTable.h"
#include "FileMode.h"
#include "FileTree.h"
#include "TestCases.h"
#include "TestEnvironment.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>

#include <sys/stat.h>

#include <memory>

using teamai::AgentConfig;
using teamai::Status;
using teamai::test::readFileAt;

namespace {

// The reference client's file, with fields this product does not model at every level. Kept in a
// data file: moc mis-reads "//" inside raw string literals.
QByteArray referenceConfig()
{
    QFile file(QStringLiteral(CONFIG_TEST_DATA_DIR "/reference-config.json"));
    if (!file.open(QIODevice::ReadOnly))
        qFatal("missing test data %s", qPrintable(file.fileName()));
    return file.readAll();
}

ino_t inodeOf(const QString &path)
{
    struct stat st;
    return ::stat(QFile::encodeName(path).constData(), &st) == 0 ? st.st_ino : 0;
}

} // namespace

/// @brief Tests of AgentConfig: the reference client's config.json.
class TestAgentConfig : public teamai::test::HomeTestCase
{
    Q_OBJECT

private slots:
    void defaultPathIsUnderTeamaiHome()
    {
        QCOMPARE(AgentConfig::defaultPath(), env->stateDir() + QStringLiteral("/config.json"));
    }

    void missingFileIsNotAnError()
    {
        const AgentConfig::Loaded loaded = AgentConfig::load();
        QVERIFY(!loaded.exists);
        QVERIFY(loaded.error.isEmpty());
        QVERIFY(loaded.config.isEmpty());
        QVERIFY(loaded.config.endpoint().isEmpty());
    }

    void readsReferenceFormat()
    {
        const QString path = env->writeFile(QStringLiteral(".teamai/local-agent/config.json"), referenceConfig());
        const AgentConfig::Loaded loaded = AgentConfig::load(path);
        QVERIFY2(loaded.error.isEmpty(), qPrintable(loaded.error));
        QVERIFY(loaded.exists);
        const AgentConfig &config = loaded.config;
        QCOMPARE(config.endpoint(), QStringLiteral("https://teamai.example.com"));
        QCOMPARE(config.createdAt(), QStringLiteral("2024-05-01T09:30:00.000Z"));
        QCOMPARE(config.userGroupId(), QStringLiteral("42"));
        QCOMPARE(config.userGroupName(), QStringLiteral("Platform"));
        QCOMPARE(config.routes().size(), 3);

        const auto bindings = config.workspaceBindings();
        QCOMPARE(bindings.size(), 2);
        QCOMPARE(bindings[0].path, QStringLiteral("/home/alice/src/app"));
        QCOMPARE(bindings[0].projectId, QStringLiteral("p-1"));
        QCOMPARE(bindings[0].projectName, QStringLiteral("App"));
        QCOMPARE(bindings[0].ideType, QStringLiteral("vscode"));
        QCOMPARE(bindings[0].boundAt, QStringLiteral("2024-05-02T10:00:00.000Z"));
        QCOMPARE(bindings[1].projectId, QStringLiteral("7"));
        QVERIFY(bindings[1].projectName.isEmpty());
    }

    void writeBackKeepsUnknownFields()
    {
        const QString path = env->writeFile(QStringLiteral(".teamai/local-agent/config.json"), referenceConfig());
        AgentConfig config = AgentConfig::load(path).config;
        config.setUserGroup(QStringLiteral("43"), QStringLiteral("Infra"));
        config.setWorkspaceBinding({QStringLiteral("/home/alice/src/app"), QStringLiteral("p-2"), {}, {}, {}});
        const Status saved = config.save(path);
        QVERIFY2(saved, qPrintable(saved.error()));

        const QJsonObject written = QJsonDocument::fromJson(readFileAt(path)).object();
        QCOMPARE(written.value(QStringLiteral("futureTopLevel")),
                 QJsonDocument::fromJson(referenceConfig()).object().value(QStringLiteral("futureTopLevel")));
        QCOMPARE(written.value(QStringLiteral("userGroupId")).toString(), QStringLiteral("43"));
        const QJsonObject app = written.value(QStringLiteral("workspaceBindings")).toObject()
                                    .value(QStringLiteral("/home/alice/src/app")).toObject();
        QCOMPARE(app.value(QStringLiteral("projectId")).toString(), QStringLiteral("p-2"));
        QCOMPARE(app.value(QStringLiteral("futureBindingField")).toBool(), true);
        QVERIFY(!app.value(QStringLiteral("boundAt")).toString().isEmpty());
        QCOMPARE(written.value(QStringLiteral("routes")).toObject().value(QStringLiteral("sync")).toString(),
                 QStringLiteral("custom/sync"));

        // And it reads back as the same config.
        const AgentConfig::Loaded again = AgentConfig::load(path);
        QVERIFY(again.error.isEmpty());
        QCOMPARE(again.config.toJson(), written);
    }

    void invalidJsonIsAnErrorAndLeavesFileUntouched()
    {
        const QByteArray broken = "{\"endpoint\": \"https://x.example.com\",";
        const QString path = env->writeFile(QStringLiteral(".teamai/local-agent/config.json"), broken);
        const QDateTime before = QFileInfo(path).lastModified();
        const AgentConfig::Loaded loaded = AgentConfig::load(path);
        QVERIFY(loaded.exists);
        QVERIFY(loaded.error.contains(path));
        QVERIFY(loaded.config.isEmpty());
        QCOMPARE(readFileAt(path), broken);
        QCOMPARE(QFileInfo(path).lastModified(), before);
    }

    void wrongTypesAreErrors_data()
    {
        QTest::addColumn<QByteArray>("json");
        QTest::addColumn<QString>("field");
        QTest::newRow("endpoint number") << QByteArray("{\"endpoint\": 42}") << QStringLiteral("endpoint");
        QTest::newRow("createdAt bool") << QByteArray(R"({"createdAt": true})") << QStringLiteral("createdAt");
        QTest::newRow("routes array") << QByteArray(R"({"routes": []})") << QStringLiteral("routes");
        QTest::newRow("route number") << QByteArray(R"({"routes": {"sync": 5}})") << QStringLiteral("routes.sync");
        QTest::newRow("userGroupId object") << QByteArray(R"({"userGroupId": {}})") << QStringLiteral("userGroupId");
        QTest::newRow("userGroupName number") << QByteArray(R"({"userGroupName": 1})") << QStringLiteral("userGroupName");
        QTest::newRow("bindings array") << QByteArray(R"({"workspaceBindings": []})")
                                        << QStringLiteral("workspaceBindings");
        QTest::newRow("binding string") << QByteArray(R"({"workspaceBindings": {"/w": "p"}})")
                                        << QStringLiteral("workspaceBindings[\"/w\"]");
        QTest::newRow("projectId missing") << QByteArray(R"({"workspaceBindings": {"/w": {"boundAt": "x"}}})")
                                           << QStringLiteral("workspaceBindings[\"/w\"].projectId");
        QTest::newRow("projectName number")
            << QByteArray(R"({"workspaceBindings": {"/w": {"projectId": "p", "projectName": 3}}})")
            << QStringLiteral("workspaceBindings[\"/w\"].projectName");
        QTest::newRow("top-level array") << QByteArray("[1]") << QString();
    }

    void wrongTypesAreErrors()
    {
        QFETCH(QByteArray, json);
        QFETCH(QString, field);
        const QString path = env->writeFile(QStringLiteral(".teamai/local-agent/config.json"), json);
        const AgentConfig::Loaded loaded = AgentConfig::load(path);
        QVERIFY(!loaded.error.isEmpty());
        QVERIFY2(loaded.error.contains(path), qPrintable(loaded.error));
        if (!field.isEmpty())
            QVERIFY2(loaded.error.contains(QLatin1Char('"') + field + QLatin1Char('"')), qPrintable(loaded.error));
        QVERIFY(loaded.config.isEmpty());
        QCOMPARE(readFileAt(path), json);
    }

    void nullOptionalFieldsAreAbsent()
    {
        const QString path = env->writeFile(QStringLiteral(".teamai/local-agent/config.json"),
            "{\"endpoint\": \"http://localhost:8080\", \"routes\": null, \"userGroupId\": null, "
            "\"userGroupName\": null, \"workspaceBindings\": "
            "{\"/w\": {\"projectId\": \"p\", \"projectName\": null, \"ideType\": null}}}");
        const AgentConfig::Loaded loaded = AgentConfig::load(path);
        QVERIFY2(loaded.error.isEmpty(), qPrintable(loaded.error));
        QVERIFY(loaded.config.userGroupId().isEmpty());
        QVERIFY(loaded.config.routes().isEmpty());
        QCOMPARE(loaded.config.workspaceBindings().size(), 1);
    }

    void saveIsPrivateAndAtomic()
    {
        // An existing ~/.teamai left 0755 by an older agent is fixed, not just new folders made 0700.
        QVERIFY(QDir().mkpath(env->teamaiHome()));
        QVERIFY(QFile::setPermissions(env->teamaiHome(), QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner | QFile::ReadGroup
                                                               | QFile::ExeGroup | QFile::ReadOther | QFile::ExeOther));
        AgentConfig config;
        config.setEndpoint(QStringLiteral("https://teamai.example.com"));
        const Status saved = config.save();
        QVERIFY2(saved, qPrintable(saved.error()));
        const QString path = AgentConfig::defaultPath();
        QCOMPARE(teamai::test::fileMode(path), 0600);
        QCOMPARE(teamai::test::fileMode(env->stateDir()), 0700);
        QCOMPARE(teamai::test::fileMode(env->teamaiHome()), 0700);  // ~/.teamai itself, not 0755
        // The reference format always carries workspaceBindings.
        QVERIFY(QJsonDocument::fromJson(readFileAt(path)).object().value(QStringLiteral("workspaceBindings")).isObject());

        // A second save replaces the file by rename (new inode), never rewrites it in place, and
        // leaves no temporary file behind.
        const ino_t first = inodeOf(path);
        config.setUserGroup(QStringLiteral("g"));
        const Status again = config.save();
        QVERIFY2(again, qPrintable(again.error()));
        QVERIFY(inodeOf(path) != first);
        QCOMPARE(QDir(env->stateDir()).entryList(QDir::Files | QDir::Hidden),
                 QStringList{QStringLiteral("config.json")});
        QCOMPARE(teamai::test::fileMode(path), 0600);
    }

    void saveTightensExistingFolder()
    {
        QDir().mkpath(env->stateDir());
        QFile::setPermissions(env->stateDir(), QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner
                                                     | QFile::ReadGroup | QFile::ExeGroup | QFile::ReadOther
                                                     | QFile::ExeOther);
        AgentConfig config;
        config.setEndpoint(QStringLiteral("https://teamai.example.com"));
        const Status saved = config.save();
        QVERIFY2(saved, qPrintable(saved.error()));
        QCOMPARE(teamai::test::fileMode(env->stateDir()), 0700);
    }

    void environmentConfiguresWithoutFiles()
    {
        // teamai-cli's env-only mode: TEAMAI_HTTP_ENDPOINT before TEAMAI_ENDPOINT, TEAMAI_API_TOKEN
        // before TEAMAI_TOKEN; nothing is written.
        QVERIFY(AgentConfig::fromEnvironment().isEmpty());
        qputenv("TEAMAI_ENDPOINT", "http://second.example.com");
        qputenv("TEAMAI_HTTP_ENDPOINT", "http://first.example.com/");
        qputenv("TEAMAI_TOKEN", "tok-b");
        qputenv("TEAMAI_API_TOKEN", "tok-a");
        const AgentConfig config = AgentConfig::fromEnvironment();
        QCOMPARE(config.endpoint(), QStringLiteral("http://first.example.com"));
        QCOMPARE(config.token(), QStringLiteral("tok-a"));
        qunsetenv("TEAMAI_API_TOKEN");
        QCOMPARE(AgentConfig::fromEnvironment().token(), QStringLiteral("tok-b"));
        for (const char *name : {"TEAMAI_ENDPOINT", "TEAMAI_HTTP_ENDPOINT", "TEAMAI_TOKEN"})
            qunsetenv(name);
        QVERIFY(!QFile::exists(AgentConfig::defaultPath()));
    }

    void tokenFieldMustBeAString()
    {
        env->writeFile(QStringLiteral(".teamai/local-agent/config.json"), "{\"endpoint\": \"http://a\", \"token\": 5}");
        QVERIFY(AgentConfig::load().error.contains(QStringLiteral("token")));
        env->writeFile(QStringLiteral(".teamai/local-agent/config.json"), "{\"endpoint\": \"http://a\", \"token\": \" t \"}");
        QCOMPARE(AgentConfig::load().config.token(), QStringLiteral("t"));
    }

    void endpointIsNormalized()
    {
        AgentConfig config;
        config.setEndpoint(QStringLiteral("  https://teamai.example.com/base///  "));
        QCOMPARE(config.endpoint(), QStringLiteral("https://teamai.example.com/base"));
        QCOMPARE(config.toJson().value(QStringLiteral("endpoint")).toString(),
                 QStringLiteral("https://teamai.example.com/base"));
    }

    void setEndpointStampsCreatedAtOnce()
    {
        AgentConfig config;
        config.setEndpoint(QStringLiteral("https://a.example.com"));
        const QString created = config.createdAt();
        const QDateTime parsed = QDateTime::fromString(created, Qt::ISODateWithMs);
        QVERIFY2(parsed.isValid(), qPrintable(created));
        QVERIFY(created.endsWith(QLatin1Char('Z')));
        QVERIFY(qAbs(parsed.secsTo(QDateTime::currentDateTimeUtc())) < 60);
        config.setEndpoint(QStringLiteral("https://b.example.com"));
        QCOMPARE(config.createdAt(), created);
    }

    void workspaceBindingEdits()
    {
        AgentConfig config;
        config.setWorkspaceBinding({QStringLiteral("/w"), QStringLiteral("p"), QStringLiteral("P"),
                                    QStringLiteral("cursor"), QStringLiteral("2024-01-01T00:00:00.000Z")});
        QCOMPARE(config.workspaceBindings().size(), 1);
        QCOMPARE(config.workspaceBindings().first().ideType, QStringLiteral("cursor"));
        QVERIFY(config.removeWorkspaceBinding(QStringLiteral("/w")));
        QVERIFY(!config.removeWorkspaceBinding(QStringLiteral("/w")));
        QVERIFY(config.workspaceBindings().isEmpty());
    }

    void validateEndpoint_data() { teamai::test::loadTable(); }

    void validateEndpoint()
    {
        QFETCH(QString, endpoint);
        QFETCH(bool, valid);
        const Status checked = AgentConfig::validateEndpoint(endpoint);
        QVERIFY2(checked.ok() == valid, qPrintable(checked.error()));
        QVERIFY(!checked.error().contains(QStringLiteral("secret")));
    }
};

QTEST_GUILESS_MAIN(TestAgentConfig)
#include "tst_agentconfig.moc"
