// Issue 16 item 8: `teamai-tray --version` and `--help` answer on a machine without a display
// (no DISPLAY, no WAYLAND_DISPLAY, QT_QPA_PLATFORM unset): before the QApplication that would
// abort for want of an X server.

#include "Version.h"

#include <QProcess>
#include <QtTest>

class TestTrayCli : public QObject
{
    Q_OBJECT

    struct Run {
        int exitCode = -1;
        QString out;
        QString err;
    };

    static Run runWithoutDisplay(const QStringList &arguments)
    {
        QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
        for (const char *name : {"DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM", "XDG_SESSION_TYPE"})
            environment.remove(QString::fromLatin1(name));
        QProcess process;
        process.setProcessEnvironment(environment);
        process.start(qEnvironmentVariable("TEAMAI_TRAY_BIN"), arguments);
        process.closeWriteChannel();
        if (!process.waitForFinished(30000))
            return {};
        return {process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1,
                QString::fromLocal8Bit(process.readAllStandardOutput()), QString::fromLocal8Bit(process.readAllStandardError())};
    }

private slots:
    void initTestCase() { QVERIFY2(!qEnvironmentVariable("TEAMAI_TRAY_BIN").isEmpty(), "TEAMAI_TRAY_BIN is not set"); }

    void versionWithoutDisplay_data()
    {
        QTest::addColumn<QStringList>("arguments");
        QTest::newRow("--version") << QStringList{QStringLiteral("--version")};
        QTest::newRow("-v") << QStringList{QStringLiteral("-v")};
        QTest::newRow("with a Qt option") << QStringList{QStringLiteral("-platform"), QStringLiteral("xcb"), QStringLiteral("--version")};
    }
    void versionWithoutDisplay()
    {
        QFETCH(QStringList, arguments);
        const Run run = runWithoutDisplay(arguments);
        QVERIFY2(run.exitCode == 0, qPrintable(run.err));
        QCOMPARE(run.out.trimmed(), QStringLiteral("teamai-tray %1").arg(QString::fromLatin1(teamai::kVersion)));
    }

    void helpWithoutDisplay()
    {
        const Run run = runWithoutDisplay({QStringLiteral("--help")});
        QVERIFY2(run.exitCode == 0, qPrintable(run.err));
        for (const char *option : {"--show <window>", "--status", "--quit", "--no-tray", "--version"})
            QVERIFY2(run.out.contains(QString::fromLatin1(option)), qPrintable(run.out));
    }

    // Without a display the GUI start itself still fails (and says so): the early answer is
    // only for help and version.
    void guiStartStillNeedsADisplay()
    {
        const Run run = runWithoutDisplay({QStringLiteral("--status")});
        QVERIFY(run.exitCode != 0);
    }
};

QTEST_GUILESS_MAIN(TestTrayCli)
#include "tst_tray_cli.moc"
