// bench_ledger: fills a fresh command ledger with N realistic rows so `teamai history` and the
// tray's history window can be measured at a million rows (issue #8). The schema comes from the
// product itself: LedgerDatabase::open() creates and migrates it; the rows are generated inside
// SQLite (a recursive CTE, one transaction), so a million commands with their acks and ack
// attempts take seconds, not minutes.
//
// Usage: bench_ledger [--rows N] [--db FILE]
//   --rows N   commands to insert (default 1000000); each gets one delivered ack and one attempt
//   --db FILE  the ledger file (default: the agent's, $TEAMAI_HOME/local-agent/ledger.db)
// The ledger must hold no commands yet. Rows span the last 365 days, newest last; types, states
// and agents are mixed like a busy machine's (mostly succeeded resource commands, some
// uninstall_teamai runs with output tails, failures and rejections with their ack errors).
#include "store/LedgerDatabase.h"
#include "store/SqliteQuery.h"

#include "BenchArguments.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QElapsedTimer>
#include <QFileInfo>

#include <cstdio>

using namespace teamai;

namespace {

// Row i (1-based) of the generated commands. i % 20 picks the kind:
//   0..9   install_skill   succeeded         10..13 uninstall_skill succeeded
//   14..15 install_rule    succeeded         16     uninstall_teamai succeeded (exit 0, output)
//   17     uninstall_teamai failed (exit 1)   18     reboot_machine  failed (unsupported)
//   19     uninstall_teamai rejected (allowlist)
// Written the way the product writes them (schema 4, store/LedgerSchema.cpp): names as ids in
// `names`, states as codes, the JSON with its keys sorted (as QJsonDocument writes it) and packed
// with its type's dictionary (ledger_pack_json), times after the receipt as offsets, the ack's
// payload, error and version derived (NULL), the attempt's copied.

// The kinds' types; the JSON of command i of a type (%1 is i, %2 the type, %3 the kind).
const char *const kKinds = R"sql(
SELECT 0 AS lo, 9 AS hi, 'install_skill' AS type UNION ALL SELECT 10, 13, 'uninstall_skill'
UNION ALL SELECT 14, 15, 'install_rule' UNION ALL SELECT 16, 17, 'uninstall_teamai'
UNION ALL SELECT 18, 18, 'reboot_machine' UNION ALL SELECT 19, 19, 'uninstall_teamai'
)sql";
const char *const kJson = R"sql(
CASE WHEN %2 IN ('uninstall_teamai')
     THEN json_object('cmd', CASE WHEN %3 = 19 THEN 'rm -rf ~/.teamai' ELSE 'teamai --version' END, 'id', %1, 'type', %2)
     ELSE json_object('download_url', 'https://teamai.example.com/download/skill/skill-' || (%1 % 500) || '.zip', 'id', %1,
                      'skill_slug', 'skill-' || (%1 % 500), 'skill_version', '1.' || (%1 % 9), 'type', %2) END
)sql";

// The names, and each type's dictionary: the JSON of its first command, as the product keeps it.
const char *const kInsertNames = R"sql(
INSERT INTO names (name, dict)
SELECT type, CAST(%1 AS BLOB) FROM (SELECT type, MIN(CASE WHEN lo = 0 THEN 20 ELSE lo END) AS first, MIN(lo) AS k FROM (%2) GROUP BY type)
UNION ALL SELECT 'claude', NULL UNION ALL SELECT 'codex', NULL
UNION ALL SELECT 'a0b5dd9f50ee8405', NULL UNION ALL SELECT '5b0c2f3e9d1a7c44', NULL
)sql";

const char *const kInsertCommands = R"sql(
WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < :rows)
INSERT INTO commands (command_id, agent, local_agent, type, raw_json, received_at, updated_after, started_after, finished_after,
                      state, delivery, reason, exit_code, stdout_tail, stderr_tail, error, version)
SELECT i,
       (SELECT name_id FROM names WHERE name = CASE WHEN i % 7 = 0 THEN 'codex' ELSE 'claude' END),
       (SELECT name_id FROM names WHERE name = CASE WHEN i % 7 = 0 THEN '5b0c2f3e9d1a7c44' ELSE 'a0b5dd9f50ee8405' END),
       ty.name_id, ledger_pack_json(%1, ty.dict, i, t.type),
       :start + i * :step, 40, CASE WHEN k = 19 THEN NULL ELSE 5 END, 40,
       CASE WHEN k <= 16 THEN 6 WHEN k = 19 THEN 3 ELSE 0 END,
       CASE WHEN k IN (18, 19) THEN 1 ELSE 0 END,
       CASE WHEN k = 19 THEN 'allowlist' WHEN k = 18 THEN 'unsupported' ELSE '' END,
       CASE WHEN k = 16 THEN 0 WHEN k = 17 THEN 1 ELSE NULL END,
       CASE WHEN k = 16 THEN CAST('teamai 0.1.0' || char(10) AS BLOB) ELSE NULL END,
       CASE WHEN k = 17 THEN CAST('teamai: unknown command `uninstal`' || char(10) AS BLOB) ELSE NULL END,
       CASE k WHEN 17 THEN 'cmd failed: teamai: unknown command `uninstal` (see `teamai --help`)'
              WHEN 18 THEN 'Unsupported command type: reboot_machine'
              WHEN 19 THEN 'Rejected cmd: only "teamai" subcommands are allowed, got "rm"'
              ELSE '' END,
       CASE WHEN k <= 15 THEN '1.' || (i % 9) ELSE '' END
