#pragma once

#include "store/LedgerTypes.h"
#include "util/Result.h"

#include <QAbstractTableModel>
#include <QList>

#include <optional>

namespace teamai {
class CommandLedger;
}

namespace teamai::ui {

/// @brief The Commands window's table: the ledger's commands (pending, running and finished),
/// newest first unless sorted otherwise, with type, target agent, state, delivery, times, exit
/// status and error. Output tails are not kept here: details() reads one command in full when
/// it is selected.
///
/// Rows come a page (kPageSize) at a time: the view asks for the next one (canFetchMore() /
/// fetchMore()) as it scrolls to the end, so ten thousand commands are neither read at once nor
/// in the way of scrolling. Sorting and the state filter run in the ledger's query
/// (CommandLedger::page()), so they cover every row, read or not; the text filter is matched
/// here on the rows as they are read, a fetch reading on until it found a page of matches or
/// the ledger's end. reload() — the window calls it when LedgerWatcher reports a change — reads
/// again as many rows as are shown and keeps row identity (the ledger's row id) so selections
/// survive; releaseRows() gives all but the first page back.
class CommandsModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    static constexpr int kPageSize = 200;

    enum Column { Id, Type, Agent, State, Delivery, Received, Started, Finished, Exit, Error, ColumnCount };
    enum Role {
        RowIdRole = Qt::UserRole + 1,  ///< the ledger's row id (qint64)
        StateNameRole,                 ///< "running", "failed"…
        RunHereRole,                   ///< bool: this tray's sync thread runs it (it can cancel it)
    };

    /// @brief @p ledger belongs to the GUI thread. Nothing is read before reload().
    explicit CommandsModel(CommandLedger &ledger, QObject *parent = nullptr);

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;
    bool canFetchMore(const QModelIndex &parent) const override;
    void fetchMore(const QModelIndex &parent) override;
    /// @brief Sorts every command of the ledger by @p column (in the query) and shows the first page.
    void sort(int column, Qt::SortOrder order = Qt::AscendingOrder) override;

    /// @brief Only commands in state @p stateName (the ledger's name; empty: any).
    void setStateFilter(const QString &stateName);
    QString stateFilter() const { return m_request.state; }
    /// @brief Only commands whose id, type, agent, state, error or command line contains @p text
    /// (case-insensitive; empty: all).
    void setTextFilter(const QString &text);
    QString textFilter() const { return m_text; }

    /// @brief Re-reads the rows shown (at least a page). Returns false when the ledger could not be read.
    bool reload();
    /// @brief Keeps the first page and forgets the rest (the window was closed).
    void releaseRows();

    /// @brief The summary row (no output tails).
    const LedgerCommand &commandAt(int row) const { return m_rows.at(row); }
    /// @brief The full record of @p row (with output tails and spill paths), read now.
    std::optional<LedgerCommand> details(int row) const;
    /// @brief The row showing ledger row @p rowId, or -1 (also when it is not read yet).
    int rowOf(qint64 rowId) const;
    /// @brief True when this process (the tray) runs the command of @p row: the ledger says so
    /// (its runner pid), whatever the executor's owner token is.
    bool runsHere(int row) const;
    /// @brief The row of the command running now (this tray's first), or -1.
    int runningRow() const;
    /// @brief Rows read from the ledger since construction, matching the text filter or not
    /// (tests and the benchmark: what paging saves).
    qint64 rowsRead() const { return m_rowsRead; }

    /// @brief "exit 0", "signal 9", "timed out (signal 15)", "cancelled"… or empty.
    static QString exitText(const LedgerCommand &command);

private:
    /// Reads on from the scan position until @p wanted more rows match or the ledger ends.
    Status readOn(int wanted, QList<LedgerCommand> &into);
    bool matchesText(const LedgerCommand &command) const;
    /// Forgets every row and reads the first page again (the order or a filter changed).
    void restart();
    void append(QList<LedgerCommand> &&more);

    CommandLedger &m_ledger;
    CommandPageRequest m_request;  // the order and the state; offset is the scan position
    QString m_text;
    QList<LedgerCommand> m_rows;
    bool m_atEnd = false;
    qint64 m_rowsRead = 0;
};

} // namespace teamai::ui
