#include "store/LedgerSchema.h"

#include "store/LedgerCodes.h"

namespace teamai::ledgerschema {
namespace {

using ledgercodes::Column;

// The columns of a command's run (its processes, how it ended, its output), the same in every
// version: version 4 copies them over unchanged. A macro so each CREATE TABLE stays one literal.
#define TEAMAI_LEDGER_RUN_COLUMNS \
    "        runner_pid        INTEGER,\n" \
    "        runner_start_time TEXT,\n" \
    "        child_pid         INTEGER,\n" \
    "        exit_code         INTEGER,\n" \
    "        signal            INTEGER,\n" \
    "        timed_out         INTEGER NOT NULL DEFAULT 0,\n" \
    "        cancelled         INTEGER NOT NULL DEFAULT 0,\n" \
    "        stdout_tail       BLOB,\n" \
    "        stderr_tail       BLOB,\n" \
    "        stdout_spill      TEXT,\n" \
    "        stderr_spill      TEXT,\n" \
    "        error             TEXT    NOT NULL DEFAULT '',\n" \
    "        version           TEXT    NOT NULL DEFAULT '',\n" \
    "        detail            TEXT    NOT NULL DEFAULT ''"

// The last columns of an ack attempt (the version it reported, how its delivery went), the same
// in every version: version 4 copies them over unchanged.
#define TEAMAI_LEDGER_ATTEMPT_COLUMNS \
    "        version           TEXT    NOT NULL DEFAULT '',\n" \
    "        attempted_at      INTEGER NOT NULL,\n" \
    "        http_status       INTEGER,\n" \
    "        transport_error   TEXT    NOT NULL DEFAULT '',\n" \
    "        delivered         INTEGER NOT NULL,\n" \
    "        attempt_number    INTEGER NOT NULL"

// Version 1. Times are milliseconds since the epoch (UTC); text columns hold UTF-8.
const char *const kSchemaV1[] = {
    R"sql(CREATE TABLE commands (
        row_id            INTEGER PRIMARY KEY,
        command_id        INTEGER NOT NULL,
        agent_type        TEXT    NOT NULL,
        local_agent_id    TEXT    NOT NULL DEFAULT '',
        type              TEXT    NOT NULL DEFAULT '',
        raw_json          TEXT    NOT NULL,
        received_at       INTEGER NOT NULL,
        updated_at        INTEGER NOT NULL,
        started_at        INTEGER,
        finished_at       INTEGER,
        state             TEXT    NOT NULL CHECK (state IN ('pending','running','succeeded','failed','rejected','skipped','interrupted')),
        delivery          TEXT    NOT NULL CHECK (delivery IN ('not_delivered','delivered','unknown')),
        reason            TEXT    NOT NULL DEFAULT '',
)sql" TEAMAI_LEDGER_RUN_COLUMNS R"sql(,
        UNIQUE (agent_type, command_id))
    )sql",
    "CREATE INDEX commands_by_received ON commands (received_at)",
    "CREATE INDEX commands_by_state ON commands (state, received_at)",
    R"sql(CREATE TABLE acks (
        ack_id            INTEGER PRIMARY KEY,
        command_row       INTEGER NOT NULL REFERENCES commands (row_id),
        command_id        INTEGER NOT NULL,
        type              TEXT    NOT NULL DEFAULT '',
        status            TEXT    NOT NULL CHECK (status IN ('success','failed')),
        error             TEXT    NOT NULL DEFAULT '',
        version           TEXT    NOT NULL DEFAULT '',
        payload           TEXT    NOT NULL,
        created_at        INTEGER NOT NULL,
        delivered_at      INTEGER,
        attempts          INTEGER NOT NULL DEFAULT 0,
        next_attempt_at   INTEGER NOT NULL,
        last_http_status  INTEGER,
        last_error        TEXT    NOT NULL DEFAULT '')
    )sql",
    "CREATE INDEX acks_outbox ON acks (delivered_at, ack_id)",
    "CREATE INDEX acks_by_command ON acks (command_row)",
    R"sql(CREATE TABLE ack_attempts (
        attempt_id        INTEGER PRIMARY KEY,
        ack_id            INTEGER NOT NULL REFERENCES acks (ack_id),
        command_id        INTEGER NOT NULL,
        agent_type        TEXT    NOT NULL DEFAULT '',
        type              TEXT    NOT NULL DEFAULT '',
        command_state     TEXT    NOT NULL DEFAULT '',
        status            TEXT    NOT NULL,
        error             TEXT    NOT NULL DEFAULT '',
)sql" TEAMAI_LEDGER_ATTEMPT_COLUMNS R"sql()
    )sql",
    "CREATE INDEX ack_attempts_by_time ON ack_attempts (attempted_at)",
    "CREATE INDEX ack_attempts_by_type ON ack_attempts (type, attempted_at)",
    "CREATE INDEX ack_attempts_by_state ON ack_attempts (command_state, attempted_at)",
    "CREATE INDEX ack_attempts_by_command ON ack_attempts (command_id)",
    "CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)",
};

