#include "log/Logging.h"
#include "util/Paths.h"

#include "TestEnvironment.h"

#include <QFile>
#include <QtTest>

using namespace teamai;

/// The log file is shared by every teamai process of the user (hooks, workers, the tray), each
/// appending to it: whatever a process buffers must reach the file as whole lines.
class TestLogging : public QObject
{
    Q_OBJECT
private:
    std::unique_ptr<test::TestEnvironment> m_env;

    static QByteArray logFile()
    {
        QFile file(paths::logDir() + QStringLiteral("/teamai.log"));
        return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
    }

private slots:
    void initTestCase()
    {
        m_env = std::make_unique<test::TestEnvironment>();
        logging::install();
    }

    void aDeferredBatchReachesTheFileAsWholeLines()
    {
        const QString filler(90, u'x');
        {
            const logging::DeferredFlush batch;
            for (int i = 0; i < 200; ++i) {
                qCInfo(lcCommands).noquote() << "command" << i << filler;
                qCDebug(lcCommands).noquote() << "detail" << i << filler;
                const QByteArray written = logFile();
                QVERIFY2(written.isEmpty() || written.endsWith('\n'),
                         qPrintable(QStringLiteral("line %1 cut: ...%2").arg(i).arg(QString::fromUtf8(written.right(40)))));
            }
        }
        const QByteArray written = logFile();
        for (int i = 0; i < 200; ++i)
            QVERIFY(written.contains(QByteArray(QByteArray("commands: command ") + QByteArray::number(i) + ' ')));
    }

    void anInfoLineIsWrittenAtOnce()
    {
        qCInfo(lcSync) << "outside any batch";
        QVERIFY(logFile().endsWith("outside any batch\n"));
    }

    void cleanupTestCase() { logging::shutdown(); }
};

QTEST_GUILESS_MAIN(TestLogging)
#include "tst_logging.moc"
