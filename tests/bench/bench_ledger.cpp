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

#include <QCoreApplication>
#include <QDateTime>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QLoggingCategory>

#include <cstdio>

using namespace teamai;

namespace {

// Row i (1-based) of the generated commands. i % 20 picks the kind:
//   0..9   install_skill   succeeded         10..13 uninstall_skill succeeded
//   14..15 install_rule    succeeded         16     uninstall_teamai succeeded (exit 0, output)
//   17     uninstall_teamai failed (exit 1)   18     reboot_machine  failed (unsupported)
//   19     uninstall_teamai rejected (allowlist)
const char *const kInsertCommands = R"sql(
WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < :rows)
INSERT INTO commands (command_id, agent_type, local_agent_id, type, raw_json, received_at, updated_at,
                      started_at, finished_at, state, delivery, reason, exit_code, stdout_tail, stderr_tail,
                      error, version)
SELECT i,
       CASE WHEN i % 7 = 0 THEN 'codex' ELSE 'claude' END,
       CASE WHEN i % 7 = 0 THEN '5b0c2f3e9d1a7c44' ELSE 'a0b5dd9f50ee8405' END,
       t.type,
       CASE WHEN t.type IN ('uninstall_teamai')
            THEN json_object('id', i, 'type', t.type, 'cmd', CASE WHEN k = 19 THEN 'rm -rf ~/.teamai' ELSE 'teamai --version' END)
            ELSE json_object('id', i, 'type', t.type, 'skill_slug', 'skill-' || (i % 500), 'skill_version', '1.' || (i % 9),
                             'download_url', 'https://teamai.example.com/download/skill/skill-' || (i % 500) || '.zip') END,
       :start + i * :step, :start + i * :step + 40,
       CASE WHEN k = 19 THEN NULL ELSE :start + i * :step + 5 END,
       :start + i * :step + 40,
       CASE WHEN k <= 16 THEN 'succeeded' WHEN k = 19 THEN 'rejected' ELSE 'failed' END,
       CASE WHEN k IN (18, 19) THEN 'not_delivered' ELSE 'delivered' END,
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
JOIN (SELECT 0 AS lo, 9 AS hi, 'install_skill' AS type UNION ALL SELECT 10, 13, 'uninstall_skill'
      UNION ALL SELECT 14, 15, 'install_rule' UNION ALL SELECT 16, 17, 'uninstall_teamai'
      UNION ALL SELECT 18, 18, 'reboot_machine' UNION ALL SELECT 19, 19, 'uninstall_teamai') AS t
  ON base.k BETWEEN t.lo AND t.hi
)sql";

const char *const kInsertAcks = R"sql(
INSERT INTO acks (command_row, command_id, type, status, error, version, payload, created_at, delivered_at,
                  attempts, next_attempt_at, last_http_status)
SELECT row_id, command_id, type, CASE WHEN state = 'succeeded' THEN 'success' ELSE 'failed' END, error, version,
       json_object('id', command_id, 'type', type, 'status', CASE WHEN state = 'succeeded' THEN 'success' ELSE 'failed' END,
                   'error', error, 'version', version),
       finished_at, finished_at + 15, 1, finished_at, 200
FROM commands ORDER BY row_id
)sql";

const char *const kInsertAttempts = R"sql(
INSERT INTO ack_attempts (ack_id, command_id, agent_type, type, command_state, status, error, version, attempted_at,
                          http_status, transport_error, delivered, attempt_number)
SELECT a.ack_id, a.command_id, c.agent_type, a.type, c.state, a.status, a.error, a.version, a.delivered_at, 200, '', 1, 1
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
    QLoggingCategory::setFilterRules(QStringLiteral("teamai.*.debug=false\nteamai.*.info=false"));
    QStringList args = app.arguments().mid(1);
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

    if (!exec(query, QStringLiteral("BEGIN IMMEDIATE"), "begin"))
        return 1;
    (void)query.prepare(QString::fromLatin1(kInsertCommands));
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
