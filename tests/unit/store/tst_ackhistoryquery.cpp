// AckHistoryQuery: counts and pages (from both ends), each filter and their combination, the text
// search (substring, exact command id, escaping), distinct values, and CSV / JSON export contents.
// Issue 16 item 6: sorting by every column both ways (pages, seeks and search results agree with
// a sort done here), the agent filter, and the details of one ack (command, attempts, result).

#include "store/AckHistoryQuery.h"
#include "store/CommandLedger.h"
#include "store/SqliteQuery.h"
#include "store/LedgerDatabase.h"
#include "store/LedgerNames.h"

#include "AckFixture.h"
#include "LedgerFixture.h"
#include "TestCases.h"
#include "TestEnvironment.h"

#include <QBuffer>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>

using namespace teamai;
using teamai::test::AckFixture;

namespace {
const QDateTime kStart = QDateTime(QDate(2026, 1, 1), QTime(0, 0), Qt::UTC);
constexpr int kRows = 1000;

// The sort value of @p row as the admin history defines it, computed here independently.
QVariant keyOf(const AckAttemptRow &row, AckSortKey key)
{
    switch (key) {
    case AckSortKey::Time: return row.attemptedAt.toMSecsSinceEpoch();
    case AckSortKey::CommandId: return row.commandId;
    case AckSortKey::Type: return row.type;
    case AckSortKey::Agent: return row.agentType;
    case AckSortKey::State: return row.commandState;
    case AckSortKey::AckStatus: return row.status;
    case AckSortKey::Delivered: return int(row.delivered);
    case AckSortKey::Http: return row.httpStatus.value_or(0);
    case AckSortKey::Error: return row.error.isEmpty() ? row.transportError : row.error;
    case AckSortKey::Version: return row.version;
    case AckSortKey::Attempt: return row.attemptNumber;
    }
    return {};
}

// -1, 0, 1 for (key, [time,] attempt id), the way SQLite compares integers and (BINARY) text.
int compareRows(const AckAttemptRow &a, const AckAttemptRow &b, AckSortKey key)
{
    const QVariant x = keyOf(a, key);
    const QVariant y = keyOf(b, key);
    int c = 0;
    if (x.typeId() == QMetaType::QString)
        c = x.toString().toUtf8().compare(y.toString().toUtf8());
    else
        c = x.toLongLong() < y.toLongLong() ? -1 : x.toLongLong() > y.toLongLong() ? 1 : 0;
    // Type and state break ties by time (their index's order), then every key by attempt id.
    if (c == 0 && (key == AckSortKey::Type || key == AckSortKey::State))
        c = a.attemptedAt < b.attemptedAt ? -1 : a.attemptedAt > b.attemptedAt ? 1 : 0;
    if (c == 0)
        c = a.attemptId < b.attemptId ? -1 : a.attemptId > b.attemptId ? 1 : 0;
    return c < 0 ? -1 : c > 0 ? 1 : 0;
}

const QList<AckSortKey> kAllKeys = {AckSortKey::Time, AckSortKey::CommandId, AckSortKey::Type, AckSortKey::Agent,
                                    AckSortKey::State, AckSortKey::AckStatus, AckSortKey::Delivered, AckSortKey::Http,
                                    AckSortKey::Error, AckSortKey::Version, AckSortKey::Attempt};

int brute(const std::function<bool(int)> &match)
{
    int n = 0;
    for (int i = 0; i < kRows; ++i)
        n += match(i) ? 1 : 0;
    return n;
}
} // namespace

class TestAckHistoryQuery : public teamai::test::LedgerTestCase
{
    Q_OBJECT
private:
    void addRow(qint64 commandId, const QString &error, qint64 atMs)
    {
        SqliteQuery q(database->db());
        QVERIFY(q.exec(QStringLiteral("PRAGMA foreign_keys=OFF")));
        const qint64 agent = *database->names().intern(QStringLiteral("claude"));
        const qint64 type = *database->names().intern(QStringLiteral("uninstall_teamai"));
        (void)q.prepare(QStringLiteral("INSERT INTO ack_attempts (ack_id, command_id, agent, type, command_state, status, error, "
                                 "version, attempted_at, http_status, transport_error, delivered, attempt_number) "
                                 "VALUES (9999, ?, %1, %2, 0, 0, ?, '', ?, 500, 'HTTP 500', 0, 2)").arg(agent).arg(type));
        q.addBindValue(commandId);
        q.addBindValue(error);
        q.addBindValue(atMs);
        QVERIFY(q.exec());
    }

