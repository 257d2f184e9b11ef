#include "store/AckHistoryQuery.h"

#include "log/Logging.h"
#include "store/AckPayload.h"
#include "store/LedgerCodes.h"
#include "store/LedgerDatabase.h"
#include "store/LedgerNames.h"
#include "store/SqliteQuery.h"

#include <QHash>
#include <QIODevice>
#include <QJsonDocument>
#include <QJsonObject>

#include <algorithm>

namespace teamai {
namespace {

using ledgercodes::Column;

// An attempt's error: its own, or (NULL) its ack's, which is its command's unless the ack has its own.
QString errorSql(const QString &table)
{
    return QStringLiteral("COALESCE(%1.error, (SELECT COALESCE(k.error, c.error) FROM acks k JOIN commands c ON c.row_id = k.command_row "
                          "WHERE k.ack_id = %1.ack_id), '')").arg(table);
}

// The columns rowFrom() reads: names, not the ids and codes schema 4 stores.
const QString kColumns = QStringLiteral(
    "attempt_id, ack_id, command_id, (SELECT name FROM names WHERE name_id = ack_attempts.agent), "
    "(SELECT name FROM names WHERE name_id = ack_attempts.type), %1, %2, %3 AS error, version, attempted_at, "
    "http_status, transport_error, delivered, attempt_number")
    .arg(ledgercodes::nameSql(Column::State, QStringLiteral("command_state")), ledgercodes::nameSql(Column::Status, QStringLiteral("status")),
         errorSql(QStringLiteral("ack_attempts")));
const groupmerge::GroupedTable kAttemptGroups{QStringLiteral("ack_attempts"),
                                              {QStringLiteral("command_state"), QStringLiteral("type"), QStringLiteral("agent")},
                                              QStringLiteral("attempted_at"), QStringLiteral("attempt_id")};
const QString kNewestFirst = QStringLiteral("ORDER BY attempted_at DESC, attempt_id DESC");
constexpr int kExportChunk = 500;
constexpr int kProgressEvery = 5000;
constexpr int kMaxDistinct = 500;

AckAttemptRow rowFrom(const SqliteQuery &q)
{
    AckAttemptRow row;
    row.attemptId = q.value(0).toLongLong();
    row.ackId = q.value(1).toLongLong();
    row.commandId = q.value(2).toLongLong();
    row.agentType = q.value(3).toString();
    row.type = q.value(4).toString();
    row.commandState = q.value(5).toString();
    row.status = q.value(6).toString();
    row.error = q.value(7).toString();
    row.version = q.value(8).toString();
    row.attemptedAt = QDateTime::fromMSecsSinceEpoch(q.value(9).toLongLong(), Qt::UTC);
    if (!q.value(10).isNull())
        row.httpStatus = q.value(10).toInt();
    row.transportError = q.value(11).toString();
    row.delivered = q.value(12).toBool();
    row.attemptNumber = q.value(13).toInt();
    return row;
}

/// Runs the prepared @p q and reads its rows: none, logged with @p what, when it fails.
QList<AckAttemptRow> readRows(SqliteQuery &q, const char *what)
{
    QList<AckAttemptRow> rows;
    if (const Status read = q.exec(); !read) {
        qCWarning(lcStore).noquote() << "ack history" << what << "failed:" << read.error();
        return rows;
    }
    while (q.next())
        rows.append(rowFrom(q));
    return rows;
}

// The SQL of a sort column; never NULL, so row-value seeks compare like ORDER BY sorts.
QString sortExpression(AckSortKey key)
{
    switch (key) {
    case AckSortKey::Time: return QStringLiteral("attempted_at");
    case AckSortKey::CommandId: return QStringLiteral("command_id");
    case AckSortKey::Type: return QStringLiteral("(SELECT name FROM names WHERE name_id = ack_attempts.type)");
    case AckSortKey::Agent: return QStringLiteral("(SELECT name FROM names WHERE name_id = ack_attempts.agent)");
    case AckSortKey::State: return QStringLiteral("command_state");  // codes sort like the names
    case AckSortKey::AckStatus: return QStringLiteral("status");
    case AckSortKey::Delivered: return QStringLiteral("delivered");
    case AckSortKey::Http: return QStringLiteral("COALESCE(http_status, 0)");
    case AckSortKey::Error: return QStringLiteral("COALESCE(NULLIF(%1, ''), transport_error)").arg(errorSql(QStringLiteral("ack_attempts")));
    case AckSortKey::Version: return QStringLiteral("version");
    case AckSortKey::Attempt: return QStringLiteral("attempt_number");
    }
    return QStringLiteral("attempted_at");
}

// What the rows are ordered by before the attempt id. Type and state add the time, so the order
// is the one of their (…, attempted_at) index and a page is an index walk, not a sort of the table.
QStringList sortColumns(AckSortKey key)
{
    if (key == AckSortKey::Type || key == AckSortKey::State)
        return {sortExpression(key), QStringLiteral("attempted_at")};
    return {sortExpression(key)};
}

// The value sortExpression() gives for @p row.
QVariant sortValue(const AckAttemptRow &row, AckSortKey key)
{
    switch (key) {
    case AckSortKey::Time: return row.attemptedAt.toMSecsSinceEpoch();
    case AckSortKey::CommandId: return row.commandId;
    case AckSortKey::Type: return row.type;
    case AckSortKey::Agent: return row.agentType;
    case AckSortKey::State: return ledgercodes::code(Column::State, row.commandState);
    case AckSortKey::AckStatus: return ledgercodes::code(Column::Status, row.status);
    case AckSortKey::Delivered: return row.delivered ? 1 : 0;
    case AckSortKey::Http: return row.httpStatus.value_or(0);
    case AckSortKey::Error: return row.error.isEmpty() ? row.transportError : row.error;
    case AckSortKey::Version: return row.version;
    case AckSortKey::Attempt: return row.attemptNumber;
    }
    return row.attemptedAt.toMSecsSinceEpoch();
}

QVariantList sortValues(const AckAttemptRow &row, AckSortKey key)
{
    QVariantList values{sortValue(row, key)};
    if (key == AckSortKey::Type || key == AckSortKey::State)
        values << row.attemptedAt.toMSecsSinceEpoch();
    values << row.attemptId;
    return values;
}

QString likePattern(const QString &text)
{
    QString escaped;
    escaped.reserve(text.size() + 2);
    for (const QChar c : text) {
        if (c == u'\\' || c == u'%' || c == u'_')
            escaped += u'\\';
        escaped += c;
    }
    return u'%' + escaped + u'%';
}

// RFC 4180 quoting; a text cell a spreadsheet would evaluate (=, +, -, @ first) gets a leading
// quote, because error texts come from the network and exports are opened in spreadsheets.
QString csvText(const QString &value)
{
    QString cell = value;
    if (!cell.isEmpty() && QStringView(u"=+-@\t\r").contains(cell.front()))
        cell.prepend(u'\'');
    if (cell.contains(u',') || cell.contains(u'"') || cell.contains(u'\n') || cell.contains(u'\r')) {
        cell.replace(QStringLiteral("\""), QStringLiteral("\"\""));
        cell = u'"' + cell + u'"';
    }
    return cell;
}

QString isoTime(const QDateTime &time)
{
    return time.toString(Qt::ISODateWithMs);
}

QByteArray csvLine(const AckAttemptRow &row)
{
    const QStringList cells = {
        QString::number(row.attemptId),
        isoTime(row.attemptedAt),
        QString::number(row.commandId),
        csvText(row.agentType),
        csvText(row.type),
        csvText(row.commandState),
        csvText(row.status),
        row.delivered ? QStringLiteral("true") : QStringLiteral("false"),
        row.httpStatus ? QString::number(*row.httpStatus) : QString(),
        csvText(row.error),
        csvText(row.transportError),
        csvText(row.version),
        QString::number(row.attemptNumber),
        QString::number(row.retries()),
    };
    return cells.join(u',').toUtf8() + "\r\n";
}

QByteArray jsonObject(const AckAttemptRow &row)
{
    const QJsonObject object{
        {QStringLiteral("attempt_id"), row.attemptId},
        {QStringLiteral("attempted_at"), isoTime(row.attemptedAt)},
        {QStringLiteral("command_id"), row.commandId},
        {QStringLiteral("agent_type"), row.agentType},
        {QStringLiteral("type"), row.type},
        {QStringLiteral("command_state"), row.commandState},
        {QStringLiteral("status"), row.status},
        {QStringLiteral("delivered"), row.delivered},
        {QStringLiteral("http_status"), row.httpStatus ? QJsonValue(*row.httpStatus) : QJsonValue()},
        {QStringLiteral("error"), row.error},
        {QStringLiteral("transport_error"), row.transportError},
        {QStringLiteral("version"), row.version},
        {QStringLiteral("attempt"), row.attemptNumber},
        {QStringLiteral("retries"), row.retries()},
    };
    return QJsonDocument(object).toJson(QJsonDocument::Compact);
}

} // namespace

AckHistoryQuery::AckHistoryQuery(LedgerDatabase &database)
    : m_database(database)
{
}

QStringList AckHistoryQuery::columnNames()
{
    return {QStringLiteral("attempt_id"), QStringLiteral("attempted_at"), QStringLiteral("command_id"),
            QStringLiteral("agent_type"), QStringLiteral("type"), QStringLiteral("command_state"),
            QStringLiteral("status"), QStringLiteral("delivered"), QStringLiteral("http_status"),
            QStringLiteral("error"), QStringLiteral("transport_error"), QStringLiteral("version"),
            QStringLiteral("attempt"), QStringLiteral("retries")};
}

void AckHistoryQuery::setFilter(const AckHistoryFilter &filter)
{
    m_filter = filter;
    refresh();
}

void AckHistoryQuery::refresh()
{
    m_count.reset();
    m_searchIds.reset();
    m_searchBounded = false;
    m_groups.reset();
    m_names.clear();
}

bool AckHistoryQuery::merges() const
{
    switch (m_filter.sortKey) {
    case AckSortKey::Time:
    case AckSortKey::Type:
    case AckSortKey::State:
    case AckSortKey::Agent: return true;
    default: return false;
    }
}

qint64 AckHistoryQuery::filterId(const QString &name) const
{
    // A lookup that fails matches nothing: what is shown is then empty, as after any failed read.
    const Result<qint64> id = m_database.names().filterId(name);
    if (!id)
        qCWarning(lcStore).noquote() << "ack history filter failed:" << id.error();
    return id.valueOr(LedgerNames::kUnknown);
}

const QList<groupmerge::Group> &AckHistoryQuery::groups()
{
    static const QList<groupmerge::Group> kNone;
    if (m_groups)
        return *m_groups;
    const Result<QList<groupmerge::Group>> all = groupmerge::groupsOf(m_database.db(), kAttemptGroups);
    if (!all) {
        qCWarning(lcStore).noquote() << "ack history groups failed:" << all.error();
        return kNone;  // not cached: try again next time
    }
    const qint64 state = ledgercodes::code(Column::State, m_filter.commandState);
    const qint64 type = m_filter.type.isEmpty() ? 0 : filterId(m_filter.type);
    const qint64 agent = m_filter.agentType.isEmpty() ? 0 : filterId(m_filter.agentType);
    m_groups = QList<groupmerge::Group>();
    for (const groupmerge::Group &group : *all) {
        if ((m_filter.commandState.isEmpty() || group.state == state) && (m_filter.type.isEmpty() || group.type == type)
            && (m_filter.agentType.isEmpty() || group.agent == agent))
            m_groups->append(group);
    }
    // The names of the groups' ids, for sorting by type or agent (their alphabetical rank).
    SqliteQuery names(m_database.db());
    if (names.exec(QStringLiteral("SELECT name_id, name FROM names"))) {
        while (names.next())
            m_names.insert(names.value(0).toLongLong(), names.value(1).toString());
    }
    return *m_groups;
}

QString AckHistoryQuery::whereClause() const
{
    // Codes, ids and times are integers, written into the SQL; a name never stored matches nothing.
    QStringList where;
    if (!m_filter.commandState.isEmpty())
        where << QStringLiteral("command_state = %1").arg(ledgercodes::code(Column::State, m_filter.commandState));
    if (!m_filter.type.isEmpty())
        where << QStringLiteral("type = %1").arg(filterId(m_filter.type));
    if (!m_filter.agentType.isEmpty())
        where << QStringLiteral("agent = %1").arg(filterId(m_filter.agentType));
    if (!timeRange().isEmpty())
        where << timeRange();
    return where.isEmpty() ? QString() : QStringLiteral("WHERE ") + where.join(QStringLiteral(" AND "));
}

QString AckHistoryQuery::timeRange() const
{
    QStringList range;
    if (m_filter.from.isValid())
        range << QStringLiteral("attempted_at >= %1").arg(m_filter.from.toMSecsSinceEpoch());
    if (m_filter.to.isValid())
        range << QStringLiteral("attempted_at < %1").arg(m_filter.to.toMSecsSinceEpoch());
    return range.join(QStringLiteral(" AND "));
}

QString AckHistoryQuery::orderClause(bool reversed) const
{
    const QString direction = m_filter.ascending != reversed ? QStringLiteral(" ASC") : QStringLiteral(" DESC");
    QStringList columns = sortColumns(m_filter.sortKey);
    columns << QStringLiteral("attempt_id");
    QStringList terms;
    for (const QString &column : std::as_const(columns))
        terms << column + direction;
    return QStringLiteral("ORDER BY ") + terms.join(QStringLiteral(", "));
}

qint64 AckHistoryQuery::rankOf(const QString &name) const
{
    qint64 before = 0;  // the names that sort before it: its place in an alphabetical order
    for (const QString &other : m_names)
        before += other < name ? 1 : 0;
    return before;
}

std::optional<qint64> AckHistoryQuery::groupKey(const groupmerge::Group &group) const
{
    switch (m_filter.sortKey) {
    case AckSortKey::Type: return rankOf(m_names.value(group.type));
    case AckSortKey::Agent: return rankOf(m_names.value(group.agent));
    case AckSortKey::State: return group.state;
    default: return std::nullopt;
    }
}

std::optional<qint64> AckHistoryQuery::rowKey(const AckAttemptRow &row) const
{
    switch (m_filter.sortKey) {
    case AckSortKey::Type: return rankOf(row.type);
    case AckSortKey::Agent: return rankOf(row.agentType);
    case AckSortKey::State: return ledgercodes::code(Column::State, row.commandState);
    default: return std::nullopt;
    }
}

QString AckHistoryQuery::merged(const QString &select, const std::function<QString(const groupmerge::Group &)> &where, bool reversed,
                                bool newestByTime)
{
    // Sorted by type, agent or state, a group's rows share the key: it is a constant of its part.
    const QString direction = m_filter.ascending != reversed ? QStringLiteral(" ASC") : QStringLiteral(" DESC");
    const QString byTime = newestByTime ? QStringLiteral("attempted_at DESC, attempt_id DESC")
                                        : QStringLiteral("attempted_at%1, attempt_id%1").arg(direction);
    const bool keyed = !newestByTime && m_filter.sortKey != AckSortKey::Time;
    return groupmerge::mergedSql(groups(), kAttemptGroups,
                                 [&](const groupmerge::Group &group) {
                                     return keyed ? select + QStringLiteral(", %1 AS sort_key").arg(groupKey(group).value_or(0)) : select;
                                 },
                                 where, keyed ? QStringLiteral("sort_key%1, %2").arg(direction, byTime) : byTime);
}

int AckHistoryQuery::count()
{
    if (m_count)
        return *m_count;
    if (searching()) {
        m_count = runSearch() ? int(m_searchIds->size()) : 0;
        return *m_count;
    }
    const Result<int> counted = filteredCount();
    if (!counted)
        return 0;  // filteredCount() logged why; not cached: try again next time
    m_count = *counted;
    return *m_count;
}

Result<int> AckHistoryQuery::filteredCount()
{
    QString sql = QStringLiteral("SELECT COUNT(*) FROM ack_attempts");
    const bool filtered = !m_filter.commandState.isEmpty() || !m_filter.type.isEmpty() || !m_filter.agentType.isEmpty();
    if (filtered || !timeRange().isEmpty()) {
        if (groups().isEmpty())
            return 0;
        // One index range count per group (a filter on type alone is not a prefix of the index).
        QStringList arms;
        for (const groupmerge::Group &group : groups())
            arms << QStringLiteral("SELECT COUNT(*) AS n FROM ack_attempts WHERE %1%2")
                        .arg(groupmerge::groupCondition(kAttemptGroups, group), timeRange().isEmpty() ? QString() : QStringLiteral(" AND ") + timeRange());
        sql = arms.size() <= groupmerge::kMaxArms ? QStringLiteral("SELECT SUM(n) FROM (%1)").arg(arms.join(QStringLiteral(" UNION ALL ")))
                                                  : QStringLiteral("SELECT COUNT(*) FROM ack_attempts %1").arg(whereClause());
    }
    SqliteQuery q(m_database.db());
    if (const Status counted = q.exec(sql); !counted || !q.next()) {
        const QString why = counted ? QStringLiteral("no row") : counted.error();
        qCWarning(lcStore).noquote() << "ack history count failed:" << why;
        return Error{why};
    }
    return q.value(0).toInt();
}

QString AckHistoryQuery::newestOfFilter(int limit)
{
    const QString range = timeRange();
    const QString sql = merged(QStringLiteral("attempt_id, attempted_at"), [&](const groupmerge::Group &) { return range; }, false, true);
    if (!sql.isEmpty())
        return QStringLiteral("SELECT attempt_id, attempted_at FROM (%1 LIMIT %2)").arg(sql).arg(limit);
    return QStringLiteral("SELECT attempt_id, attempted_at FROM ack_attempts %1 %2 LIMIT %3").arg(whereClause(), kNewestFirst).arg(limit);
}

bool AckHistoryQuery::runSearch()
{
    const QString text = m_filter.text.trimmed();
    const QString pattern = likePattern(text);
    bool isNumber = false;
    const qint64 commandId = text.toLongLong(&isNumber);

    // Did the window cut anything off? The filter's count (index ranges) answers that.
    m_searchBounded = filteredCount().valueOr(0) > kSearchWindow;
    // A substring of the type is matched on the names, then on the ids.
    QString sql = QStringLiteral(
        "SELECT a.attempt_id, a.attempted_at FROM (%1) w JOIN ack_attempts a ON a.attempt_id = w.attempt_id"
        " WHERE %2 LIKE ? ESCAPE '\\' OR a.type IN (SELECT name_id FROM names WHERE name LIKE ? ESCAPE '\\')"
        " OR a.transport_error LIKE ? ESCAPE '\\' OR CAST(a.command_id AS TEXT) LIKE ? ESCAPE '\\'")
                      .arg(groups().isEmpty() ? QStringLiteral("SELECT 0 AS attempt_id WHERE 0") : newestOfFilter(kSearchWindow), errorSql(QStringLiteral("a")));
    if (isNumber) {
        const QString where = whereClause();
        sql += QStringLiteral(" UNION SELECT attempt_id, attempted_at FROM ack_attempts %1 command_id = ?")
                   .arg(where.isEmpty() ? QStringLiteral("WHERE") : where + QStringLiteral(" AND"));
    }
    SqliteQuery q(m_database.db());
    (void)q.prepare(QStringLiteral("SELECT attempt_id FROM ack_attempts WHERE attempt_id IN (SELECT attempt_id FROM (%1)) %2")
                  .arg(sql, orderClause(false)));
    for (int i = 0; i < 4; ++i)
        q.addBindValue(pattern);
    if (isNumber)
        q.addBindValue(commandId);
    if (const Status searched = q.exec(); !searched) {
        qCWarning(lcStore).noquote() << "ack history search failed:" << searched.error();
        m_searchIds = QList<qint64>();
        return false;
    }
    QList<qint64> ids;
    while (q.next())
        ids.append(q.value(0).toLongLong());
    m_searchIds = std::move(ids);
    return true;
}

QList<AckAttemptRow> AckHistoryQuery::rowsById(const QList<qint64> &ids)
{
    QList<AckAttemptRow> rows;
    if (ids.isEmpty())
        return rows;
    QStringList marks;
    marks.reserve(ids.size());
    for (qsizetype i = 0; i < ids.size(); ++i)
        marks << QStringLiteral("?");
    SqliteQuery q(m_database.db());
    (void)q.prepare(QStringLiteral("SELECT %1 FROM ack_attempts WHERE attempt_id IN (%2)").arg(kColumns, marks.join(u',')));
    for (const qint64 id : ids)
        q.addBindValue(id);
    if (const Status read = q.exec(); !read) {
        qCWarning(lcStore).noquote() << "ack history rows failed:" << read.error();
        return rows;
    }
    QHash<qint64, AckAttemptRow> byId;
    while (q.next()) {
        AckAttemptRow row = rowFrom(q);
        byId.insert(row.attemptId, std::move(row));
    }
    rows.reserve(ids.size());
    for (const qint64 id : ids) {
        const auto it = byId.constFind(id);
        if (it != byId.cend())
            rows.append(*it);
    }
    return rows;
}

QList<AckAttemptRow> AckHistoryQuery::page(int offset, int limit)
{
    const int total = count();
    if (offset < 0 || limit <= 0 || offset >= total)
        return {};
    limit = std::min(limit, total - offset);
    if (searching())
        return rowsById(m_searchIds->mid(offset, limit));

    // SQLite walks an OFFSET one index entry at a time; reading a page past the middle from the
    // other end halves the worst case (the last page costs what the first does).
    const bool fromEnd = offset > total / 2;
    const int skip = fromEnd ? total - offset - limit : offset;
    const QString range = timeRange();
    const QString sql = merges() ? merged(QStringLiteral("attempt_id, attempted_at"), [&](const groupmerge::Group &) { return range; }, fromEnd)
                                 : QString();
    QList<AckAttemptRow> rows;
    if (!sql.isEmpty()) {
        rows = rowsById(idsOf(QStringLiteral("%1 LIMIT %2 OFFSET %3").arg(sql).arg(limit).arg(skip)));
    } else {
        SqliteQuery q(m_database.db());
        (void)q.prepare(QStringLiteral("SELECT %1 FROM ack_attempts %2 %3 LIMIT ? OFFSET ?").arg(kColumns, whereClause(), orderClause(fromEnd)));
        q.addBindValue(limit);
        q.addBindValue(skip);
        rows = readRows(q, "page");
    }
    if (fromEnd)
        std::reverse(rows.begin(), rows.end());
    return rows;
}

QList<qint64> AckHistoryQuery::idsOf(const QString &sql)
{
    QList<qint64> ids;
    SqliteQuery q(m_database.db());
    if (const Status read = q.exec(sql); !read) {
        qCWarning(lcStore).noquote() << "ack history read failed:" << read.error();
        return ids;
    }
    while (q.next())
        ids.append(q.value(0).toLongLong());
    return ids;
}

QList<AckAttemptRow> AckHistoryQuery::pageAfter(const AckAttemptRow &row, int limit)
{
    return seek(row, limit, true);
}

QList<AckAttemptRow> AckHistoryQuery::pageBefore(const AckAttemptRow &row, int limit)
{
    return seek(row, limit, false);
}

QString AckHistoryQuery::seekCondition(const groupmerge::Group &group, const AckAttemptRow &row, bool below) const
{
    // Within the row's own group (or any group, by time): a row-value range on the index. A whole
    // group sorts before or after the row's by its key alone.
    const QString beyond = QStringLiteral("(attempted_at, attempt_id) %1 (%2, %3)")
                               .arg(below ? QStringLiteral("<") : QStringLiteral(">"))
                               .arg(row.attemptedAt.toMSecsSinceEpoch())
                               .arg(row.attemptId);
    const std::optional<qint64> key = groupKey(group);
    const std::optional<qint64> ofRow = rowKey(row);
    QString condition = beyond;
    if (key && ofRow && *key != *ofRow)
        condition = (below ? *key < *ofRow : *key > *ofRow) ? QStringLiteral("1") : QStringLiteral("0");
    const QString range = timeRange();
    return range.isEmpty() ? condition : condition + QStringLiteral(" AND ") + range;
}

QList<AckAttemptRow> AckHistoryQuery::seek(const AckAttemptRow &row, int limit, bool older)
{
    if (limit <= 0)
        return {};
    if (searching()) {
        // The matching ids are in memory already: a slice next to the row's position.
        count();
        const qsizetype at = m_searchIds->indexOf(row.attemptId);
        if (at < 0)
            return {};
        const qsizetype from = older ? at + 1 : std::max<qsizetype>(0, at - limit);
        const qsizetype to = older ? std::min<qsizetype>(m_searchIds->size(), at + 1 + limit) : at;
        return rowsById(m_searchIds->mid(from, to - from));
    }
    // "older" is onwards in the shown order: downwards in a descending sort, upwards in an ascending one.
    const bool below = older != m_filter.ascending;
    const QString sql = merges() ? merged(QStringLiteral("attempt_id, attempted_at"),
                                          [&](const groupmerge::Group &group) { return seekCondition(group, row, below); }, !older)
                                 : QString();
    QList<AckAttemptRow> rows = !sql.isEmpty() ? rowsById(idsOf(QStringLiteral("%1 LIMIT %2").arg(sql).arg(limit))) : plainSeek(row, limit, older, below);
    if (!older)
        std::reverse(rows.begin(), rows.end());
    return rows;
}

QList<AckAttemptRow> AckHistoryQuery::plainSeek(const AckAttemptRow &row, int limit, bool older, bool below)
{
    QString where = whereClause();
    // A row-value comparison over the sort columns, then the attempt id.
    const QVariantList keys = sortValues(row, m_filter.sortKey);
    QStringList marks;
    for (qsizetype i = 0; i < keys.size(); ++i)
        marks << QStringLiteral("?");
    where += (where.isEmpty() ? QStringLiteral("WHERE ") : QStringLiteral(" AND "))
        + QStringLiteral("(%1, attempt_id) %2 (%3)")
              .arg(sortColumns(m_filter.sortKey).join(QStringLiteral(", ")), below ? QStringLiteral("<") : QStringLiteral(">"), marks.join(u','));
    SqliteQuery q(m_database.db());
    (void)q.prepare(QStringLiteral("SELECT %1 FROM ack_attempts %2 %3 LIMIT ?").arg(kColumns, where, orderClause(!older)));
    for (const QVariant &value : keys)
        q.addBindValue(value);
    q.addBindValue(limit);
    return readRows(q, "seek");
}

QStringList AckHistoryQuery::distinct(bool types)
{
    // From the groups of the index (one seek each), not from the rows. The filter does not apply:
    // these are what the filter can be set to.
    const AckHistoryFilter kept = m_filter;
    m_filter = AckHistoryFilter();
    m_groups.reset();
    QList<qint64> keys;
    for (const groupmerge::Group &group : groups()) {
        if (!keys.contains(types ? group.type : group.state))
            keys << (types ? group.type : group.state);
    }
    QStringList values;
    for (const qint64 key : std::as_const(keys))
        values << (types ? m_names.value(key) : ledgercodes::name(Column::State, int(key)));
    m_filter = kept;
    m_groups.reset();
    values.removeDuplicates();
    std::sort(values.begin(), values.end());
    return values.mid(0, kMaxDistinct);
}

AckDetails AckHistoryQuery::details(const AckAttemptRow &row)
{
    AckDetails details;
    SqliteQuery ack(m_database.db());
    (void)ack.prepare(QStringLiteral(
        "SELECT %1, ledger_unpack_json(c.raw_json, (SELECT dict FROM names WHERE name_id = c.type), c.command_id, (SELECT name FROM names WHERE name_id = c.type)), %2, %3, c.exit_code, c.error, "
        "c.stdout_tail, c.stderr_tail FROM acks a LEFT JOIN commands c ON c.row_id = a.command_row WHERE a.ack_id = ?")
                          .arg(ackpayload::columnsSql(), ledgercodes::nameSql(Column::State, QStringLiteral("c.state")),
                               ledgercodes::nameSql(Column::Delivery, QStringLiteral("c.delivery"))));
    ack.addBindValue(row.ackId);
    if (const Status read = ack.exec(); !read || !ack.next()) {
        if (!read)
            qCWarning(lcStore).noquote() << "ack history details failed:" << read.error();
        return details;
    }
    details.found = true;
    // As sent: the stored text, or the derived payload (serialized as the sender serializes it).
    QVariantList payload;
    for (int i = 0; i < 6; ++i)
        payload << ack.value(i);
    details.ackPayload = !ack.value(0).isNull() ? ack.value(0).toString()
                                                : QString::fromUtf8(QJsonDocument(ackpayload::fromColumns(payload)).toJson(QJsonDocument::Compact));
    details.commandJson = ack.value(6).toString();
    details.commandState = ack.value(7).toString();
    details.delivery = ack.value(8).toString();
    if (!ack.value(9).isNull())
        details.exitCode = ack.value(9).toInt();
    details.commandError = ack.value(10).toString();
    details.stdoutTail = ack.value(11).toByteArray();
    details.stderrTail = ack.value(12).toByteArray();
    // Through the command id's index: an ack's attempts share its command id.
    SqliteQuery attempts(m_database.db());
    (void)attempts.prepare(QStringLiteral("SELECT %1 FROM ack_attempts WHERE command_id = ? AND ack_id = ? ORDER BY attempt_number, attempt_id")
                         .arg(kColumns));
    attempts.addBindValue(row.commandId);
    attempts.addBindValue(row.ackId);
    if (attempts.exec()) {
        while (attempts.next())
            details.attempts.append(rowFrom(attempts));
    }
    return details;
}

QList<AckAttemptRow> AckHistoryQuery::attemptsOfCommand(qint64 commandId, const QString &agentType)
{
    SqliteQuery q(m_database.db());
    (void)q.prepare(QStringLiteral("SELECT %1 FROM ack_attempts WHERE command_id = ?%2 ORDER BY attempted_at, attempt_id")
                        .arg(kColumns, agentType.isEmpty() ? QString() : QStringLiteral(" AND agent = (SELECT name_id FROM names WHERE name = ?)")));
    q.addBindValue(commandId);
    if (!agentType.isEmpty())
        q.addBindValue(agentType);
    return readRows(q, "attempts");
}

QStringList AckHistoryQuery::types()
{
    return distinct(true);
}

QStringList AckHistoryQuery::states()
{
    return distinct(false);
}

Result<bool> AckHistoryQuery::forEachExportRow(const std::function<bool(const AckAttemptRow &)> &visit)
{
    if (searching()) {
        count();
        const QList<qint64> ids = *m_searchIds;
        for (qsizetype i = 0; i < ids.size(); i += kExportChunk) {
            for (const AckAttemptRow &row : rowsById(ids.mid(i, kExportChunk))) {
                if (!visit(row))
                    return false;
            }
        }
        return true;
    }
    if (merges() && groups().isEmpty())
        return true;
    const QString range = timeRange();
    QString sql = merges() ? merged(kColumns, [&](const groupmerge::Group &) { return range; }, false) : QString();
    if (sql.isEmpty())
        sql = QStringLiteral("SELECT %1 FROM ack_attempts %2 %3").arg(kColumns, whereClause(), orderClause(false));
    SqliteQuery q(m_database.db());
    if (const Status read = q.exec(sql); !read)
        return Error{QStringLiteral("cannot read the ack history: %1").arg(read.error())};
    while (q.next()) {
        if (!visit(rowFrom(q)))
            return false;
    }
    return true;
}

AckHistoryQuery::ExportResult AckHistoryQuery::exportTo(QIODevice &out, Format format, const std::function<bool(qint64)> &progress)
{
    ExportResult result;
    QByteArray buffer;
    const auto flush = [&]() {
        if (buffer.isEmpty())
            return true;
        if (out.write(buffer) != buffer.size()) {
            result.error = QStringLiteral("cannot write the export: %1").arg(out.errorString());
            return false;
        }
        buffer.clear();
        return true;
    };
    const auto emitRow = [&](const AckAttemptRow &row) {
        if (format == Format::Csv) {
            buffer += csvLine(row);
        } else {
            buffer += result.rows == 0 ? QByteArray("\n") : QByteArray(",\n");
            buffer += jsonObject(row);
        }
        ++result.rows;
        if (result.rows % kProgressEvery == 0) {
            if (!flush())
                return false;
            if (progress && !progress(result.rows)) {
                result.error = QStringLiteral("cancelled");
                return false;
            }
        }
        return true;
    };

    buffer += format == Format::Csv ? columnNames().join(u',').toUtf8() + "\r\n" : QByteArray("[");
    const Result<bool> visited = forEachExportRow(emitRow);
    if (!visited || !*visited) {
        if (!visited)
            result.error = visited.error();
        return result;  // else emitRow said why it stopped
    }
    if (format == Format::Json)
        buffer += result.rows == 0 ? QByteArray("]\n") : QByteArray("\n]\n");
    if (!flush())
        return result;
    if (progress)
        progress(result.rows);
    result.ok = true;
    return result;
}

} // namespace teamai
