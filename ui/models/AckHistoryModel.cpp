#include "models/AckHistoryModel.h"

#include "models/CommandLabels.h"
#include "models/ColumnTitles.h"

#include <QFont>

namespace teamai::ui {

AckHistoryModel::AckHistoryModel(LedgerDatabase &database, QObject *parent)
    : QAbstractTableModel(parent)
    , m_query(database)
{
    m_count = m_query.count();
}

int AckHistoryModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : m_count;
}

int AckHistoryModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

void AckHistoryModel::setFilter(const AckHistoryFilter &filter)
{
    beginResetModel();
    m_query.setFilter(filter);
    m_pages.clear();
    m_recent.clear();
    m_count = m_query.count();
    endResetModel();
}

void AckHistoryModel::refresh()
{
    m_query.refresh();
    const int count = m_query.count();
    m_pages.clear();
    m_recent.clear();
    const bool newestFirst = m_query.filter().sortKey == AckSortKey::Time && !m_query.filter().ascending;
    if (count > m_count && newestFirst) {
        // New attempts are the newest: they go on top and what is below keeps its place.
        beginInsertRows({}, 0, count - m_count - 1);
        m_count = count;
        endInsertRows();
        emit dataChanged(index(0, 0), index(m_count - 1, ColumnCount - 1));
    } else if (count != m_count) {
        beginResetModel();
        m_count = count;
        endResetModel();
    } else if (m_count > 0) {
        emit dataChanged(index(0, 0), index(m_count - 1, ColumnCount - 1));
    }
}

const QList<AckAttemptRow> &AckHistoryModel::pageFor(int page) const
{
    auto it = m_pages.find(page);
    if (it != m_pages.end()) {
        if (m_recent.constLast() != page) {
            m_recent.removeOne(page);
            m_recent.append(page);
        }
        return *it;
    }
    while (m_recent.size() >= kMaxPages)
        m_pages.remove(m_recent.takeFirst());
    ++m_pageLoads;
    m_recent.append(page);
    return *m_pages.insert(page, readPage(page));
}

QList<AckAttemptRow> AckHistoryModel::readPage(int page) const
{
    // Scrolling on from a page we have is one index seek; only a jump needs an OFFSET.
    const auto before = m_pages.constFind(page - 1);
    if (before != m_pages.cend() && before->size() == kPageSize) {
        ++m_seekLoads;
        return m_query.pageAfter(before->constLast(), kPageSize);
    }
    const auto after = m_pages.constFind(page + 1);
    if (after != m_pages.cend() && !after->isEmpty()) {
        ++m_seekLoads;
        return m_query.pageBefore(after->constFirst(), kPageSize);
    }
    return m_query.page(page * kPageSize, kPageSize);
}

void AckHistoryModel::setDeferLoading(bool defer)
{
    if (defer == m_defer)
        return;
    m_defer = defer;
    if (!defer && m_count > 0)
        emit dataChanged(index(0, 0), index(m_count - 1, ColumnCount - 1));
}

AckDetails AckHistoryModel::details(int row) const
{
    const AckAttemptRow *attempt = rowAt(row);
    return attempt ? m_query.details(*attempt) : AckDetails();
}

const AckAttemptRow *AckHistoryModel::rowAt(int row) const
{
    if (row < 0 || row >= m_count)
        return nullptr;
    const QList<AckAttemptRow> &page = pageFor(row / kPageSize);
    const int within = row % kPageSize;
    return within < page.size() ? &page.at(within) : nullptr;
}

QVariant AckHistoryModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid())
        return {};
    if (role != Qt::DisplayRole && role != Qt::ToolTipRole && role != Qt::FontRole)
        return {};
    if (m_defer && !m_pages.contains(index.row() / kPageSize))
        return role == Qt::DisplayRole && index.column() == Time ? QVariant(QStringLiteral("…")) : QVariant();
    const AckAttemptRow *row = rowAt(index.row());
    if (!row)
        return role == Qt::DisplayRole && index.column() == Time ? QVariant(QStringLiteral("…")) : QVariant();
    if (role == Qt::FontRole) {
        // Bold, not a colour of our own: readable in light and dark themes alike.
        const bool bad = (index.column() == Delivered && !row->delivered)
            || (index.column() == Status && row->status == QLatin1String("failed"));
        if (!bad)
            return {};
        QFont font;
        font.setBold(true);
        return font;
    }
    if (role == Qt::ToolTipRole) {
        if (index.column() == Error) {
            QString tip = row->error;
            if (!row->transportError.isEmpty())
                tip += (tip.isEmpty() ? QString() : QStringLiteral("\n")) + tr("Delivery: %1").arg(row->transportError);
            return tip.isEmpty() ? QVariant() : QVariant(tip);
        }
        return {};
    }
    switch (index.column()) {
    case Time: return row->attemptedAt.toLocalTime().toString(QStringLiteral("yyyy-MM-dd HH:mm:ss"));
    case CommandId: return row->commandId;
    case Type: return row->type;
    case Agent: return row->agentType;
    case State: return stateLabel(row->commandState);
    case Status: return statusLabel(row->status);
    case Delivered: return row->delivered ? tr("Yes") : tr("No");
    case Http: return row->httpStatus ? QVariant(*row->httpStatus) : QVariant(QStringLiteral("—"));
    case Error: {
        const QString text = row->error.isEmpty() ? row->transportError : row->error;
        return text.left(200);
    }
    case Version: return row->version;
    case Retries: return row->retries();
    }
    return {};
}

QString AckHistoryModel::stateLabel(const QString &stateName)
{
    const std::optional<CommandState> state = stateFromName(stateName);
    return state ? CommandLabels::state(*state) : stateName;
}

QString AckHistoryModel::statusLabel(const QString &status)
{
    if (status == QLatin1String("success"))
        return tr("Success");
    if (status == QLatin1String("failed"))
        return tr("Failed");
    return status;
}

AckSortKey AckHistoryModel::sortKeyOf(int column)
{
    switch (column) {
    case CommandId: return AckSortKey::CommandId;
    case Type: return AckSortKey::Type;
    case Agent: return AckSortKey::Agent;
    case State: return AckSortKey::State;
    case Status: return AckSortKey::AckStatus;
    case Delivered: return AckSortKey::Delivered;
    case Http: return AckSortKey::Http;
    case Error: return AckSortKey::Error;
    case Version: return AckSortKey::Version;
    case Retries: return AckSortKey::Attempt;
    default: return AckSortKey::Time;
    }
}

void AckHistoryModel::sort(int column, Qt::SortOrder order)
{
    AckHistoryFilter sorted = m_query.filter();
    sorted.sortKey = sortKeyOf(column);
    sorted.ascending = order == Qt::AscendingOrder;
    if (!(sorted == m_query.filter()))
        setFilter(sorted);
}

QVariant AckHistoryModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    return columnTitle(section, orientation, role, [] {
        return columnTitles<ColumnCount>(tr("Time"), tr("Command"), tr("Type"), tr("Agent"), tr("State"), tr("Ack"),
                                       tr("Delivered"), tr("HTTP"), tr("Error"), tr("Version"), tr("Retries"));
    });
}

} // namespace teamai::ui