    /// What exporting @p query as @p format answered, and what it wrote.
    static std::pair<AckHistoryQuery::ExportResult, QByteArray> exportOf(AckHistoryQuery &query, AckHistoryQuery::Format format)
    {
        QBuffer buffer;
        buffer.open(QIODevice::WriteOnly);
        const AckHistoryQuery::ExportResult result = query.exportTo(buffer, format);
        return {result, buffer.data()};
    }

    void setUp() override
    {
        QString error;
        QVERIFY2(AckFixture::fill(*database, kRows, kStart, &error), qPrintable(error));
    }

private slots:
    void countsAndNewestFirstPages()
    {
        AckHistoryQuery query(*database);
        QCOMPARE(query.count(), kRows);
        const QList<AckAttemptRow> first = query.page(0, 10);
        QCOMPARE(first.size(), 10);
        QCOMPARE(first.at(0).attemptedAt, kStart.addSecs(kRows - 1));
        QCOMPARE(first.at(0).commandId, 1000 + (kRows - 1) / 2);
        QCOMPARE(first.at(9).attemptedAt, kStart.addSecs(kRows - 10));
        QCOMPARE(first.at(0).retries(), first.at(0).attemptNumber - 1);
        // Past the middle, pages are read from the other end: same rows, same order.
        const QList<AckAttemptRow> last = query.page(kRows - 5, 10);
        QCOMPARE(last.size(), 5);
        QCOMPARE(last.at(4).attemptedAt, kStart);
        QCOMPARE(last.at(0).attemptedAt, kStart.addSecs(4));
        QVERIFY(query.page(kRows, 10).isEmpty());
        QVERIFY(query.page(-1, 10).isEmpty());
    }

    void pagesTileTheWholeHistory()
    {
        AckHistoryQuery query(*database);
        QDateTime previous;
        int seen = 0;
        for (int offset = 0; offset < kRows; offset += 37) {
            for (const AckAttemptRow &row : query.page(offset, 37)) {
                if (previous.isValid())
                    QVERIFY(row.attemptedAt < previous);
                previous = row.attemptedAt;
                ++seen;
            }
        }
        QCOMPARE(seen, kRows);
    }

    void sortByEveryColumnBothWays()
    {
        AckHistoryQuery all(*database);
        QList<AckAttemptRow> expected = all.page(0, kRows);
        QCOMPARE(expected.size(), kRows);
        for (const AckSortKey key : kAllKeys) {
            for (const bool ascending : {true, false}) {
                const QByteArray what = QByteArray::number(int(key)) + QByteArray(ascending ? " ascending" : " descending");
                std::sort(expected.begin(), expected.end(), [key, ascending](const AckAttemptRow &a, const AckAttemptRow &b) {
                    return compareRows(a, b, key) == (ascending ? -1 : 1);
                });
                AckHistoryFilter filter;
                filter.sortKey = key;
                filter.ascending = ascending;
                AckHistoryQuery query(*database);
                query.setFilter(filter);
                // Pages by offset (the second half read from the other end) …
                QList<AckAttemptRow> paged;
                for (int offset = 0; offset < kRows; offset += 150)
                    paged += query.page(offset, 150);
                // … and by seeking on from the last row read, both ways.
                QList<AckAttemptRow> sought = query.page(0, 100);
                while (sought.size() < kRows) {
                    const QList<AckAttemptRow> next = query.pageAfter(sought.constLast(), 100);
                    QVERIFY2(!next.isEmpty(), what.constData());
                    sought += next;
                }
                const QList<AckAttemptRow> before = query.pageBefore(sought.at(500), 100);
                QCOMPARE(before.size(), 100);
                for (int i = 0; i < kRows; ++i) {
                    QVERIFY2(paged.at(i).attemptId == expected.at(i).attemptId, QByteArray(what + " page row " + QByteArray::number(i)).constData());
                    QVERIFY2(sought.at(i).attemptId == expected.at(i).attemptId, QByteArray(what + " seek row " + QByteArray::number(i)).constData());
                }
                for (int i = 0; i < 100; ++i)
                    QCOMPARE(before.at(i).attemptId, expected.at(400 + i).attemptId);
            }
        }
    }

