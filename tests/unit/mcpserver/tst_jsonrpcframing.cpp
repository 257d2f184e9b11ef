// The MCP stdio framing: one JSON value per line, whatever the reads split, oversized lines
// refused without buffering them and the stream picked up again at the next newline.

#include "mcpserver/JsonRpc.h"
#include "mcpserver/JsonRpcFraming.h"

#include <QJsonObject>
#include <QtTest>

using namespace teamai::mcpserver;

class TestJsonRpcFraming : public QObject
{
    Q_OBJECT
private slots:
    void partialLinesAcrossReads()
    {
        JsonRpcFraming framing;
        QVERIFY(framing.feed(R"({"jsonrpc":"2.)").isEmpty());
        QVERIFY(framing.feed(R"(0","id":1,)").isEmpty());
        const QList<Frame> frames = framing.feed("\"method\":\"ping\"}\n");
        QCOMPARE(frames.size(), 1);
        QVERIFY(frames[0].ok);
        QCOMPARE(frames[0].value.toObject().value(QStringLiteral("method")).toString(), QStringLiteral("ping"));
    }

    void twoMessagesInOneRead()
    {
        JsonRpcFraming framing;
        const QList<Frame> frames = framing.feed("{\"id\":1}\n{\"id\":2}\n{\"id\":");
        QCOMPARE(frames.size(), 2);
        QCOMPARE(frames[0].value.toObject().value(QStringLiteral("id")).toInt(), 1);
        QCOMPARE(frames[1].value.toObject().value(QStringLiteral("id")).toInt(), 2);
        const QList<Frame> rest = framing.feed("3}\n");
        QCOMPARE(rest.size(), 1);
        QCOMPARE(rest[0].value.toObject().value(QStringLiteral("id")).toInt(), 3);
    }

    void blankLinesAndCarriageReturnsAreTolerated()
    {
        JsonRpcFraming framing;
        const QList<Frame> frames = framing.feed("\n\r\n  \n{\"id\":1}\r\n");
        QCOMPARE(frames.size(), 1);
        QVERIFY(frames[0].ok);
    }

    void oversizedMessageThenAGoodOne()
    {
        JsonRpcFraming framing(100);
        QList<Frame> frames = framing.feed("{\"junk\":\"" + QByteArray(60, 'x'));
        QVERIFY(frames.isEmpty());
        frames = framing.feed(QByteArray(60, 'x'));  // passes the limit mid-line
        QCOMPARE(frames.size(), 1);
        QVERIFY(!frames[0].ok);
        QCOMPARE(frames[0].errorCode, jsonrpc::kInvalidRequest);
        QVERIFY(frames[0].errorMessage.contains(QStringLiteral("100 bytes")));
        QVERIFY(framing.feed(QByteArray(5000, 'y')).isEmpty());  // still the same line: dropped, no second error
        frames = framing.feed("\"}\n{\"id\":7}\n");
        QCOMPARE(frames.size(), 1);
        QVERIFY(frames[0].ok);
        QCOMPARE(frames[0].value.toObject().value(QStringLiteral("id")).toInt(), 7);
    }

    void messageOfExactlyTheLimitIsAccepted()
    {
        JsonRpcFraming framing(10);
        const QList<Frame> frames = framing.feed("{\"id\":123}\n");  // 10 bytes
        QCOMPARE(frames.size(), 1);
        QVERIFY(frames[0].ok);
    }

    void invalidJsonIsAParseError_data()
    {
        QTest::addColumn<QByteArray>("line");
        QTest::newRow("garbage") << QByteArray("hello");
        QTest::newRow("truncated") << QByteArray("{\"id\":1");
        QTest::newRow("two values") << QByteArray("1,2");
        QTest::newRow("bracket injection") << QByteArray("1],[2");
        QTest::newRow("trailing comma") << QByteArray("{\"id\":1},");
    }
    void invalidJsonIsAParseError()
    {
        QFETCH(QByteArray, line);
        JsonRpcFraming framing;
        const QList<Frame> frames = framing.feed(line + '\n');
        QCOMPARE(frames.size(), 1);
        QVERIFY(!frames[0].ok);
        QCOMPARE(frames[0].errorCode, jsonrpc::kParseError);
    }

    void scalarsAndArraysAreValues()
    {
        JsonRpcFraming framing;
        const QList<Frame> frames = framing.feed("42\n\"text\"\n[1,2]\n");
        QCOMPARE(frames.size(), 3);
        QVERIFY(frames[0].ok && frames[0].value.isDouble());
        QVERIFY(frames[1].ok && frames[1].value.isString());
        QVERIFY(frames[2].ok && frames[2].value.isArray());
    }

    void lastLineWithoutNewlineAtEndOfStream()
    {
        JsonRpcFraming framing;
        QVERIFY(framing.feed("{\"id\":9}").isEmpty());
        const QList<Frame> frames = framing.finish();
        QCOMPARE(frames.size(), 1);
        QCOMPARE(frames[0].value.toObject().value(QStringLiteral("id")).toInt(), 9);
        QVERIFY(framing.finish().isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestJsonRpcFraming)
#include "tst_jsonrpcframing.moc"
