// config.json's bindings on disk: a file written by the reference client is read, tidied (legacy
// entries, spellings, dead folders) and changed without losing anything else it holds, written
// atomically with owner-only permissions, and left alone when nothing changes or it is invalid.
#include "binding/BindingStore.h"
#include "binding/Bindings.h"
#include "binding/RoundMaintenance.h"
#include "binding/WorkspacePaths.h"
#include "binding/WorkspaceBinder.h"
#include "tools/ToolTable.h"

#include "BindingFixture.h"
#include "TestEnvironment.h"

#include <QJsonDocument>
#include <QtTest>

#include <sys/stat.h>

#include <memory>

using namespace teamai;
using namespace teamai::binding;

namespace {

int modeOf(const QString &path)
{
    struct stat st {};
    return ::stat(QFile::encodeName(path).constData(), &st) == 0 ? int(st.st_mode & 0777) : -1;
}

ino_t inodeOf(const QString &path)
{
    struct stat st {};
    return ::stat(QFile::encodeName(path).constData(), &st) == 0 ? st.st_ino : 0;
}

QJsonObject readJson(const QString &path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? QJsonDocument::fromJson(file.readAll()).object() : QJsonObject();
}

} // namespace

class TestBindingStore : public QObject
{
    Q_OBJECT

    std::unique_ptr<test::TestEnvironment> m_env;
    QString m_ws;
    QString m_config;

    /// The reference's file, its workspaces under m_ws (app, skipped, a link to app; gone and
    /// legacy do not exist).
    void writeReferenceConfig()
    {
        QFile data(qEnvironmentVariable("TEAMAI_TEST_DATA_DIR") + QStringLiteral("/binding/reference-config.json"));
        QVERIFY2(data.open(QIODevice::ReadOnly), qPrintable(data.fileName()));
        QByteArray text = data.readAll();
        text.replace("@WS@", m_ws.toUtf8());
        QVERIFY(test::writeText(m_config, text));
        QVERIFY(QFile::setPermissions(m_config, QFileDevice::ReadOwner | QFileDevice::WriteOwner));
    }

private slots:
    void init()
    {
        m_env = std::make_unique<test::TestEnvironment>();
        m_ws = QFileInfo(m_env->home()).canonicalFilePath() + QStringLiteral("/ws");
        m_config = m_env->stateDir() + QStringLiteral("/config.json");
        for (const char *name : {"app", "skipped", "plain"})
            QVERIFY(QDir().mkpath(m_ws + u'/' + QLatin1String(name)));
        QVERIFY(QFile::link(m_ws + QStringLiteral("/app"), m_ws + QStringLiteral("/app-link")));
        writeReferenceConfig();
    }
    void cleanup() { m_env.reset(); }

    void readsTheReferenceFileTidied()
    {
        const BindingStore::Outcome read = BindingStore(m_config).read();
        QVERIFY2(read.ok, qPrintable(read.error));
        // The legacy group entry is gone, the link spelling merged into app; nothing is pruned on read.
        QCOMPARE(read.bindings.keys(), (QStringList{m_ws + QStringLiteral("/app"), m_ws + QStringLiteral("/gone"),
                                                     m_ws + QStringLiteral("/skipped")}));
        QCOMPARE(read.bindings.value(m_ws + QStringLiteral("/app")).toObject().value(QStringLiteral("projectId")), QJsonValue(12));
        QCOMPARE(read.config.token(), QStringLiteral("ref-token-123"));
    }

    void bindingKeepsEverythingElse()
    {
        const QJsonObject before = readJson(m_config);
        const BindOutcome outcome = binder::bind(m_ws + QStringLiteral("/plain"), Project{QJsonValue(77), QStringLiteral("Seventy-seven"), {}}, m_config);
        QVERIFY2(outcome.ok, qPrintable(outcome.error));
        QCOMPARE(outcome.keys, QStringList{m_ws + QStringLiteral("/plain")});
        const QJsonObject after = readJson(m_config);
        for (const char *key : {"endpoint", "token", "createdAt", "userGroupId", "userGroupName", "routes", "futureTopLevel"})
            QCOMPARE(after.value(QLatin1String(key)), before.value(QLatin1String(key)));
        const QJsonObject all = after.value(QStringLiteral("workspaceBindings")).toObject();
        const QJsonObject plain = all.value(m_ws + QStringLiteral("/plain")).toObject();
        QCOMPARE(plain.keys(), (QStringList{QStringLiteral("boundAt"), QStringLiteral("projectId"), QStringLiteral("projectName")}));
        QCOMPARE(plain.value(QStringLiteral("projectId")), QJsonValue(77));  // a number, as the reference writes it
        QCOMPARE(plain.value(QStringLiteral("projectName")).toString(), QStringLiteral("Seventy-seven"));
        const QJsonObject app = all.value(m_ws + QStringLiteral("/app")).toObject();
        QCOMPARE(app.value(QStringLiteral("futureBindingField")), QJsonValue(QJsonObject{{QStringLiteral("x"), 1}}));
        QCOMPARE(app.value(QStringLiteral("ideType")).toString(), QStringLiteral("codebuddy"));
        QVERIFY(!all.contains(m_ws + QStringLiteral("/legacy")));
        QVERIFY(!all.contains(m_ws + QStringLiteral("/./app-link/")));
        QCOMPARE(modeOf(m_config), 0600);
        QVERIFY(!QFileInfo::exists(m_config + QStringLiteral(".tmp")));
    }

