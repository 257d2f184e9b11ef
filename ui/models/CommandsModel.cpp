#include "models/CommandsModel.h"

#include "models/CommandLabels.h"
#include "store/CommandLedger.h"

#include <QCoreApplication>
#include <QFont>
#include <QGuiApplication>
#include <QLocale>
#include <QPalette>

namespace teamai::ui {
namespace {

QString timeText(const QDateTime &time)
{
    return time.isValid() ? time.toLocalTime().toString(QStringLiteral("yyyy-MM-dd HH:mm:ss")) : QString();
}

// No colour of our own (it would be unreadable in some theme): failures are bold, what has not
// happened yet is in the palette's muted text colour.
QVariant stateFont(CommandState state)
{
    if (state != CommandState::Failed && state != CommandState::Interrupted && state != CommandState::Rejected)
        return {};
    QFont font;
    font.setBold(true);
    return font;
}

QVariant stateForeground(CommandState state)
{
    if (state != CommandState::Pending && state != CommandState::Skipped)
        return {};
    return QGuiApplication::palette().brush(QPalette::PlaceholderText);
}

QVariant sortValue(const LedgerCommand &c, int column)
{
    switch (column) {
    case CommandsModel::Id: return c.commandId;
    case CommandsModel::Received: return c.receivedAt;
    case CommandsModel::Started: return c.startedAt;
    case CommandsModel::Finished: return c.finishedAt;
    case CommandsModel::Exit: return c.exitCode ? QVariant(*c.exitCode) : QVariant(-1);
    default: return {};
    }
}

} // namespace

CommandsModel::CommandsModel(CommandLedger &ledger, QObject *parent)
    : QAbstractTableModel(parent)
    , m_ledger(ledger)
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
        parts << tr("timed out");
    if (c.cancelled)
        parts << tr("cancelled");
    if (c.signal)
        parts << tr("exit %1 (signal %2)").arg(c.exitCode.value_or(128 + *c.signal)).arg(*c.signal);
    else if (c.exitCode)
        parts << tr("exit %1").arg(*c.exitCode);
    return parts.join(tr(", "));
}

bool CommandsModel::runsHere(int row) const
{
    if (row < 0 || row >= m_rows.size())
        return false;
    const LedgerCommand &c = m_rows.at(row);
    return c.state == CommandState::Running && c.runnerPid == QCoreApplication::applicationPid();
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
    case SortRole: {
        const QVariant value = sortValue(c, index.column());
        return value.isValid() ? value : data(index, Qt::DisplayRole);
    }
    case FilterTextRole:
        return QStringList{QString::number(c.commandId), c.type, c.agentType, CommandLabels::state(c.state), c.error,
                           m_commandLines.value(index.row())}
            .join(u'\n');
    case Qt::ForegroundRole: return index.column() == State ? stateForeground(c.state) : QVariant();
    case Qt::FontRole: return index.column() == State ? stateFont(c.state) : QVariant();
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
    case Type: return c.type.isEmpty() ? tr("(none)") : c.type;
    case Agent: return c.agentType;
    case State:
        if (c.state == CommandState::Running)
            return runsHere(index.row()) ? tr("Running here") : tr("Running (pid %1)").arg(c.runnerPid);
        return CommandLabels::state(c.state);
    case Delivery: return isFinal(c.state) ? CommandLabels::delivery(c.delivery) : QString();
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
    case Id: return tr("ID");
    case Type: return tr("Type");
    case Agent: return tr("Agent");
    case State: return tr("State");
    case Delivery: return tr("Delivery");
    case Received: return tr("Received");
    case Started: return tr("Started");
    case Finished: return tr("Finished");
    case Exit: return tr("Exit status");
    case Error: return tr("Error");
    }
    return {};
}

bool CommandsModel::reload()
{
    HistoryFilter filter;
    filter.limit = kMaxRows;
    Result<QList<LedgerCommand>> read = m_ledger.history(filter);
    if (!read && !m_rows.isEmpty())
        return false;
    QList<LedgerCommand> rows = std::move(read).valueOr({});
    QStringList commandLines;  // for the filter; the JSON itself is not kept
    commandLines.reserve(rows.size());
    for (LedgerCommand &row : rows) {
        commandLines << CommandLabels::commandLine(row);
        // The table never shows output; details() reads it for the selected row only.
        row.stdoutTail.clear();
        row.stderrTail.clear();
        row.rawJson.clear();
    }
    bool sameRows = rows.size() == m_rows.size();
    for (qsizetype i = 0; sameRows && i < rows.size(); ++i)
        sameRows = rows.at(i).rowId == m_rows.at(i).rowId;
    m_commandLines = std::move(commandLines);
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

int CommandsModel::runningRow() const
{
    int found = -1;
    for (qsizetype i = 0; i < m_rows.size(); ++i) {
        if (m_rows.at(i).state != CommandState::Running)
            continue;
        if (runsHere(int(i)))
            return int(i);
        if (found < 0)
            found = int(i);
    }
    return found;
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