FROM (SELECT i, i % 20 AS k FROM n) AS base
JOIN (%2) AS t ON base.k BETWEEN t.lo AND t.hi
JOIN names ty ON ty.name = t.type
)sql";

const char *const kInsertAcks = R"sql(
INSERT INTO acks (command_row, status, created_at, delivered_after, attempts, next_attempt_after, last_http_status)
SELECT row_id, state = 6, received_at + finished_after, 15, 1, 0, 200 FROM commands ORDER BY row_id
)sql";

const char *const kInsertAttempts = R"sql(
INSERT INTO ack_attempts (ack_id, command_id, agent, type, command_state, status, error, version, attempted_at,
                          http_status, transport_error, delivered, attempt_number)
SELECT a.ack_id, c.command_id, c.agent, c.type, c.state, a.status, CASE WHEN c.error = '' THEN '' END, c.version, a.created_at + a.delivered_after, 200, '', 1, 1
FROM acks a JOIN commands c ON c.row_id = a.command_row ORDER BY a.ack_id
)sql";

bool exec(SqliteQuery &query, const QString &sql, const char *what)
{
    const Status done = query.exec(sql);
    if (!done)
        std::fprintf(stderr, "bench_ledger: %s: %s\n", what, qPrintable(done.error()));
    return done.ok();
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    QStringList args = bench::quietArguments(app, QStringLiteral("teamai.*"));
    qint64 rows = 1000000;
    QString path = LedgerDatabase::defaultPath();
    while (!args.isEmpty()) {
        const QString flag = args.takeFirst();
        if (flag == QLatin1String("--rows") && !args.isEmpty())
            rows = args.takeFirst().toLongLong();
        else if (flag == QLatin1String("--db") && !args.isEmpty())
            path = QFileInfo(args.takeFirst()).absoluteFilePath();
        else {
            std::fprintf(stderr, "usage: bench_ledger [--rows N] [--db FILE]\n");
            return 2;
        }
    }
    if (rows < 1) {
        std::fprintf(stderr, "bench_ledger: --rows must be at least 1\n");
        return 2;
    }

    QElapsedTimer clock;
    clock.start();
    LedgerDatabase database(path);
    if (const Status opened = database.open(); !opened) {
        std::fprintf(stderr, "bench_ledger: %s\n", qPrintable(opened.error()));
        return 1;
    }
    SqliteQuery query(database.db());
    if (!exec(query, QStringLiteral("SELECT COUNT(*) FROM commands"), "count") || !query.next())
        return 1;
    if (query.value(0).toLongLong() != 0) {
        std::fprintf(stderr, "bench_ledger: %s already holds commands; use a fresh TEAMAI_HOME\n", qPrintable(path));
        return 1;
    }
    const qint64 now = QDateTime::currentMSecsSinceEpoch();
    const qint64 span = qint64(365) * 24 * 3600 * 1000;
    const qint64 step = std::max<qint64>(1, span / rows);

    if (!exec(query, QStringLiteral("BEGIN IMMEDIATE"), "begin")
        || !exec(query, QString::fromLatin1(kInsertNames).arg(QString::fromLatin1(kJson).arg(QStringLiteral("first"), QStringLiteral("type"), QStringLiteral("k")),
                                                             QString::fromLatin1(kKinds)), "names"))
        return 1;
    (void)query.prepare(QString::fromLatin1(kInsertCommands).arg(QString::fromLatin1(kJson).arg(QStringLiteral("i"), QStringLiteral("t.type"), QStringLiteral("k")),
                                                                 QString::fromLatin1(kKinds)));
    query.bindValue(QStringLiteral(":rows"), rows);
    query.bindValue(QStringLiteral(":start"), now - step * rows - 60000);
    query.bindValue(QStringLiteral(":step"), step);
    if (const Status inserted = query.exec(); !inserted) {
        std::fprintf(stderr, "bench_ledger: commands: %s\n", qPrintable(inserted.error()));
        return 1;
    }
    const qint64 afterCommands = clock.elapsed();
    if (!exec(query, QString::fromLatin1(kInsertAcks), "acks") || !exec(query, QString::fromLatin1(kInsertAttempts), "ack attempts")
        || !exec(query, QStringLiteral("COMMIT"), "commit"))
        return 1;
    // Leave a checkpointed database: the first reader should not replay a gigabyte of WAL.
    exec(query, QStringLiteral("PRAGMA wal_checkpoint(TRUNCATE)"), "checkpoint");
    query.finish();

    std::printf("bench_ledger: %lld commands (+ acks and attempts) in %s: %.1f s (commands %.1f s), %.0f MiB\n",
                static_cast<long long>(rows), qPrintable(path), double(clock.elapsed()) / 1000.0, double(afterCommands) / 1000.0,
                double(QFileInfo(path).size()) / 1048576.0);
    return 0;
}