// Version 2: one index per filter `teamai mcp` and `teamai history` combine with an agent.
const char *const kSchemaV2[] = {
    "CREATE INDEX IF NOT EXISTS commands_by_agent ON commands (agent_type, received_at)",
    "CREATE INDEX IF NOT EXISTS commands_by_agent_state ON commands (agent_type, state, received_at)",
    "CREATE INDEX IF NOT EXISTS commands_by_agent_type ON commands (agent_type, type, received_at)",
    "CREATE INDEX IF NOT EXISTS commands_by_type ON commands (type, received_at)",
    "CREATE INDEX IF NOT EXISTS commands_by_id ON commands (command_id)",
};

// Version 3: state and type together (docs/performance.md, 2026-12-02).
const char *const kSchemaV3[] = {
    "CREATE INDEX IF NOT EXISTS commands_by_agent_state_type ON commands (agent_type, state, type, received_at)",
    "CREATE INDEX IF NOT EXISTS commands_by_state_type ON commands (state, type, received_at)",
};

// Version 4, the tables. Names are ids into `names`; state, delivery and status are codes
// (LedgerCodes); started/finished/updated are milliseconds after received_at, delivered and next
// attempt after created_at (one or two bytes instead of six).
const char *const kTablesV4[] = {
    R"sql(CREATE TABLE names (
        name_id           INTEGER PRIMARY KEY,
        name              TEXT    NOT NULL UNIQUE,
        dict              BLOB)
    )sql",
    // raw_json: TEXT as received (secrets masked), or a BLOB packed with its type's `dict`.
    R"sql(CREATE TABLE commands (
        row_id            INTEGER PRIMARY KEY,
        command_id        INTEGER NOT NULL,
        agent             INTEGER NOT NULL REFERENCES names (name_id),
        local_agent       INTEGER NOT NULL REFERENCES names (name_id),
        type              INTEGER NOT NULL REFERENCES names (name_id),
        raw_json          BLOB    NOT NULL,
        received_at       INTEGER NOT NULL,
        updated_after     INTEGER NOT NULL DEFAULT 0,
        started_after     INTEGER,
        finished_after    INTEGER,
        state             INTEGER NOT NULL CHECK (state BETWEEN 0 AND 6),
        delivery          INTEGER NOT NULL CHECK (delivery BETWEEN 0 AND 2),
        reason            TEXT    NOT NULL DEFAULT '',
)sql" TEAMAI_LEDGER_RUN_COLUMNS R"sql()
    )sql",
    // error, version: NULL when the command's own; payload: NULL when ackpayload::derive() of
    // the command and this row makes it exactly (the outbox then sends that).
    R"sql(CREATE TABLE acks (
        ack_id            INTEGER PRIMARY KEY,
        command_row       INTEGER NOT NULL REFERENCES commands (row_id),
        status            INTEGER NOT NULL CHECK (status IN (0, 1)),
        error             TEXT,
        version           TEXT,
        payload           TEXT,
        created_at        INTEGER NOT NULL,
        delivered_after   INTEGER,
        attempts          INTEGER NOT NULL DEFAULT 0,
        next_attempt_after INTEGER NOT NULL DEFAULT 0,
        last_http_status  INTEGER,
        last_error        TEXT    NOT NULL DEFAULT '')
    )sql",
    // State, type and agent are copied in so the admin history filters and counts through its
    // index alone; the version so it sorts on it without a join. error: NULL when it is the ack's
    // (not empty; read through the ack then).
    R"sql(CREATE TABLE ack_attempts (
        attempt_id        INTEGER PRIMARY KEY,
        ack_id            INTEGER NOT NULL REFERENCES acks (ack_id),
        command_id        INTEGER NOT NULL,
        agent             INTEGER NOT NULL REFERENCES names (name_id),
        type              INTEGER NOT NULL REFERENCES names (name_id),
        command_state     INTEGER NOT NULL CHECK (command_state BETWEEN -1 AND 6),
        status            INTEGER NOT NULL CHECK (status BETWEEN -1 AND 1),
        error             TEXT,
)sql" TEAMAI_LEDGER_ATTEMPT_COLUMNS R"sql()
    )sql",
};

#undef TEAMAI_LEDGER_RUN_COLUMNS
#undef TEAMAI_LEDGER_ATTEMPT_COLUMNS

// Version 4, the indexes. A history filter (state, type, agent; time) is a merge of the index
// ranges of the (state, type, agent) groups it matches (store/GroupMerge), so one index serves
// every combination, in time order, where version 3 needed one index per combination.
const char *const kIndexesV4[] = {
    "CREATE UNIQUE INDEX commands_by_id ON commands (command_id, agent)",
    "CREATE INDEX commands_by_group ON commands (state, type, agent, received_at)",
    "CREATE INDEX commands_unfinished ON commands (state) WHERE state IN (2, 4)",  // pending, running
    "CREATE INDEX acks_by_command ON acks (command_row)",
    "CREATE INDEX acks_outbox ON acks (ack_id) WHERE delivered_after IS NULL",
    "CREATE INDEX ack_attempts_by_group ON ack_attempts (command_state, type, agent, attempted_at)",
    "CREATE INDEX ack_attempts_by_command ON ack_attempts (command_id)",
};

