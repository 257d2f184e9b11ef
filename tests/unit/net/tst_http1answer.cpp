#include "net/Http1Answer.h"

#include "DataTable.h"

#include <QtTest>

using namespace teamai;

namespace {

constexpr qint64 kCap = 1000;

/// Feeds @p bytes whole, or one byte at a time (the answer must not depend on how it arrives).
Http1Answer read(const QByteArray &bytes, bool byteByByte, bool close = false, bool bodyExpected = true)
{
    Http1Answer answer(kCap, bodyExpected);
    QByteArray pending;
    for (qsizetype i = 0; i < bytes.size(); i += byteByByte ? 1 : bytes.size()) {
        pending += bytes.mid(i, byteByByte ? 1 : bytes.size());
        answer.feed(pending);
    }
    if (close)
        answer.closedByPeer();
    return answer;
}

} // namespace

class TestHttp1Answer : public QObject
{
    Q_OBJECT
private slots:
    void framings_data() { test::loadTable(); }

    void framings()
    {
        QFETCH(QByteArray, bytes);
        QFETCH(bool, close);
        QFETCH(int, status);
        QFETCH(QByteArray, body);
        QFETCH(bool, keepAlive);
        for (const bool byteByByte : {false, true}) {
            const Http1Answer answer = read(bytes, byteByByte, close);
            QVERIFY2(answer.done(), qPrintable(answer.error()));
            QCOMPARE(answer.status(), status);
            QCOMPARE(answer.body(), body);
            QCOMPARE(answer.keepAlive(), keepAlive);
        }
    }

    void fieldsAndReasonAreKept()
    {
        const Http1Answer answer = read("HTTP/1.1 404 Not Found\r\nX-A:  one \r\ncontent-type: text/plain\r\nContent-Length: 0\r\n\r\n", false);
        QVERIFY(answer.done());
        QCOMPARE(answer.reason(), QStringLiteral("Not Found"));
        QCOMPARE(answer.header("x-a"), QByteArray("one"));
        QCOMPARE(answer.header("Content-Type"), QByteArray("text/plain"));
        QCOMPARE(answer.contentLength(), 0);
    }

    void bytesAfterTheAnswerAreLeft()
    {
        Http1Answer answer(kCap);
        QByteArray bytes("HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nhiHTTP/1.1 200");
        answer.feed(bytes);
        QVERIFY(answer.done());
        QCOMPARE(bytes, QByteArray("HTTP/1.1 200"));
    }

    void answerToHeadHasNoBody()
    {
        const Http1Answer answer = read("HTTP/1.1 200 OK\r\nContent-Length: 50\r\n\r\n", false, false, false);
        QVERIFY(answer.done());
        QVERIFY(answer.body().isEmpty());
    }

    void refused_data()
    {
        QTest::addColumn<QByteArray>("bytes");
        QTest::addColumn<bool>("close");
        QTest::addColumn<bool>("tooLarge");
        QTest::addRow("not HTTP") << QByteArray("SSH-2.0-OpenSSH\r\n") << false << false;
        QTest::addRow("HTTP/2 status line") << QByteArray("HTTP/2 200 OK\r\n\r\n") << false << false;
        QTest::addRow("status of two digits") << QByteArray("HTTP/1.1 20 OK\r\n\r\n") << false << false;
        QTest::addRow("status below 100") << QByteArray("HTTP/1.1 099 X\r\n\r\n") << false << false;
        QTest::addRow("status above 599") << QByteArray("HTTP/1.1 831 X\r\nContent-Length: 0\r\n\r\n") << false << false;
        QTest::addRow("101 switching") << QByteArray("HTTP/1.1 101 Switching Protocols\r\n\r\n") << false << false;
        QTest::addRow("folded field") << QByteArray("HTTP/1.1 200 OK\r\nX-A: 1\r\n 2\r\n\r\n") << false << false;
        QTest::addRow("field without colon") << QByteArray("HTTP/1.1 200 OK\r\nnonsense\r\n\r\n") << false << false;
        QTest::addRow("space in a field name") << QByteArray("HTTP/1.1 200 OK\r\nContent Length: 1\r\n\r\n") << false << false;
        QTest::addRow("negative length") << QByteArray("HTTP/1.1 200 OK\r\nContent-Length: -1\r\n\r\n") << false << false;
        QTest::addRow("differing lengths") << QByteArray("HTTP/1.1 200 OK\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\nxy")
                                           << false << false;
        QTest::addRow("gzip transfer coding") << QByteArray("HTTP/1.1 200 OK\r\nTransfer-Encoding: gzip, chunked\r\n\r\n")
                                              << false << false;
        QTest::addRow("chunk size not hex") << QByteArray("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n")
                                            << false << false;
        QTest::addRow("chunk size 0x") << QByteArray("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n0x2\r\nhi\r\n")
                                       << false << false;
        QTest::addRow("chunk without its CRLF") << QByteArray("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n2\r\nhiX\r\n")
                                                << false << false;
        QTest::addRow("length over the cap") << QByteArray("HTTP/1.1 200 OK\r\nContent-Length: 1001\r\n\r\n") << false << true;
        QTest::addRow("chunks over the cap")
            << QByteArray("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n3e9\r\n") << false << true;
        QTest::addRow("until close over the cap") << (QByteArray("HTTP/1.1 200 OK\r\n\r\n") + QByteArray(1001, 'x')) << false << true;
        QTest::addRow("line too long") << (QByteArray("HTTP/1.1 200 OK\r\nX: ") + QByteArray(9000, 'x')) << false << false;
        QTest::addRow("closed in the fields") << QByteArray("HTTP/1.1 200 OK\r\nContent-") << true << false;
        QTest::addRow("closed in the body") << QByteArray("HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\nab") << true << false;
        QTest::addRow("closed in the chunks") << QByteArray("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n2\r\nhi\r\n")
                                              << true << false;
    }

    void refused()
    {
        QFETCH(QByteArray, bytes);
        QFETCH(bool, close);
        QFETCH(bool, tooLarge);
        for (const bool byteByByte : {false, true}) {
            const Http1Answer answer = read(bytes, byteByByte, close);
            QVERIFY(answer.failed());
            QVERIFY(!answer.error().isEmpty());
            QVERIFY(!answer.keepAlive());
            QCOMPARE(answer.tooLarge(), tooLarge);
            QVERIFY(!answer.nothingReceived());
        }
    }

    void tooManyFieldsAreRefused()
    {
        QByteArray bytes("HTTP/1.1 200 OK\r\n");
        for (int i = 0; i < 201; ++i)
            bytes += "X-" + QByteArray::number(i) + ": 1\r\n";
        QVERIFY(read(bytes, false).failed());
    }

    void tooManyInterimAnswersAreRefused()
    {
        QByteArray bytes;
        for (int i = 0; i < 9; ++i)
            bytes += "HTTP/1.1 100 Continue\r\n\r\n";
        QVERIFY(read(bytes, false).failed());
    }

    void closedBeforeAnyByte()
    {
        Http1Answer answer(kCap);
        answer.closedByPeer();
        QVERIFY(answer.failed());
        QVERIFY(answer.nothingReceived());
    }

    void waitsForMore()
    {
        const Http1Answer answer = read("HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\nab", false);
        QCOMPARE(answer.state(), Http1Answer::State::Body);
        QVERIFY(!answer.done());
        QVERIFY(!answer.failed());
    }
};

QTEST_GUILESS_MAIN(TestHttp1Answer)
#include "tst_http1answer.moc"
