// The whole desktop app, end to end: an X server (Xvfb, on a free display), a system-tray host
// (trayer), the development backend, a `teamai init`-ed temporary HOME, then the real
// teamai-tray. The tray syncs on its own, runs the pushed commands, the Commands window shows
// them; screenshots of the desktop, the tray menu, the Commands and Ack history windows are saved
// in tests/ui/artifacts/ of the build folder. Every process started here is stopped at the end.
// A second round trip (issue 16): the backend rotates the token, the tray says the token was
// rejected and offers "Enter a new token…", the new token is typed into Settings, and the very
// next sync carries it and the tray is green again.

#include "desktop/SingleInstance.h"
#include "config/AgentSettings.h"

#include "DevServerProcess.h"
#include "TeamaiRunner.h"
#include "TestEnvironment.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QJsonArray>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>

#include <functional>

using namespace teamai;

namespace {
constexpr int kScreenWidth = 1280;
constexpr int kScreenHeight = 800;

QJsonObject command(qint64 id, const QString &type, const QString &cmd = {})
{
    QJsonObject object{{QStringLiteral("id"), id}, {QStringLiteral("type"), type}};
    if (!cmd.isEmpty())
        object.insert(QStringLiteral("cmd"), cmd);
    return object;
}

void stop(QProcess &process)
{
    if (process.state() == QProcess::NotRunning)
        return;
    process.terminate();
    if (!process.waitForFinished(3000)) {
        process.kill();
        process.waitForFinished(3000);
    }
}

/// A Secret Service of the test's own, as a desktop session has one: a private D-Bus session bus
/// (dbus-daemon) and an unlocked gnome-keyring on it, in the test's HOME. Stopped when destroyed.
class PrivateKeyring
{
public:
    static bool available()
    {
        for (const char *tool : {"dbus-daemon", "dbus-send", "gnome-keyring-daemon"}) {
            if (QStandardPaths::findExecutable(QString::fromLatin1(tool)).isEmpty())
                return false;
        }
        return true;
    }

    /// @brief Starts both; @p environment gets DBUS_SESSION_BUS_ADDRESS and XDG_RUNTIME_DIR.
    bool start(QProcessEnvironment &environment)
    {
        if (!m_runtime.isValid() || !QFile::setPermissions(m_runtime.path(), QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner))
            return false;
        m_bus.start(QStringLiteral("dbus-daemon"), {QStringLiteral("--session"), QStringLiteral("--nofork"), QStringLiteral("--print-address=1"),
                                                    QStringLiteral("--address=unix:path=%1/bus").arg(m_runtime.path())});
        QByteArray address;
        QDeadlineTimer deadline(5000);
        while (!address.contains('\n') && !deadline.hasExpired() && m_bus.state() != QProcess::NotRunning) {
            m_bus.waitForReadyRead(100);
            address += m_bus.readAllStandardOutput();
        }
        if (!address.contains('\n'))
            return false;
        environment.insert(QStringLiteral("DBUS_SESSION_BUS_ADDRESS"), QString::fromUtf8(address.trimmed()));
        environment.insert(QStringLiteral("XDG_RUNTIME_DIR"), m_runtime.path());
        m_environment = environment;
        m_keyring.setProcessEnvironment(environment);
        m_keyring.start(QStringLiteral("gnome-keyring-daemon"), {QStringLiteral("--foreground"), QStringLiteral("--unlock"), QStringLiteral("--components=secrets")});
        if (!m_keyring.waitForStarted(5000))
            return false;
        m_keyring.write("pass");
        m_keyring.closeWriteChannel();
        return waitForSecrets();
    }

