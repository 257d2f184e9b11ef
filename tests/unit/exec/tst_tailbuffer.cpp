#include "exec/TailBuffer.h"

#include <QRandomGenerator>
#include <QtTest>

#include <algorithm>
#include <initializer_list>

using teamai::exec::TailBuffer;

namespace {

/// @brief A buffer of @p capacity with @p chunks appended one by one, as a child's reads arrive.
TailBuffer appended(qint64 capacity, std::initializer_list<QByteArrayView> chunks)
{
    TailBuffer buffer(capacity);
    for (const QByteArrayView chunk : chunks)
        buffer.append(chunk);
    return buffer;
}

} // namespace

/// @brief TailBuffer keeps exactly the last `capacity` bytes, whatever the chunking.
class TestTailBuffer : public QObject
{
    Q_OBJECT
private slots:
    void underCapacityKeepsEverything()
    {
        TailBuffer buffer = appended(10, {"abc", "def"});
        QVERIFY(!buffer.dropped());
        QCOMPARE(buffer.droppedBytes(), 0);
        QVERIFY(!buffer.wrapped());
        QCOMPARE(buffer.take(), QByteArray("abcdef"));
        QCOMPARE(buffer.size(), 0);
    }

    void exactlyCapacityIsNotDropped()
    {
        TailBuffer buffer = appended(4, {"ab", "cd"});
        QVERIFY(!buffer.dropped());
        QCOMPARE(buffer.droppedBytes(), 0);
        QCOMPARE(buffer.take(), QByteArray("abcd"));
    }

    void overCapacityKeepsTheTail()
    {
        TailBuffer buffer = appended(5, {"abc", "defg"});
        QVERIFY(buffer.dropped());
        QCOMPARE(buffer.droppedBytes(), 2);  // "ab"
        buffer.append("hi");
        QCOMPARE(buffer.droppedBytes(), 4);  // "abcd"
        QCOMPARE(buffer.take(), QByteArray("efghi"));
        QVERIFY(!buffer.dropped()); // take() resets the flag and the count
        QCOMPARE(buffer.droppedBytes(), 0);
    }

    void chunkLargerThanCapacity()
    {
        TailBuffer buffer = appended(3, {"x", "0123456789"});
        QVERIFY(buffer.dropped());
        QCOMPARE(buffer.droppedBytes(), 8);  // "x" and "0123456"
        QCOMPARE(buffer.take(), QByteArray("789"));
    }

    void zeroCapacityKeepsNothing()
    {
        TailBuffer buffer(0);
        buffer.append("abc");
        QVERIFY(buffer.dropped());
        QCOMPARE(buffer.droppedBytes(), 3);
        QCOMPARE(buffer.take(), QByteArray());
    }

    void reusableAfterTake()
    {
        TailBuffer buffer(4);
        buffer.append("abcdefgh");
        QCOMPARE(buffer.take(), QByteArray("efgh"));
        buffer.append("12");
        QCOMPARE(buffer.take(), QByteArray("12"));
    }

    void randomChunksMatchReference()
    {
        QRandomGenerator rng(42);
        for (int round = 0; round < 50; ++round) {
            const qint64 cap = rng.bounded(1, 300);
            TailBuffer buffer(cap);
            QByteArray all;
            const int chunks = rng.bounded(1, 40);
            for (int i = 0; i < chunks; ++i) {
                QByteArray chunk(rng.bounded(0, 100), Qt::Uninitialized);
                for (char &c : chunk)
                    c = char(rng.bounded(256));
                all += chunk;
                buffer.append(chunk);
            }
            QCOMPARE(buffer.dropped(), all.size() > cap);
            QCOMPARE(buffer.droppedBytes(), std::max<qint64>(0, all.size() - cap));
            QCOMPARE(buffer.take(), all.right(cap));
        }
    }
};

QTEST_GUILESS_MAIN(TestTailBuffer)
#include "tst_tailbuffer.moc"