    void searchResultsFollowTheSort()
    {
        AckHistoryFilter filter;
        filter.text = QStringLiteral("exit 1");  // every failed row
        filter.sortKey = AckSortKey::CommandId;
        filter.ascending = true;
        AckHistoryQuery query(*database);
        query.setFilter(filter);
        const QList<AckAttemptRow> rows = query.page(0, kRows);
        QCOMPARE(rows.size(), brute([](int i) { return AckFixture::stateOf(i) == QLatin1String("failed"); }));
        for (qsizetype i = 1; i < rows.size(); ++i)
            QCOMPARE(compareRows(rows.at(i - 1), rows.at(i), AckSortKey::CommandId), -1);
    }

    void agentFilter()
    {
        AckHistoryFilter filter;
        filter.agentType = QStringLiteral("codex");
        AckHistoryQuery query(*database);
        query.setFilter(filter);
        QCOMPARE(query.count(), brute([](int i) { return i % 3 == 0; }));
        for (const AckAttemptRow &row : query.page(0, 200))
            QCOMPARE(row.agentType, QStringLiteral("codex"));
        filter.commandState = QStringLiteral("rejected");
        query.setFilter(filter);
        QCOMPARE(query.count(), brute([](int i) { return i % 3 == 0 && AckFixture::stateOf(i) == QLatin1String("rejected"); }));
    }

    void detailsOfOneAck()
    {
        test::LedgerFixture::finished(*ledger, 77, CommandState::Failed, "partial out\n", "it broke\n", QStringLiteral("cmd failed: it broke"));
        std::optional<OutboxAck> ack;
        for (const OutboxAck &due : ledger->dueAcks(false)) {
            if (due.commandId == 77)
                ack = due;
        }
        QVERIFY(ack);
        ledger->recordAckAttempt(*ack, 0, QStringLiteral("connection refused"), false);
        ack = ledger->undeliveredAck(ack->ackId);
        QVERIFY(ack);
        ledger->recordAckAttempt(*ack, 200, QString(), true);

        AckHistoryQuery query(*database);
        const QList<AckAttemptRow> newest = query.page(0, 2);  // the fixture's rows are all older
        QCOMPARE(newest.size(), 2);
        QCOMPARE(newest.at(0).commandId, 77);
        const AckDetails details = query.details(newest.at(0));
        QVERIFY(details.found);
        QVERIFY2(details.commandJson.contains(QStringLiteral("\"id\":77")), qPrintable(details.commandJson));
        QVERIFY(details.ackPayload.contains(QStringLiteral("cmd failed: it broke")));
        QCOMPARE(details.attempts.size(), 2);
        QCOMPARE(details.attempts.at(0).attemptNumber, 1);
        QVERIFY(!details.attempts.at(0).delivered);
        QCOMPARE(details.attempts.at(0).transportError, QStringLiteral("connection refused"));
        QVERIFY(details.attempts.at(1).delivered);
        QCOMPARE(details.attempts.at(1).httpStatus, 200);
        QCOMPARE(details.commandState, QStringLiteral("failed"));
        QCOMPARE(details.delivery, QStringLiteral("delivered"));
        QCOMPARE(details.exitCode, 3);
        QCOMPARE(details.commandError, QStringLiteral("cmd failed: it broke"));
        QCOMPARE(details.stdoutTail, QByteArray("partial out\n"));
        QCOMPARE(details.stderrTail, QByteArray("it broke\n"));
        // A fixture row has no ack behind it: nothing found, nothing invented.
        QVERIFY(!query.details(query.page(5, 1).at(0)).found);
    }