QStringList fromArray(const char *const *statements, size_t count)
{
    QStringList list;
    for (size_t i = 0; i < count; ++i)
        list << QString::fromUtf8(statements[i]);
    return list;
}

template <size_t N>
QStringList fromArray(const char *const (&statements)[N])
{
    return fromArray(statements, N);
}

// Version 3 → 4: the old tables are renamed, copied into the new ones and dropped (with all
// their indexes). Joins on `names` turn names into ids; rows keep their ids.
QStringList copyIntoV4()
{
    const QString state = ledgercodes::codeSql(Column::State, QStringLiteral("o.state"));
    const QString delivery = ledgercodes::codeSql(Column::Delivery, QStringLiteral("o.delivery"));
    return {
        QStringLiteral("INSERT OR IGNORE INTO names (name) SELECT agent_type FROM old_commands UNION SELECT type FROM old_commands "
                       "UNION SELECT local_agent_id FROM old_commands UNION SELECT agent_type FROM old_ack_attempts "
                       "UNION SELECT type FROM old_ack_attempts"),
        // Any stored JSON of a type is a good dictionary for the others: the first the index gives.
        QStringLiteral("UPDATE names SET dict = CAST((SELECT raw_json FROM old_commands WHERE type = names.name LIMIT 1) AS BLOB)"),
        QStringLiteral(
            "INSERT INTO commands SELECT o.row_id, o.command_id, ag.name_id, la.name_id, ty.name_id, ledger_pack_json(o.raw_json, ty.dict, o.command_id, o.type), "
            "o.received_at, o.updated_at - o.received_at, o.started_at - o.received_at, o.finished_at - o.received_at, %1, %2, o.reason, "
            "o.runner_pid, o.runner_start_time, o.child_pid, o.exit_code, o.signal, o.timed_out, o.cancelled, o.stdout_tail, o.stderr_tail, "
            "o.stdout_spill, o.stderr_spill, o.error, o.version, o.detail FROM old_commands o JOIN names ag ON ag.name = o.agent_type "
            "JOIN names la ON la.name = o.local_agent_id JOIN names ty ON ty.name = o.type ORDER BY o.row_id")
            .arg(state, delivery),
        QStringLiteral(
            "INSERT INTO acks SELECT a.ack_id, a.command_row, a.status = 'success', "
            "CASE WHEN a.error = c.error THEN NULL ELSE a.error END, CASE WHEN a.version = c.version THEN NULL ELSE a.version END, "
            "CASE WHEN ledger_ack_derivable(a.payload, c.command_id, c.type, a.status, a.error, a.version) THEN NULL ELSE a.payload END, "
            "a.created_at, a.delivered_at - a.created_at, a.attempts, a.next_attempt_at - a.created_at, a.last_http_status, a.last_error "
            "FROM old_acks a JOIN old_commands c ON c.row_id = a.command_row ORDER BY a.ack_id"),
        QStringLiteral(
            "INSERT INTO ack_attempts SELECT o.attempt_id, o.ack_id, o.command_id, ag.name_id, ty.name_id, %1, %2, "
            "CASE WHEN o.error <> '' AND o.error = (SELECT a.error FROM old_acks a WHERE a.ack_id = o.ack_id) THEN NULL ELSE o.error END, o.version, "
            "o.attempted_at, o.http_status, o.transport_error, o.delivered, o.attempt_number FROM old_ack_attempts o "
            "JOIN names ag ON ag.name = o.agent_type JOIN names ty ON ty.name = o.type "
            "WHERE o.ack_id IN (SELECT ack_id FROM acks) ORDER BY o.attempt_id")
            .arg(ledgercodes::codeSql(Column::State, QStringLiteral("o.command_state")),
                 ledgercodes::codeSql(Column::Status, QStringLiteral("o.status"))),
    };
}

QStringList stepV4()
{
    QStringList statements = {QStringLiteral("ALTER TABLE ack_attempts RENAME TO old_ack_attempts"),
                              QStringLiteral("ALTER TABLE acks RENAME TO old_acks"),
                              QStringLiteral("ALTER TABLE commands RENAME TO old_commands")};
    statements << fromArray(kTablesV4) << copyIntoV4();
    // Children first: nothing references a table when it is dropped.
    statements << QStringLiteral("DROP TABLE old_ack_attempts") << QStringLiteral("DROP TABLE old_acks")
               << QStringLiteral("DROP TABLE old_commands");
    return statements << fromArray(kIndexesV4);
}

} // namespace

QStringList step(int version)
{
    switch (version) {
    case 1: return fromArray(kSchemaV1);
    case 2: return fromArray(kSchemaV2);
    case 3: return fromArray(kSchemaV3);
    case 4: return stepV4();
    }
    return {};
}

} // namespace teamai::ledgerschema
