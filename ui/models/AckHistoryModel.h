#pragma once

#include "store/AckHistoryQuery.h"

#include <QAbstractTableModel>
#include <QHash>
#include <QList>

namespace teamai {
class LedgerDatabase;
}

namespace teamai::ui {

/// @brief The admin's ack history as a lazy table model over AckHistoryQuery: rowCount() is the
/// filtered count, and data() loads only the page of kPageSize rows that holds the row asked
/// for, keeping the kMaxPages most recently used pages. A view with a million rows therefore
/// reads what it paints and nothing else.
class AckHistoryModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    static constexpr int kPageSize = 200;
    static constexpr int kMaxPages = 40;

    enum Column { Time, CommandId, Type, Agent, State, Status, Delivered, Http, Error, Version, Retries, ColumnCount };

    /// @brief @p database belongs to the GUI thread.
    explicit AckHistoryModel(LedgerDatabase &database, QObject *parent = nullptr);

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    /// @brief Sorting runs in SQL (AckHistoryFilter::sortKey): the header's click sets it.
    void sort(int column, Qt::SortOrder order = Qt::AscendingOrder) override;
    static AckSortKey sortKeyOf(int column);
    /// @brief "Succeeded" for "succeeded", "Success" for "success"… (unknown values as they are).
    static QString stateLabel(const QString &stateName);
    static QString statusLabel(const QString &status);
    /// @brief The command, ack, result and attempts behind @p row (read now).
    AckDetails details(int row) const;

    /// @brief Replaces filters and sort together (the window keeps the sort on filter changes).
    void setFilter(const AckHistoryFilter &filter);
    const AckHistoryFilter &filter() const { return m_query.filter(); }
    /// @brief The table changed: re-count, drop the cache. New rows (newest first) are inserted
    /// at the top so the rows the user looks at stay put.
    void refresh();

    /// @brief The row, loading its page if needed; nullptr past the end.
    const AckAttemptRow *rowAt(int row) const;
    QStringList types() { return m_query.types(); }
    QStringList states() { return m_query.states(); }
    bool searchWasBounded() const { return m_query.searchWasBounded(); }
    /// @brief Page reads since construction (benchmarks, tests).
    int pageLoads() const { return m_pageLoads; }
    /// @brief Of those, the ones that continued from a neighbouring page (an index seek).
    int seekLoads() const { return m_seekLoads; }

    /// @brief While set (the scroll bar is being dragged), rows whose page is not loaded show a
    /// placeholder instead of being read, so a drag across a million rows stays fluid; clearing
    /// it repaints with the real rows.
    void setDeferLoading(bool defer);

private:
    const QList<AckAttemptRow> &pageFor(int page) const;
    QList<AckAttemptRow> readPage(int page) const;

    mutable AckHistoryQuery m_query;
    int m_count = 0;
    mutable QHash<int, QList<AckAttemptRow>> m_pages;
    mutable QList<int> m_recent;  // page numbers, most recent last
    mutable int m_pageLoads = 0;
    mutable int m_seekLoads = 0;
    bool m_defer = false;
};

} // namespace teamai::ui
