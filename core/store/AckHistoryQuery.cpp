#include "store/AckHistoryQuery.h"

#include "log/Logging.h"
#include "store/LedgerDatabase.h"
#include "store/SqliteQuery.h"

#include <QHash>
#include <QIODevice>
#include <QJsonDocument>
#include <QJsonObject>

#include <algorithm>

namespace teamai {
namespace {

const QString kColumns = QStringLiteral(
    "attempt_id, ack_id, command_id, agent_type, type, command_state, status, error, version, attempted_at, "
    "http_status, transport_error, delivered, attempt_number");
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

// The SQL of a sort column; never NULL, so row-value seeks compare like ORDER BY sorts.
QString sortExpression(AckSortKey key)
{
    switch (key) {
    case AckSortKey::Time: return QStringLiteral("attempted_at");
    case AckSortKey::CommandId: return QStringLiteral("command_id");
    case AckSortKey::Type: return QStringLiteral("type");
    case AckSortKey::Agent: return QStringLiteral("agent_type");
    case AckSortKey::State: return QStringLiteral("command_state");
    case AckSortKey::AckStatus: return QStringLiteral("status");
    case AckSortKey::Delivered: return QStringLiteral("delivered");
    case AckSortKey::Http: return QStringLiteral("COALESCE(http_status, 0)");
    case AckSortKey::Error: return QStringLiteral("COALESCE(NULLIF(error, ''), transport_error)");
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
    case AckSortKey::State: return row.commandState;
    case AckSortKey::AckStatus: return row.status;
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
}

QString AckHistoryQuery::whereClause(QVariantList *values) const
{
    QStringList where;
    if (!m_filter.commandState.isEmpty()) {
        where << QStringLiteral("command_state = ?");
        values->append(m_filter.commandState);
    }
    if (!m_filter.type.isEmpty()) {
        where << QStringLiteral("type = ?");
        values->append(m_filter.type);
    }
    if (!m_filter.agentType.isEmpty()) {
        where << QStringLiteral("agent_type = ?");
        values->append(m_filter.agentType);
    }
    if (m_filter.from.isValid()) {
        where << QStringLiteral("attempted_at >= ?");
        values->append(m_filter.from.toMSecsSinceEpoch());
    }
    if (m_filter.to.isValid()) {
        where << QStringLiteral("attempted_at < ?");
        values->append(m_filter.to.toMSecsSinceEpoch());
    }
    return where.isEmpty() ? QString() : QStringLiteral("WHERE ") + where.join(QStringLiteral(" AND "));
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

int AckHistoryQuery::count()
{
    if (m_count)
        return *m_count;
    if (searching()) {
        m_count = runSearch() ? int(m_searchIds->size()) : 0;
        return *m_count;
    }
    QVariantList values;
    SqliteQuery q(m_database.db());
    (void)q.prepare(QStringLiteral("SELECT COUNT(*) FROM ack_attempts %1").arg(whereClause(&values)));
    for (const QVariant &value : values)
        q.addBindValue(value);
    if (const Status counted = q.exec(); !counted || !q.next()) {
        qCWarning(lcStore).noquote() << "ack history count failed:" << counted.error();
        return 0;  // not cached: try again next time
    }
    m_count = q.value(0).toInt();
    return *m_count;
}

bool AckHistoryQuery::runSearch()
{
    const QString text = m_filter.text.trimmed();
    const QString pattern = likePattern(text);
    bool isNumber = false;
    const qint64 commandId = text.toLongLong(&isNumber);

    QVariantList whereValues;
    const QString where = whereClause(&whereValues);

    // Did the window cut anything off? A bounded count answers that without a full scan.
    SqliteQuery size(m_database.db());
    (void)size.prepare(QStringLiteral("SELECT COUNT(*) FROM (SELECT 1 FROM ack_attempts %1 LIMIT %2)").arg(where).arg(kSearchWindow + 1));
    for (const QVariant &value : whereValues)
        size.addBindValue(value);
    m_searchBounded = size.exec() && size.next() && size.value(0).toInt() > kSearchWindow;

    QString sql = QStringLiteral(
        "SELECT attempt_id, attempted_at FROM ("
        "  SELECT attempt_id, attempted_at, command_id, type, error, transport_error FROM ack_attempts %1 %2 LIMIT %3)"
        " WHERE error LIKE ? ESCAPE '\\' OR type LIKE ? ESCAPE '\\' OR transport_error LIKE ? ESCAPE '\\'"
        " OR CAST(command_id AS TEXT) LIKE ? ESCAPE '\\'")
                      .arg(where, kNewestFirst)
                      .arg(kSearchWindow);
    if (isNumber) {
        sql += QStringLiteral(" UNION SELECT attempt_id, attempted_at FROM ack_attempts %1 command_id = ?")
                   .arg(where.isEmpty() ? QStringLiteral("WHERE") : where + QStringLiteral(" AND"));
    }
    SqliteQuery q(m_database.db());
    (void)q.prepare(QStringLiteral("SELECT attempt_id FROM ack_attempts WHERE attempt_id IN (SELECT attempt_id FROM (%1)) %2")
                  .arg(sql, orderClause(false)));
    for (const QVariant &value : whereValues)
        q.addBindValue(value);
    for (int i = 0; i < 4; ++i)
        q.addBindValue(pattern);
    if (isNumber) {
        for (const QVariant &value : whereValues)
            q.addBindValue(value);
        q.addBindValue(commandId);
    }
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
    QVariantList values;
    SqliteQuery q(m_database.db());
    (void)q.prepare(QStringLiteral("SELECT %1 FROM ack_attempts %2 %3 LIMIT ? OFFSET ?")
                  .arg(kColumns, whereClause(&values), orderClause(fromEnd)));
    for (const QVariant &value : values)
        q.addBindValue(value);
    q.addBindValue(limit);
    q.addBindValue(skip);
    QList<AckAttemptRow> rows;
    if (const Status read = q.exec(); !read) {
        qCWarning(lcStore).noquote() << "ack history page failed:" << read.error();
        return rows;
    }
    rows.reserve(limit);
    while (q.next())
        rows.append(rowFrom(q));
    if (fromEnd)
        std::reverse(rows.begin(), rows.end());
    return rows;
}

QList<AckAttemptRow> AckHistoryQuery::pageAfter(const AckAttemptRow &row, int limit)
{
    return seek(row, limit, true);
}

QList<AckAttemptRow> AckHistoryQuery::pageBefore(const AckAttemptRow &row, int limit)
{
    return seek(row, limit, false);
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
    QVariantList values;
    QString where = whereClause(&values);
    // A row-value comparison is one range on the (…, attempted_at, attempt_id) index. "older"
    // is onwards in the shown order: downwards in a descending sort, upwards in an ascending one.
    const bool below = older != m_filter.ascending;
    const QVariantList keys = sortValues(row, m_filter.sortKey);
    QStringList marks;
    for (qsizetype i = 0; i < keys.size(); ++i)
        marks << QStringLiteral("?");
    where += (where.isEmpty() ? QStringLiteral("WHERE ") : QStringLiteral(" AND "))
        + QStringLiteral("(%1, attempt_id) %2 (%3)")
              .arg(sortColumns(m_filter.sortKey).join(QStringLiteral(", ")), below ? QStringLiteral("<") : QStringLiteral(">"), marks.join(u','));
    values << keys;
    SqliteQuery q(m_database.db());
    (void)q.prepare(QStringLiteral("SELECT %1 FROM ack_attempts %2 %3 LIMIT ?").arg(kColumns, where, orderClause(!older)));
    for (const QVariant &value : values)
        q.addBindValue(value);
    q.addBindValue(limit);
    QList<AckAttemptRow> rows;
    if (const Status read = q.exec(); !read) {
        qCWarning(lcStore).noquote() << "ack history seek failed:" << read.error();
        return rows;
    }
    while (q.next())
        rows.append(rowFrom(q));
    if (!older)
        std::reverse(rows.begin(), rows.end());
    return rows;
}

QStringList AckHistoryQuery::distinct(const QString &column)
{
    // A loose index scan: each step is one seek on the column's index, so listing a handful of
    // values costs a handful of seeks even with millions of rows.
    QStringList values;
    SqliteQuery empty(m_database.db());
    (void)empty.prepare(QStringLiteral("SELECT 1 FROM ack_attempts WHERE %1 = '' LIMIT 1").arg(column));
    if (empty.exec() && empty.next())
        values << QString();
    SqliteQuery next(m_database.db());
    (void)next.prepare(QStringLiteral("SELECT MIN(%1) FROM ack_attempts WHERE %1 > ?").arg(column));
    QString last = QStringLiteral("");
    while (values.size() < kMaxDistinct) {
        next.bindValue(0, last);
        if (!next.exec() || !next.next() || next.value(0).isNull())
            break;
        last = next.value(0).toString();
        values << last;
    }
    return values;
}

AckDetails AckHistoryQuery::details(const AckAttemptRow &row)
{
    AckDetails details;
    SqliteQuery ack(m_database.db());
    (void)ack.prepare(QStringLiteral(
        "SELECT a.payload, c.raw_json, c.state, c.delivery, c.exit_code, c.error, c.stdout_tail, c.stderr_tail"
        " FROM acks a LEFT JOIN commands c ON c.row_id = a.command_row WHERE a.ack_id = ?"));
    ack.addBindValue(row.ackId);
    if (const Status read = ack.exec(); !read || !ack.next()) {
        if (!read)
            qCWarning(lcStore).noquote() << "ack history details failed:" << read.error();
        return details;
    }
    details.found = true;
    details.ackPayload = ack.value(0).toString();
    details.commandJson = ack.value(1).toString();
    details.commandState = ack.value(2).toString();
    details.delivery = ack.value(3).toString();
    if (!ack.value(4).isNull())
        details.exitCode = ack.value(4).toInt();
    details.commandError = ack.value(5).toString();
    details.stdoutTail = ack.value(6).toByteArray();
    details.stderrTail = ack.value(7).toByteArray();
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
                  .arg(kColumns, agentType.isEmpty() ? QString() : QStringLiteral(" AND agent_type = ?")));
    q.addBindValue(commandId);
    if (!agentType.isEmpty())
        q.addBindValue(agentType);
    QList<AckAttemptRow> rows;
    if (const Status read = q.exec(); !read) {
        qCWarning(lcStore).noquote() << "ack history attempts failed:" << read.error();
        return rows;
    }
    while (q.next())
        rows.append(rowFrom(q));
    return rows;
}

QStringList AckHistoryQuery::types()
{
    return distinct(QStringLiteral("type"));
}

QStringList AckHistoryQuery::states()
{
    return distinct(QStringLiteral("command_state"));
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
    QVariantList values;
    SqliteQuery q(m_database.db());
    (void)q.prepare(QStringLiteral("SELECT %1 FROM ack_attempts %2 %3").arg(kColumns, whereClause(&values), orderClause(false)));
    for (const QVariant &value : values)
        q.addBindValue(value);
    if (const Status read = q.exec(); !read)
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