    ~PrivateKeyring()
    {
        stop(m_keyring);
        stop(m_bus);
    }

private:
    // Until the daemon owns org.freedesktop.secrets (else the bus would start another one).
    bool waitForSecrets()
    {
        QDeadlineTimer deadline(10000);
        while (!deadline.hasExpired()) {
            QProcess ask;
            ask.setProcessEnvironment(m_environment);
            ask.start(QStringLiteral("dbus-send"), {QStringLiteral("--session"), QStringLiteral("--print-reply"), QStringLiteral("--dest=org.freedesktop.DBus"),
                                                   QStringLiteral("/org/freedesktop/DBus"), QStringLiteral("org.freedesktop.DBus.NameHasOwner"),
                                                   QStringLiteral("string:org.freedesktop.secrets")});
            if (ask.waitForFinished(2000) && ask.readAllStandardOutput().contains("boolean true"))
                return true;
            QTest::qWait(50);
        }
        return false;
    }

    QTemporaryDir m_runtime;
    QProcess m_bus;
    QProcess m_keyring;
    QProcessEnvironment m_environment;
};
} // namespace

class TestTrayEndToEnd : public QObject
{
    Q_OBJECT
private:
    QProcess xvfb;
    QProcess trayer;
    QProcess tray;
    QProcessEnvironment display;
    QString artifacts;

    bool run(const QString &program, const QStringList &arguments, QByteArray *out = nullptr)
    {
        QProcess process;
        process.setProcessEnvironment(display);
        process.start(program, arguments);
        if (!process.waitForFinished(15000)) {
            process.kill();
            process.waitForFinished();
            return false;
        }
        if (out)
            *out = process.readAllStandardOutput();
        return process.exitStatus() == QProcess::NormalExit && process.exitCode() == 0;
    }

    bool screenshot(const QString &name, const QStringList &what)
    {
        const QString path = artifacts + u'/' + name;
        QFile::remove(path);
        return run(QStringLiteral("import"), what + QStringList{path}) && QFileInfo(path).size() > 1000;
    }

    QString windowId(const QString &title)
    {
        QByteArray out;
        if (!run(QStringLiteral("xdotool"), {QStringLiteral("search"), QStringLiteral("--name"), title}, &out))
            return {};
        return QString::fromLatin1(out.trimmed().split('\n').value(0));
    }

    QJsonObject waitForStatus(ui::SingleInstance &client, const std::function<bool(const QJsonObject &)> &done, int ms = 30000)
    {
        QJsonObject status;
        QDeadlineTimer deadline(ms);
        while (!deadline.hasExpired()) {
            status = client.send({{QStringLiteral("cmd"), QStringLiteral("status")}}, 2000);
            if (done(status))
                break;
            QTest::qWait(200);
        }
        return status;
    }

    /// The tray's environment: the display, the test's HOME, and the session bus only when the
    /// test started one (@p bus: DBUS_SESSION_BUS_ADDRESS and XDG_RUNTIME_DIR, else none).
    QProcessEnvironment trayEnvironment(const QProcessEnvironment &bus = {})
    {
        QProcessEnvironment environment = display;
        for (const QString &name : {QStringLiteral("HOME"), QStringLiteral("TEAMAI_HOME"), QStringLiteral("XDG_CONFIG_HOME"),
                                    QStringLiteral("XDG_DATA_HOME"), QStringLiteral("XDG_CACHE_HOME"), QStringLiteral("NO_PROXY")})
            environment.insert(name, qEnvironmentVariable(name.toUtf8().constData()));
        environment.remove(QStringLiteral("DBUS_SESSION_BUS_ADDRESS"));
        for (const QString &name : {QStringLiteral("DBUS_SESSION_BUS_ADDRESS"), QStringLiteral("XDG_RUNTIME_DIR")}) {
            if (bus.contains(name))
                environment.insert(name, bus.value(name));
        }
        return environment;
    }

private slots:
    void initTestCase()
    {
        for (const char *tool : {"Xvfb", "trayer", "import", "xdotool"}) {
            if (QStandardPaths::findExecutable(QString::fromLatin1(tool)).isEmpty())
                QSKIP(qPrintable(QStringLiteral("%1 is not installed (scripts/bootstrap.sh installs it)").arg(QString::fromLatin1(tool))));
        }
        artifacts = qEnvironmentVariable("TEAMAI_TRAY_ARTIFACTS", QDir::currentPath() + QStringLiteral("/artifacts"));
        QVERIFY(QDir().mkpath(artifacts));

        // -displayfd picks a free display number and writes it to the given descriptor (stdout).
        xvfb.start(QStringLiteral("Xvfb"), {QStringLiteral("-displayfd"), QStringLiteral("1"), QStringLiteral("-screen"), QStringLiteral("0"),
                                            QStringLiteral("%1x%2x24").arg(kScreenWidth).arg(kScreenHeight), QStringLiteral("-nolisten"),
                                            QStringLiteral("tcp")});
        QVERIFY(xvfb.waitForStarted(5000));
        QByteArray number;
        QDeadlineTimer deadline(10000);
        while (!number.contains('\n') && !deadline.hasExpired() && xvfb.state() == QProcess::Running) {
            xvfb.waitForReadyRead(200);
            number += xvfb.readAllStandardOutput();
        }
        QVERIFY2(number.contains('\n'), "Xvfb did not report its display");
        display = QProcessEnvironment::systemEnvironment();
        display.insert(QStringLiteral("DISPLAY"), u':' + QString::fromLatin1(number.trimmed()));
        display.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("xcb"));
        display.remove(QStringLiteral("WAYLAND_DISPLAY"));

