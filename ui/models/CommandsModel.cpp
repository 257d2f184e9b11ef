#include "models/CommandsModel.h"

#include "models/LiveRuns.h"
#include "store/CommandLedger.h"

#include <QColor>
#include <QLocale>

namespace teamai::ui {
namespace {

QString timeText(const QDateTime &time)
{
    return time.isValid() ? time.toLocalTime().toString(QStringLiteral("yyyy-MM-dd HH:mm:ss")) : QString();
}

QColor stateColor(CommandState state)
{
    switch (state) {
    case CommandState::Succeeded: return QColor(0x15, 0x80, 0x3d);
    case CommandState::Failed:
    case CommandState::Interrupted: return QColor(0xb9, 0x1c, 0x1c);
    case CommandState::Rejected: return QColor(0xb4, 0x53, 0x09);
    case CommandState::Running: return QColor(0x6d, 0x28, 0xd9);
    case CommandState::Pending:
    case CommandState::Skipped: break;
    }
    return {};
}

} // namespace

CommandsModel::CommandsModel(CommandLedger &ledger, const LiveRuns *live, QObject *parent)
    : QAbstractTableModel(parent)
    , m_ledger(ledger)
    , m_live(live)
{
}

int CommandsModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int CommandsModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QString CommandsModel::exitText(const LedgerCommand &c)
{
    QStringList parts;
    if (c.timedOut)
        parts << QStringLiteral("timed out");
    if (c.cancelled)
        parts << QStringLiteral("cancelled");
    if (c.signal)
        parts << QStringLiteral("exit %1 (signal %2)").arg(c.exitCode.value_or(128 + *c.signal)).arg(*c.signal);
    else if (c.exitCode)
        parts << QStringLiteral("exit %1").arg(*c.exitCode);
    return parts.join(QStringLiteral(", "));
}

bool CommandsModel::runsHere(int row) const
{
    if (!m_live || row < 0 || row >= m_rows.size())
        return false;
    const LedgerCommand &c = m_rows.at(row);
    const LiveRuns::Run *run = m_live->find(c.agentType, c.commandId);
    return run && run->running && c.state == CommandState::Running;
}

QVariant CommandsModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() >= m_rows.size())
        return {};
    const LedgerCommand &c = m_rows.at(index.row());
    switch (role) {
    case RowIdRole: return c.rowId;
    case StateNameRole: return stateName(c.state);
    case RunHereRole: return runsHere(index.row());
    case Qt::ForegroundRole:
        if (index.column() == State) {
            const QColor color = stateColor(c.state);
            return color.isValid() ? QVariant(color) : QVariant();
        }
        return {};
    case Qt::ToolTipRole:
        if (index.column() == Error && !c.error.isEmpty())
            return c.error;
        if (index.column() == State && !c.detail.isEmpty())
            return c.detail;
        return {};
    case Qt::DisplayRole:
        break;
    default:
        return {};
    }
    switch (index.column()) {
    case Id: return c.commandId;
    case Type: return c.type.isEmpty() ? QStringLiteral("(none)") : c.type;
    case Agent: return c.agentType;
    case State:
        if (c.state == CommandState::Running)
            return runsHere(index.row()) ? QStringLiteral("running here") : QStringLiteral("running (pid %1)").arg(c.runnerPid);
        return stateName(c.state);
    case Delivery: return c.state == CommandState::Pending || c.state == CommandState::Running ? QString() : deliveryName(c.delivery);
    case Received: return timeText(c.receivedAt);
    case Started: return timeText(c.startedAt);
    case Finished: return timeText(c.finishedAt);
    case Exit: return exitText(c);
    case Error: return c.error.left(200);
    }
    return {};
}

QVariant CommandsModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case Id: return QStringLiteral("ID");
    case Type: return QStringLiteral("Type");
    case Agent: return QStringLiteral("Agent");
    case State: return QStringLiteral("State");
    case Delivery: return QStringLiteral("Delivery");
    case Received: return QStringLiteral("Received");
    case Started: return QStringLiteral("Started");
    case Finished: return QStringLiteral("Finished");
    case Exit: return QStringLiteral("Exit status");
    case Error: return QStringLiteral("Error");
    }
    return {};
}

bool CommandsModel::reload()
{
    HistoryFilter filter;
    filter.limit = kMaxRows;
    QList<LedgerCommand> rows = m_ledger.history(filter);
    if (rows.isEmpty() && !m_ledger.lastError().isEmpty() && !m_rows.isEmpty())
        return false;
    for (LedgerCommand &row : rows) {
        // The table never shows output; details() reads it for the selected row only.
        row.stdoutTail.clear();
        row.stderrTail.clear();
        row.rawJson.clear();
    }
    bool sameRows = rows.size() == m_rows.size();
    for (qsizetype i = 0; sameRows && i < rows.size(); ++i)
        sameRows = rows.at(i).rowId == m_rows.at(i).rowId;
    if (sameRows) {
        m_rows = std::move(rows);
        if (!m_rows.isEmpty())
            emit dataChanged(index(0, 0), index(int(m_rows.size()) - 1, ColumnCount - 1));
        return true;
    }
    beginResetModel();
    m_rows = std::move(rows);
    endResetModel();
    return true;
}

std::optional<LedgerCommand> CommandsModel::details(int row) const
{
    if (row < 0 || row >= m_rows.size())
        return std::nullopt;
    return m_ledger.command(m_rows.at(row).rowId);
}

int CommandsModel::rowOf(qint64 rowId) const
{
    for (qsizetype i = 0; i < m_rows.size(); ++i) {
        if (m_rows.at(i).rowId == rowId)
            return int(i);
    }
    return -1;
}

} // namespace teamai::ui