    void filtersAndTheirCombination()
    {
        AckHistoryQuery query(*database);
        AckHistoryFilter filter;
        filter.commandState = QStringLiteral("failed");
        query.setFilter(filter);
        QCOMPARE(query.count(), brute([](int i) { return AckFixture::stateOf(i) == QLatin1String("failed"); }));
        for (const AckAttemptRow &row : query.page(0, 50))
            QCOMPARE(row.commandState, QStringLiteral("failed"));

        filter = {};
        filter.type = QStringLiteral("install_skill");
        query.setFilter(filter);
        QCOMPARE(query.count(), brute([](int i) { return i % 6 == 0; }));

        filter.commandState = QStringLiteral("failed");
        query.setFilter(filter);
        QCOMPARE(query.count(), brute([](int i) { return i % 6 == 0 && AckFixture::stateOf(i) == QLatin1String("failed"); }));
        const QList<AckAttemptRow> rows = query.page(query.count() - 3, 3);  // read from the end
        QCOMPARE(rows.size(), 3);
        for (const AckAttemptRow &row : rows) {
            QCOMPARE(row.type, QStringLiteral("install_skill"));
            QCOMPARE(row.commandState, QStringLiteral("failed"));
        }

        filter = {};
        filter.from = kStart.addSecs(100);
        filter.to = kStart.addSecs(200);
        query.setFilter(filter);
        QCOMPARE(query.count(), 100);
        QCOMPARE(query.page(0, 1).at(0).attemptedAt, kStart.addSecs(199));
        QCOMPARE(query.page(99, 1).at(0).attemptedAt, kStart.addSecs(100));
    }

    void textSearch()
    {
        AckHistoryQuery query(*database);
        AckHistoryFilter filter;
        filter.text = QStringLiteral("(row 17)");
        query.setFilter(filter);
        QCOMPARE(query.count(), 1);
        QCOMPARE(query.page(0, 5).at(0).error, QStringLiteral("cmd failed: exit 1 (row 17)"));

        filter.text = QStringLiteral("CONNECTION refused");  // case-insensitive, transport errors too
        query.setFilter(filter);
        QCOMPARE(query.count(), brute([](int i) { return i % 10 == 9; }));

        filter.text = QStringLiteral("1005");  // a command id: exact match through its index
        query.setFilter(filter);
        QCOMPARE(query.count(), 2);
        for (const AckAttemptRow &row : query.page(0, 5))
            QCOMPARE(row.commandId, 1005);

        filter.text = QStringLiteral("%");  // LIKE wildcards are literal
        query.setFilter(filter);
        QCOMPARE(query.count(), 0);
        filter.text = QStringLiteral("_");
        query.setFilter(filter);
        QVERIFY(query.count() > 0);  // every type has an underscore
        QCOMPARE(query.count(), kRows);
        QVERIFY(!query.searchWasBounded());

        // Search combines with the other filters, and pages through its results.
        filter.text = QStringLiteral("cmd failed");
        filter.type = QStringLiteral("install_rule");
        query.setFilter(filter);
        const int expected = brute([](int i) { return i % 6 == 2 && AckFixture::stateOf(i) == QLatin1String("failed"); });
        QCOMPARE(query.count(), expected);
        QCOMPARE(query.page(0, 1000).size(), expected);
        QCOMPARE(query.page(expected - 1, 10).size(), 1);
    }

    void distinctValues()
    {
        AckHistoryQuery query(*database);
        QStringList types = AckFixture::types();
        types.sort();
        QCOMPARE(query.types(), types);
        QCOMPARE(query.states(), (QStringList{QStringLiteral("failed"), QStringLiteral("rejected"), QStringLiteral("succeeded")}));
    }

    void refreshSeesNewRows()
    {
        AckHistoryQuery query(*database);
        QCOMPARE(query.count(), kRows);
        addRow(77, QStringLiteral("late"), kStart.addSecs(kRows + 5).toMSecsSinceEpoch());
        QCOMPARE(query.count(), kRows);  // cached
        query.refresh();
        QCOMPARE(query.count(), kRows + 1);
        QCOMPARE(query.page(0, 1).at(0).error, QStringLiteral("late"));
    }