    void skipWritesTheReferenceMarker()
    {
        const BindOutcome outcome = binder::skip(m_ws + QStringLiteral("/plain"), m_config);
        QVERIFY2(outcome.ok, qPrintable(outcome.error));
        const QJsonObject plain = readJson(m_config).value(QStringLiteral("workspaceBindings")).toObject()
                                      .value(m_ws + QStringLiteral("/plain")).toObject();
        QCOMPARE(plain.value(QStringLiteral("projectId")), QJsonValue(0));
        QCOMPARE(plain.value(QStringLiteral("projectName")).toString(), QStringLiteral("__skipped__"));
        QVERIFY(bindings::isSkipped(plain));
    }

    void bindingInAWorktreeBindsItsMainCheckout()
    {
        QVERIFY(test::makeWorktreeLayout(m_ws + QStringLiteral("/repo")));
        const BindOutcome outcome = binder::bind(m_ws + QStringLiteral("/repo/wt/src"), Project{QJsonValue(5), QStringLiteral("Five"), {}}, m_config);
        QVERIFY2(outcome.ok, qPrintable(outcome.error));
        QCOMPARE(outcome.workspace, m_ws + QStringLiteral("/repo/wt"));
        QCOMPARE(outcome.keys, (QStringList{m_ws + QStringLiteral("/repo/wt"), m_ws + QStringLiteral("/repo/main")}));
        const QJsonObject all = readJson(m_config).value(QStringLiteral("workspaceBindings")).toObject();
        QCOMPARE(all.value(m_ws + QStringLiteral("/repo/main")).toObject().value(QStringLiteral("projectId")), QJsonValue(5));
    }

    void unbindRemovesExactlyThatKey()
    {
        QVERIFY(binder::unbind(m_ws + QStringLiteral("/skipped"), m_config).ok);
        const QJsonObject all = readJson(m_config).value(QStringLiteral("workspaceBindings")).toObject();
        QVERIFY(!all.contains(m_ws + QStringLiteral("/skipped")));
        QVERIFY(all.contains(m_ws + QStringLiteral("/app")));
        const ino_t inode = inodeOf(m_config);
        const BindOutcome again = binder::unbind(m_ws + QStringLiteral("/skipped"), m_config);
        QVERIFY(again.ok);
        QVERIFY(again.keys.isEmpty());
        QCOMPARE(inodeOf(m_config), inode);  // nothing to remove: not rewritten
    }

    void roundMaintenancePrunesAndStamps()
    {
        AgentConfig engineConfig;
        QCOMPARE(m_config, AgentConfig::defaultPath());
        maintainBeforeRound(engineConfig, *findTool(QStringLiteral("claude-internal")), workspaceOf(m_ws + QStringLiteral("/app")), 1000);
        const QJsonObject all = readJson(AgentConfig::defaultPath()).value(QStringLiteral("workspaceBindings")).toObject();
        QVERIFY(!all.contains(m_ws + QStringLiteral("/gone")));
        QCOMPARE(all.value(m_ws + QStringLiteral("/app")).toObject().value(QStringLiteral("ideType")).toString(), QStringLiteral("claude"));
        QCOMPARE(engineConfig.toJson().value(QStringLiteral("workspaceBindings")).toObject(), all);
        // A second round finds nothing to do and leaves the file alone.
        const ino_t inode = inodeOf(AgentConfig::defaultPath());
        maintainBeforeRound(engineConfig, *findTool(QStringLiteral("claude")), workspaceOf(m_ws + QStringLiteral("/app")), 1000);
        QCOMPARE(inodeOf(AgentConfig::defaultPath()), inode);
    }

    void invalidOrMissingConfigIsLeftAlone()
    {
        QVERIFY(test::writeText(m_config, "{\"endpoint\": 5}"));
        const BindOutcome outcome = binder::bind(m_ws + QStringLiteral("/plain"), Project{QJsonValue(1), QStringLiteral("A"), {}}, m_config);
        QVERIFY(!outcome.ok);
        QVERIFY2(outcome.error.contains(QStringLiteral("endpoint")), qPrintable(outcome.error));
        QFile file(m_config);
        QVERIFY(file.open(QIODevice::ReadOnly));
        QCOMPARE(file.readAll(), QByteArray("{\"endpoint\": 5}"));
        file.close();

        QVERIFY(QFile::remove(m_config));
        const BindOutcome missing = binder::skip(m_ws + QStringLiteral("/plain"), m_config);
        QVERIFY(!missing.ok);
        QVERIFY2(missing.error.contains(QStringLiteral("teamai init")), qPrintable(missing.error));
        QVERIFY(!QFileInfo::exists(m_config));
    }

    void notAFolderIsRefused()
    {
        const BindOutcome outcome = binder::bind(m_ws + QStringLiteral("/nope"), Project{QJsonValue(1), QStringLiteral("A"), {}}, m_config);
        QVERIFY(!outcome.ok);
        QVERIFY(!readJson(m_config).value(QStringLiteral("workspaceBindings")).toObject().contains(m_ws + QStringLiteral("/nope")));
    }
};

QTEST_GUILESS_MAIN(TestBindingStore)
#include "tst_bindingstore.moc"
