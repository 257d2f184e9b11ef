#pragma once

#include "store/LedgerTypes.h"

#include <QAbstractTableModel>
#include <QList>

#include <optional>

namespace teamai {
class CommandLedger;
}

namespace teamai::ui {

/// @brief The Commands window's table: the newest kMaxRows commands of the ledger (pending,
/// running and finished, newest first) with type, target agent, state, delivery, times, exit
/// status and error. reload() re-reads them — the window calls it when LedgerWatcher reports a
/// change — and keeps row identity (the ledger's row id) so selections survive. Output tails are
/// not kept here: details() reads one command in full when it is selected.
class CommandsModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    static constexpr int kMaxRows = 500;

    enum Column { Id, Type, Agent, State, Delivery, Received, Started, Finished, Exit, Error, ColumnCount };
    enum Role {
        RowIdRole = Qt::UserRole + 1,  ///< the ledger's row id (qint64)
        StateNameRole,                 ///< "running", "failed"…
        RunHereRole,                   ///< bool: this tray's sync thread runs it (it can cancel it)
        SortRole,                      ///< what the column sorts by (numbers and times as such)
        FilterTextRole,                ///< the text the window's filter field matches
    };

    /// @brief @p ledger belongs to the GUI thread.
    explicit CommandsModel(CommandLedger &ledger, QObject *parent = nullptr);

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    /// @brief Re-reads the ledger. Returns false when it could not be read.
    bool reload();

    /// @brief The summary row (no output tails).
    const LedgerCommand &commandAt(int row) const { return m_rows.at(row); }
    /// @brief The full record of @p row (with output tails and spill paths), read now.
    std::optional<LedgerCommand> details(int row) const;
    /// @brief The row showing ledger row @p rowId, or -1.
    int rowOf(qint64 rowId) const;
    /// @brief True when this process (the tray) runs the command of @p row: the ledger says so
    /// (its runner pid), whatever the executor's owner token is.
    bool runsHere(int row) const;
    /// @brief The row of the command running now (this tray's first), or -1.
    int runningRow() const;

    /// @brief "exit 0", "signal 9", "timed out (signal 15)", "cancelled"… or empty.
    static QString exitText(const LedgerCommand &command);

private:
    CommandLedger &m_ledger;
    QList<LedgerCommand> m_rows;
    QStringList m_commandLines;  // the redacted command line of each row, empty when it has none
};

} // namespace teamai::ui
