#pragma once

#include "util/Result.h"

#include <QDateTime>
#include <QList>
#include <QString>
#include <QStringList>
#include <QVariantList>

#include <functional>
#include <optional>

#include "store/GroupMerge.h"

#include <QHash>

class QIODevice;

namespace teamai {

class LedgerDatabase;

/// @brief One attempt to deliver an ack, as the admin history shows it.
struct AckAttemptRow {
    qint64 attemptId = 0;
    qint64 ackId = 0;
    qint64 commandId = 0;
    QString agentType;
    QString type;
    QString commandState;     ///< the command's state when the ack was sent (succeeded, failed…)
    QString status;           ///< the ack's status: success or failed
    QString error;            ///< the ack's error text
    QString version;
    QDateTime attemptedAt;    ///< UTC
    std::optional<int> httpStatus;  ///< unset when no HTTP answer came
    QString transportError;   ///< why the attempt failed, empty when delivered
    bool delivered = false;
    int attemptNumber = 1;

    /// @brief How many tries came before this one.
    int retries() const { return attemptNumber - 1; }
};

/// @brief The column the admin history is sorted by (then by attempt id, so the order is total).
enum class AckSortKey { Time, CommandId, Type, Agent, State, AckStatus, Delivered, Http, Error, Version, Attempt };

/// @brief What the admin history shows: every filter is optional and they combine with AND.
struct AckHistoryFilter {
    QString commandState;     ///< exact; empty = any
    QString type;             ///< exact; empty = any
    QString agentType;        ///< exact (the tool: claude, codebuddy…); empty = any
    QDateTime from;           ///< inclusive; invalid = no lower bound
    QDateTime to;             ///< exclusive; invalid = no upper bound
    QString text;             ///< search in command id, type, error and transport error
    AckSortKey sortKey = AckSortKey::Time;
    bool ascending = false;   ///< newest (largest) first by default

    bool operator==(const AckHistoryFilter &other) const = default;
};

/// @brief Everything the ledger knows about one ack, for the history's details pane.
struct AckDetails {
    bool found = false;
    QString commandJson;             ///< the pushed command as stored (secrets already masked there)
    QString ackPayload;              ///< the ack as sent to the backend
    QList<AckAttemptRow> attempts;   ///< every attempt to deliver it, first first
    QString commandState;            ///< the ledger's result: state name, delivery, exit, error
    QString delivery;
    std::optional<int> exitCode;
    QString commandError;
    QByteArray stdoutTail;
    QByteArray stderrTail;
};

/// @brief Filtered, paged, exportable access to the `ack_attempts` table for the admin history,
/// newest first, that stays fast at millions of rows:
///
/// - the table has one index for all of it, `(command_state, type, agent, attempted_at)`: the rows
///   of one (state, type, agent) group are one range of it, in time order, and a filter matches a
///   handful of groups (store/GroupMerge). A count is one range count per group; a page in the
///   order of time, type, state or agent merges the groups' ranges (SQLite reads them side by
///   side and stops at the page), so no row is sorted;
/// - page(offset, limit) reads one page; an offset past the middle is read from the other end,
///   so no page skips more than half the rows; pageAfter()/pageBefore() continue from a row
///   already read with one seek per group, whatever the position;
/// - a text search is a bounded scan: all digits also match a command id exactly through its
///   index (whole history); any text is matched as a substring over the newest kSearchWindow
///   rows of the other filters (searchWasBounded() then says so). Its matching ids are kept, so
///   paging through them costs nothing more;
/// - types() and states() list the values of the index's groups, one seek each, not a scan;
/// - another sort column (filter().sortKey: command id, status, delivered, HTTP, error, version,
///   attempt) is one ORDER BY over the filtered rows: the first page is a top-N sort, the next
///   ones seek from the last row read like the default order.
///
/// Counts, groups and search results are kept until setFilter() or refresh(). One object per
/// thread (it uses the thread's LedgerDatabase).
class AckHistoryQuery
{
public:
    static constexpr int kSearchWindow = 200000;

    enum class Format { Csv, Json };

    struct ExportResult {
        bool ok = false;
        qint64 rows = 0;
        QString error;
    };

    explicit AckHistoryQuery(LedgerDatabase &database);