    void csvExport()
    {
        addRow(42, QStringLiteral("=HYPERLINK(\"http://x\"), \"quoted\"\nsecond line"), kStart.addSecs(kRows + 1).toMSecsSinceEpoch());
        AckHistoryQuery query(*database);
        AckHistoryFilter filter;
        filter.type = QStringLiteral("uninstall_teamai");
        query.setFilter(filter);
        const auto [result, csv] = exportOf(query, AckHistoryQuery::Format::Csv);
        QVERIFY2(result.ok, qPrintable(result.error));
        QCOMPARE(result.rows, qint64(query.count()));
        const QList<QByteArray> lines = csv.split('\n');
        QCOMPARE(lines.at(0), QByteArray("attempt_id,attempted_at,command_id,agent_type,type,command_state,status,delivered,"
                                         "http_status,error,transport_error,version,attempt,retries\r"));
        // The newest row is the hand-made one: formula neutralised, quotes doubled, newline kept
        // inside the quoted cell.
        QVERIFY(lines.at(1).contains(",42,claude,uninstall_teamai,failed,failed,false,500,"
                                     "\"'=HYPERLINK(\"\"http://x\"\"), \"\"quoted\"\""));
        QVERIFY(csv.contains("second line\",HTTP 500,,2,1\r\n"));
        QVERIFY(lines.at(1).startsWith(QByteArray(QByteArray::number(kRows + 1) + ",2026-01-01T00:16:41.000Z,")));
        // Every exported data row is of the filtered type.
        int dataRows = 0;
        for (const QByteArray &line : lines) {
            if (line.contains(",uninstall_teamai,"))
                ++dataRows;
        }
        QCOMPARE(dataRows, int(result.rows));
    }

    void jsonExport()
    {
        AckHistoryQuery query(*database);
        AckHistoryFilter filter;
        filter.commandState = QStringLiteral("rejected");
        filter.text = QStringLiteral("disabled");
        query.setFilter(filter);
        const auto [result, json] = exportOf(query, AckHistoryQuery::Format::Json);
        QVERIFY2(result.ok, qPrintable(result.error));
        QJsonParseError parseError;
        const QJsonDocument doc = QJsonDocument::fromJson(json, &parseError);
        QCOMPARE(parseError.error, QJsonParseError::NoError);
        const QJsonArray rows = doc.array();
        QCOMPARE(rows.size(), brute([](int i) { return AckFixture::stateOf(i) == QLatin1String("rejected"); }));
        const QJsonObject first = rows.at(0).toObject();
        QCOMPARE(first.value(QStringLiteral("error")).toString(), QStringLiteral("remote cmd disabled by client"));
        QCOMPARE(first.value(QStringLiteral("status")).toString(), QStringLiteral("failed"));
        QCOMPARE(first.value(QStringLiteral("delivered")).toBool(), false);
        QVERIFY(first.value(QStringLiteral("http_status")).isNull());
        QCOMPARE(first.value(QStringLiteral("attempted_at")).toString(), kStart.addSecs(999).toString(Qt::ISODateWithMs));
        QCOMPARE(first.keys().size(), AckHistoryQuery::columnNames().size());

        // An empty selection is an empty array, still valid JSON.
        filter.text = QStringLiteral("no such text");
        query.setFilter(filter);
        const auto [emptyResult, emptyJson] = exportOf(query, AckHistoryQuery::Format::Json);
        QVERIFY(emptyResult.ok);
        QCOMPARE(QJsonDocument::fromJson(emptyJson).array().size(), 0);
    }

    void exportCanBeCancelled()
    {
        QString error;
        QVERIFY(AckFixture::fill(*database, 12000, kStart.addDays(1), &error));
        AckHistoryQuery query(*database);
        QBuffer buffer;
        buffer.open(QIODevice::WriteOnly);
        const AckHistoryQuery::ExportResult result = query.exportTo(buffer, AckHistoryQuery::Format::Csv, [](qint64 rows) { return rows < 5000; });
        QVERIFY(!result.ok);
        QCOMPARE(result.error, QStringLiteral("cancelled"));
        QCOMPARE(result.rows, 5000);
    }
};

QTEST_GUILESS_MAIN(TestAckHistoryQuery)
#include "tst_ackhistoryquery.moc"