        trayer.setProcessEnvironment(display);
        trayer.start(QStringLiteral("trayer"), {QStringLiteral("--edge"), QStringLiteral("top"), QStringLiteral("--align"), QStringLiteral("right"),
                                               QStringLiteral("--widthtype"), QStringLiteral("request"), QStringLiteral("--height"),
                                               QStringLiteral("32"), QStringLiteral("--SetDockType"), QStringLiteral("true"),
                                               QStringLiteral("--tint"), QStringLiteral("0xe2e8f0"), QStringLiteral("--transparent"),
                                               QStringLiteral("true"), QStringLiteral("--alpha"), QStringLiteral("0")});
        QVERIFY(trayer.waitForStarted(5000));
        QTest::qWait(500);  // let it claim the tray selection before the app looks for a tray
        QCOMPARE(trayer.state(), QProcess::Running);
    }

    void cleanupTestCase()
    {
        stop(tray);
        stop(trayer);
        stop(xvfb);
    }

    void traySyncsRunsACommandAndShowsIt()
    {
        QElapsedTimer clock;
        clock.start();
        test::TestEnvironment env;
        test::DevServerProcess server;
        QVERIFY(server.isRunning());
        // A refused program, an unsupported type, then one that runs (and, as an uninstall that
        // succeeded, ends the batch).
        server.queue(QJsonArray{command(100, QStringLiteral("uninstall_teamai"), QStringLiteral("rm -rf /tmp/nothing")),
                                command(101, QStringLiteral("reboot_machine")),
                                command(102, QStringLiteral("uninstall_teamai"), QStringLiteral("teamai status"))});
        const test::TeamaiRun init = test::runTeamai({QStringLiteral("init"), QStringLiteral("--http"), server.baseUrl(), QStringLiteral("--token"),
                                                      test::DevServerProcess::token(), QStringLiteral("--token-store"), QStringLiteral("file")});
        QCOMPARE(init.exitCode, 0);
        QVERIFY(AgentSettings::update([](AgentSettings &s) { s.setEnabledAgents({QStringLiteral("claude")}); }));

        QProcessEnvironment environment = display;
        for (const QString &name : {QStringLiteral("HOME"), QStringLiteral("TEAMAI_HOME"), QStringLiteral("XDG_CONFIG_HOME"),
                                    QStringLiteral("XDG_DATA_HOME"), QStringLiteral("XDG_CACHE_HOME"), QStringLiteral("NO_PROXY")})
            environment.insert(name, qEnvironmentVariable(name.toUtf8().constData()));
        environment.remove(QStringLiteral("DBUS_SESSION_BUS_ADDRESS"));
        tray.setProcessEnvironment(environment);
        tray.setProcessChannelMode(QProcess::ForwardedErrorChannel);
        tray.start(test::builtBinary("TEAMAI_TRAY_BIN"), {});
        QVERIFY(tray.waitForStarted(5000));

        ui::SingleInstance client(env.stateDir());
        QJsonObject status;
        QDeadlineTimer deadline(30000);
        while (!deadline.hasExpired()) {
            status = client.send({{QStringLiteral("cmd"), QStringLiteral("status")}}, 2000);
            if (status.value(QStringLiteral("rounds")).toInt() >= 1)
                break;
            QTest::qWait(200);
        }
        QVERIFY2(status.value(QStringLiteral("rounds")).toInt() >= 1, "the tray did not finish a round");
        QVERIFY2(status.value(QStringLiteral("tray_available")).toBool(), "no system tray seen under trayer");
        QCOMPARE(status.value(QStringLiteral("last_round_error")).toString(), QString());

        // What the backend got: every command acknowledged with the SPEC's wording.
        QJsonObject acks;
        for (const QJsonValue &ack : server.acks())
            acks.insert(QString::number(ack.toObject().value(QStringLiteral("id")).toInt()), ack);
        QCOMPARE(acks.value(QStringLiteral("102")).toObject().value(QStringLiteral("status")).toString(), QStringLiteral("success"));
        QCOMPARE(acks.value(QStringLiteral("101")).toObject().value(QStringLiteral("error")).toString(),
                 QStringLiteral("Unsupported command type: reboot_machine"));
        QVERIFY(acks.value(QStringLiteral("100")).toObject().value(QStringLiteral("error")).toString().startsWith(QStringLiteral("Rejected cmd")));

        // The Commands window shows them.
        QVERIFY(client.send({{QStringLiteral("cmd"), QStringLiteral("show")}, {QStringLiteral("window"), QStringLiteral("commands")}})
                    .value(QStringLiteral("ok")).toBool());
        status = client.send({{QStringLiteral("cmd"), QStringLiteral("status")}});
        QVERIFY(status.value(QStringLiteral("commands_window")).toBool());
        QStringList shown;
        for (const QJsonValue &row : status.value(QStringLiteral("commands_shown")).toArray())
            shown << QStringLiteral("%1:%2").arg(row.toObject().value(QStringLiteral("command_id")).toInt()).arg(row.toObject().value(QStringLiteral("state")).toString());
        QVERIFY2(shown.contains(QStringLiteral("102:succeeded")), qPrintable(shown.join(u' ')));
        QVERIFY(shown.contains(QStringLiteral("101:failed")));
        QVERIFY(shown.contains(QStringLiteral("100:rejected")));

        QTest::qWait(700);
        QVERIFY(screenshot(QStringLiteral("tray-e2e-desktop.png"), {QStringLiteral("-window"), QStringLiteral("root")}));
        const QString commandsId = windowId(QStringLiteral("TeamAI Agent — Commands"));
        QVERIFY(!commandsId.isEmpty());
        QVERIFY(screenshot(QStringLiteral("commands-window.png"), {QStringLiteral("-window"), commandsId}));

        // The tray icon sits at the right end of trayer's panel: open its menu there.
        run(QStringLiteral("xdotool"), {QStringLiteral("windowminimize"), commandsId});
        QVERIFY(run(QStringLiteral("xdotool"), {QStringLiteral("mousemove"), QString::number(kScreenWidth - 14), QStringLiteral("16"),
                                                QStringLiteral("click"), QStringLiteral("3")}));
        QTest::qWait(700);
        QVERIFY(screenshot(QStringLiteral("tray-menu.png"),
                           {QStringLiteral("-window"), QStringLiteral("root"), QStringLiteral("-crop"), QStringLiteral("300x230+%1+0").arg(kScreenWidth - 300)}));
        run(QStringLiteral("xdotool"), {QStringLiteral("key"), QStringLiteral("Escape")});

        QVERIFY(client.send({{QStringLiteral("cmd"), QStringLiteral("show")}, {QStringLiteral("window"), QStringLiteral("history")}})
                    .value(QStringLiteral("ok")).toBool());
        QTest::qWait(500);
        const QString historyId = windowId(QStringLiteral("TeamAI Agent — Ack history"));
        QVERIFY(!historyId.isEmpty());
        QVERIFY(screenshot(QStringLiteral("ack-history-window.png"), {QStringLiteral("-window"), historyId}));

        // Quit through the running instance: it stops and exits cleanly.
        client.send({{QStringLiteral("cmd"), QStringLiteral("quit")}});
        QVERIFY(tray.waitForFinished(10000));
        QCOMPARE(tray.exitStatus(), QProcess::NormalExit);
        QCOMPARE(tray.exitCode(), 0);
        qInfo("end to end in %lld ms; screenshots in %s", clock.elapsed(), qPrintable(artifacts));
    }

    void aRejectedTokenIsReplacedFromTheTray_data()
    {
        QTest::addColumn<QString>("store");
        QTest::newRow("file") << QStringLiteral("file");
        QTest::newRow("keychain") << QStringLiteral("keychain");  // gnome-keyring on a private bus
    }

    void aRejectedTokenIsReplacedFromTheTray()
    {
        QFETCH(QString, store);
        const bool keychain = store == QLatin1String("keychain");
        if (keychain && !PrivateKeyring::available())
            QSKIP("dbus-daemon, dbus-send or gnome-keyring-daemon is not installed");
        test::TestEnvironment env;
        PrivateKeyring keyring;
        QProcessEnvironment bus;
        const QByteArray runtimeDir = qgetenv("XDG_RUNTIME_DIR");
        if (keychain) {
            bus = QProcessEnvironment::systemEnvironment();
            QVERIFY2(keyring.start(bus), "the private Secret Service did not start");
            // `teamai init` below (a child of this test) uses it too.
            qputenv("DBUS_SESSION_BUS_ADDRESS", bus.value(QStringLiteral("DBUS_SESSION_BUS_ADDRESS")).toUtf8());
            qputenv("XDG_RUNTIME_DIR", bus.value(QStringLiteral("XDG_RUNTIME_DIR")).toUtf8());
        }
        test::DevServerProcess server;
        QVERIFY(server.isRunning());
        const test::TeamaiRun init = test::runTeamai({QStringLiteral("init"), QStringLiteral("--http"), server.baseUrl(), QStringLiteral("--token"),
                                                      test::DevServerProcess::token(), QStringLiteral("--token-store"), store});
        qunsetenv("DBUS_SESSION_BUS_ADDRESS");
        if (runtimeDir.isEmpty())
            qunsetenv("XDG_RUNTIME_DIR");
        else
            qputenv("XDG_RUNTIME_DIR", runtimeDir);
        QCOMPARE(init.exitCode, 0);
        QCOMPARE(AgentSettings::load().settings.tokenLocation(),
                 keychain ? AgentSettings::TokenLocation::Keychain : AgentSettings::TokenLocation::File);
        QVERIFY(AgentSettings::update([](AgentSettings &s) { s.setEnabledAgents({QStringLiteral("claude")}); }));
        tray.setProcessEnvironment(trayEnvironment(bus));
        tray.setProcessChannelMode(QProcess::ForwardedErrorChannel);
        tray.start(test::builtBinary("TEAMAI_TRAY_BIN"), {});
        QVERIFY(tray.waitForStarted(5000));
        ui::SingleInstance client(env.stateDir());
        QJsonObject status = waitForStatus(client, [](const QJsonObject &s) { return s.value(QStringLiteral("rounds")).toInt() >= 1; });
        QCOMPARE(status.value(QStringLiteral("last_round_error")).toString(), QString());

        // The backend revokes the token: the next round is refused, and the tray says what to do.
        const QString rotated = QStringLiteral("rotated-e2e-token");
        server.setSettings(QJsonObject{{QStringLiteral("token"), rotated}});
        client.send({{QStringLiteral("cmd"), QStringLiteral("sync")}});
        status = waitForStatus(client, [](const QJsonObject &s) { return s.value(QStringLiteral("fix")).toString() == QLatin1String("enter_token"); });
        QCOMPARE(status.value(QStringLiteral("state")).toString(), QStringLiteral("error"));
        QCOMPARE(status.value(QStringLiteral("status_line")).toString(), QStringLiteral("The backend rejected the token"));
        QVERIFY(run(QStringLiteral("xdotool"), {QStringLiteral("mousemove"), QString::number(kScreenWidth - 14), QStringLiteral("16"),
                                                QStringLiteral("click"), QStringLiteral("3")}));
        QTest::qWait(700);
        QVERIFY(screenshot(QStringLiteral("tray-menu-token-rejected-%1.png").arg(store),
                           {QStringLiteral("-window"), QStringLiteral("root"), QStringLiteral("-crop"), QStringLiteral("360x300+%1+0").arg(kScreenWidth - 360)}));
        run(QStringLiteral("xdotool"), {QStringLiteral("key"), QStringLiteral("Escape")});

        // "Enter a new token…": Settings opens at the token field; the user types it and saves.
        const int roundsBefore = status.value(QStringLiteral("rounds")).toInt();
        QVERIFY(client.send({{QStringLiteral("cmd"), QStringLiteral("show")}, {QStringLiteral("window"), QStringLiteral("token")}})
                    .value(QStringLiteral("ok")).toBool());
        QTest::qWait(700);
        const QString settingsId = windowId(QStringLiteral("TeamAI Agent — Settings"));
        QVERIFY(!settingsId.isEmpty());
        QVERIFY(run(QStringLiteral("xdotool"), {QStringLiteral("windowfocus"), QStringLiteral("--sync"), settingsId}));
        QVERIFY(run(QStringLiteral("xdotool"), {QStringLiteral("type"), QStringLiteral("--delay"), QStringLiteral("20"), rotated}));
        QVERIFY(run(QStringLiteral("xdotool"), {QStringLiteral("key"), QStringLiteral("Return")}));
        status = waitForStatus(client, [roundsBefore](const QJsonObject &s) {
            return s.value(QStringLiteral("rounds")).toInt() > roundsBefore && s.value(QStringLiteral("state")).toString() == QLatin1String("idle");
        });
        QCOMPARE(status.value(QStringLiteral("state")).toString(), QStringLiteral("idle"));
        QCOMPARE(status.value(QStringLiteral("fix")).toString(), QStringLiteral("none"));
        QCOMPARE(status.value(QStringLiteral("status_line")).toString(), QStringLiteral("Up to date"));
        QCOMPARE(server.requests(QStringLiteral("sync")).last().toObject().value(QStringLiteral("authorization")).toString(),
                 QStringLiteral("Bearer ") + rotated);
        QTest::qWait(300);
        QVERIFY(screenshot(QStringLiteral("settings-token-saved-%1.png").arg(store), {QStringLiteral("-window"), settingsId}));
        // Saved where it was: the keychain stays the keychain (no silent move to a plain file).
        QCOMPARE(AgentSettings::load().settings.tokenLocation(),
                 keychain ? AgentSettings::TokenLocation::Keychain : AgentSettings::TokenLocation::File);
        QCOMPARE(QFile::exists(env.teamaiHome() + QStringLiteral("/token")), !keychain);

        client.send({{QStringLiteral("cmd"), QStringLiteral("quit")}});
        QVERIFY(tray.waitForFinished(10000));
        QCOMPARE(tray.exitCode(), 0);
    }
};

QTEST_GUILESS_MAIN(TestTrayEndToEnd)
#include "tst_tray_e2e.moc"