    void setFilter(const AckHistoryFilter &filter);
    const AckHistoryFilter &filter() const { return m_filter; }
    /// @brief Forgets the cached count and search results (the table changed).
    void refresh();

    /// @brief Rows matching the filter (cached).
    int count();
    /// @brief Rows [offset, offset + limit) of the filtered history, newest first.
    QList<AckAttemptRow> page(int offset, int limit);
    /// @brief The @p limit rows that follow @p row (older ones), by a seek on the index instead
    /// of an OFFSET: what scrolling on from a page already read costs.
    QList<AckAttemptRow> pageAfter(const AckAttemptRow &row, int limit);
    /// @brief The @p limit rows that precede @p row (newer ones), newest first.
    QList<AckAttemptRow> pageBefore(const AckAttemptRow &row, int limit);
    /// @brief True when the last text search only looked at the newest kSearchWindow rows and
    /// there were more.
    bool searchWasBounded() const { return m_searchBounded; }

    /// @brief Distinct ack types / command states present, sorted.
    QStringList types();
    QStringList states();

    /// @brief Writes every row of the filter, newest first, to @p out as CSV (RFC 4180, header
    /// row, cells that a spreadsheet would run as a formula are prefixed with `'`) or as a JSON
    /// array of objects. Rows are streamed, never all held in memory. @p progress is called every
    /// few thousand rows with the rows written; returning false cancels (ok=false, "cancelled").
    ExportResult exportTo(QIODevice &out, Format format, const std::function<bool(qint64)> &progress = {});

    /// @brief The command, ack, result and every attempt behind @p row (index lookups only).
    AckDetails details(const AckAttemptRow &row);
    /// @brief Every delivery attempt of every ack of command @p commandId for @p agentType
    /// (empty: any agent), oldest first, through the command id's index.
    QList<AckAttemptRow> attemptsOfCommand(qint64 commandId, const QString &agentType = {});

    /// @brief The CSV header / JSON keys, in order.
    static QStringList columnNames();

private:
    /// The filter as SQL (codes, ids and times written in: they are integers).
    QString whereClause() const;
    QString timeRange() const;
    QString orderClause(bool reversed) const;
    bool searching() const { return !m_filter.text.trimmed().isEmpty(); }
    bool runSearch();
    /// The rows the filter matches, counted on the index; a failure is logged.
    Result<int> filteredCount();
    QList<AckAttemptRow> rowsById(const QList<qint64> &ids);
    QList<qint64> idsOf(const QString &sql);
    /// The (state, type, agent) groups of ack_attempts_by_group the filter matches (cached).
    const QList<groupmerge::Group> &groups();
    /// The id a filter on @p name compares with (LedgerNames::filterId); a failure is logged and matches nothing.
    qint64 filterId(const QString &name) const;
    /// True when the sort is one the merge of the groups' index ranges gives (time, type, state,
    /// agent): a page is then read without sorting any row.
    bool merges() const;
    QString merged(const QString &select, const std::function<QString(const groupmerge::Group &)> &where, bool reversed,
                   bool newestByTime = false);
    qint64 rankOf(const QString &name) const;
    std::optional<qint64> groupKey(const groupmerge::Group &group) const;
    std::optional<qint64> rowKey(const AckAttemptRow &row) const;
    QString seekCondition(const groupmerge::Group &group, const AckAttemptRow &row, bool below) const;
    QList<AckAttemptRow> plainSeek(const AckAttemptRow &row, int limit, bool older, bool below);
    QString newestOfFilter(int limit);
    /// @brief Runs @p visit on every row of the filter, in the export's order, until it returns
    /// false: true when every row was visited, false when @p visit stopped, an error when the
    /// rows cannot be read.
    Result<bool> forEachExportRow(const std::function<bool(const AckAttemptRow &)> &visit);
    QList<AckAttemptRow> seek(const AckAttemptRow &row, int limit, bool older);
    QStringList distinct(bool types);

    LedgerDatabase &m_database;
    AckHistoryFilter m_filter;
    std::optional<int> m_count;
    std::optional<QList<qint64>> m_searchIds;
    std::optional<QList<groupmerge::Group>> m_groups;
    QHash<qint64, QString> m_names;  // every name of the ledger, by id (a few dozen)
    bool m_searchBounded = false;
};

} // namespace teamai
