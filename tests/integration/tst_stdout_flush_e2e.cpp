// The real `teamai` with stdout to a pipe (as the tray runs a pushed command) writes each line
// when it is printed, not at exit (issue 16 item 5): `teamai doctor` prints its first checks,
// then waits for a backend that this test holds unanswered; the first line must already be
// readable while it waits.

#include "TestEnvironment.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTcpServer>
#include <QTcpSocket>
#include <QtTest>

using namespace teamai;

class TestStdoutFlush : public QObject
{
    Q_OBJECT
private slots:
    void firstLineArrivesBeforeExit()
    {
        test::TestEnvironment env;
        QTcpServer backend;  // accepts and never answers, until the test lets go
        QVERIFY(backend.listen(QHostAddress::LocalHost));
        const QString endpoint = QStringLiteral("http://127.0.0.1:%1").arg(backend.serverPort());
        env.writeFile(QStringLiteral(".teamai/local-agent/config.json"),
                      QJsonDocument(QJsonObject{{QStringLiteral("endpoint"), endpoint}}).toJson());
        QProcessEnvironment environment = env.processEnvironment();
        environment.insert(QStringLiteral("TEAMAI_TOKEN"), QStringLiteral("test-token-123456"));

        QProcess doctor;
        doctor.setProcessEnvironment(environment);
        doctor.start(test::builtBinary("TEAMAI_BIN"), {QStringLiteral("doctor")});
        QVERIFY(doctor.waitForStarted());
        // Once the request is in, doctor is blocked on us: whatever it printed before must be
        // in the pipe already.
        QVERIFY(backend.waitForNewConnection(30000));
        QTcpSocket *held = backend.nextPendingConnection();
        QVERIFY(held);
        QVERIFY(held->waitForReadyRead(30000));
        QCOMPARE(doctor.state(), QProcess::Running);
        if (!doctor.canReadLine())
            doctor.waitForReadyRead(10000);
        QVERIFY2(doctor.canReadLine(), "doctor's first line is still in its stdout buffer");
        const QByteArray first = doctor.readLine();
        QVERIFY2(first.contains("config") && first.contains(endpoint.toUtf8()), first.constData());
        QCOMPARE(doctor.state(), QProcess::Running);

        backend.close();  // a retry finds nobody and gives up at once
        held->abort();
        QVERIFY(doctor.waitForFinished(30000));
    }
};

QTEST_GUILESS_MAIN(TestStdoutFlush)
#include "tst_stdout_flush_e2e.moc"
