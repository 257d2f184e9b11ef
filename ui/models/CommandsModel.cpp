#include "models/CommandsModel.h"

#include "models/CommandLabels.h"
#include "models/ColumnTitles.h"
#include "log/Logging.h"
#include "store/CommandLedger.h"

#include <QCoreApplication>
#include <QFont>
#include <QGuiApplication>
#include <QLocale>
#include <QPalette>

#include <algorithm>

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

CommandOrder orderOf(int column)
{
    switch (column) {
    case CommandsModel::Id: return CommandOrder::CommandId;
    case CommandsModel::Type: return CommandOrder::Type;
    case CommandsModel::Agent: return CommandOrder::Agent;
    case CommandsModel::State: return CommandOrder::State;
    case CommandsModel::Delivery: return CommandOrder::Delivery;
    case CommandsModel::Started: return CommandOrder::Started;
    case CommandsModel::Finished: return CommandOrder::Finished;
    case CommandsModel::Exit: return CommandOrder::Exit;
    case CommandsModel::Error: return CommandOrder::Error;
    default: return CommandOrder::Received;
    }
}

// The ledger's names in the order of the words the table shows for them (sorting by State or
// Delivery sorts by what the user reads, in any language).
template <typename Value>
QStringList namesByLabel(QList<Value> values, QString (*label)(Value), QString (*name)(Value))
{
    std::sort(values.begin(), values.end(), [label](Value a, Value b) { return label(a) < label(b); });
    QStringList names;
    for (const Value value : values)
        names << name(value);
    return names;
}

QStringList statesByLabel()
{
    return namesByLabel<CommandState>({CommandState::Pending, CommandState::Running, CommandState::Succeeded, CommandState::Failed,
                                       CommandState::Rejected, CommandState::Skipped, CommandState::Interrupted},
                                      &CommandLabels::state, &stateName);
}

QStringList deliveriesByLabel()
{
    return namesByLabel<Delivery>({Delivery::NotDelivered, Delivery::Delivered, Delivery::Unknown}, &CommandLabels::delivery,
                                  &deliveryName);
}

} // namespace

CommandsModel::CommandsModel(CommandLedger &ledger, QObject *parent)
    : QAbstractTableModel(parent)
    , m_ledger(ledger)
{
    m_request.limit = kPageSize;
    m_request.stateOrder = statesByLabel();
    m_request.deliveryOrder = deliveriesByLabel();
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
    return columnTitle(section, orientation, role, [] {
        return columnTitles<ColumnCount>(tr("ID"), tr("Type"), tr("Agent"), tr("State"), tr("Delivery"), tr("Received"),
                                       tr("Started"), tr("Finished"), tr("Exit status"), tr("Error"));
    });
}

bool CommandsModel::canFetchMore(const QModelIndex &parent) const
{
    return !parent.isValid() && !m_atEnd;
}

void CommandsModel::fetchMore(const QModelIndex &parent)
{
    if (parent.isValid() || m_atEnd)
        return;
    QList<LedgerCommand> more;
    if (const Status read = readOn(kPageSize, more); !read)
        qCWarning(lcStore).noquote() << "commands window:" << read.error();
    append(std::move(more));
}

void CommandsModel::append(QList<LedgerCommand> &&more)
{
    if (more.isEmpty())
        return;
    beginInsertRows({}, int(m_rows.size()), int(m_rows.size() + more.size()) - 1);
    m_rows.append(std::move(more));
    endInsertRows();
}

Status CommandsModel::readOn(int wanted, QList<LedgerCommand> &into)
{
    int found = 0;
    while (found < wanted && !m_atEnd) {
        // Without a text filter every row read is shown: read what is wanted in one go.
        m_request.limit = m_text.isEmpty() ? std::max(kPageSize, wanted - found) : kPageSize;
        Result<QList<LedgerCommand>> read = m_ledger.page(m_request);
        if (!read) {
            m_atEnd = true;  // no retry at every scroll: the next reload() tries again
            return teamai::Error{read.error()};
        }
        QList<LedgerCommand> page = std::move(read).value();
        m_request.offset += int(page.size());
        m_rowsRead += page.size();
        m_atEnd = page.size() < m_request.limit;
        for (LedgerCommand &row : page) {
            if (!matchesText(row))
                continue;
            row.rawJson.clear();  // details() reads the whole row when it is selected
            into.append(std::move(row));
            ++found;
        }
    }
    return {};
}

bool CommandsModel::matchesText(const LedgerCommand &c) const
{
    if (m_text.isEmpty())
        return true;
    for (const QString &field : {QString::number(c.commandId), c.type, c.agentType, CommandLabels::state(c.state), c.error}) {
        if (field.contains(m_text, Qt::CaseInsensitive))
            return true;
    }
    return CommandLabels::commandLine(c).contains(m_text, Qt::CaseInsensitive);  // parses the JSON: last
}

void CommandsModel::restart()
{
    beginResetModel();
    m_rows.clear();
    m_request.offset = 0;
    m_atEnd = false;
    if (const Status read = readOn(kPageSize, m_rows); !read)
        qCWarning(lcStore).noquote() << "commands window:" << read.error();
    endResetModel();
}

void CommandsModel::sort(int column, Qt::SortOrder order)
{
    const CommandOrder wanted = orderOf(column);
    const bool ascending = order == Qt::AscendingOrder;
    if (wanted == m_request.order && ascending == m_request.ascending)
        return;
    m_request.order = wanted;
    m_request.ascending = ascending;
    restart();
}

void CommandsModel::setStateFilter(const QString &stateName)
{
    if (stateName == m_request.state)
        return;
    m_request.state = stateName;
    restart();
}

void CommandsModel::setTextFilter(const QString &text)
{
    const QString trimmed = text.trimmed();
    if (trimmed == m_text)
        return;
    m_text = trimmed;
    restart();
}

bool CommandsModel::reload()
{
    const CommandPageRequest before = m_request;
    const bool wasAtEnd = m_atEnd;
    m_request.offset = 0;
    m_atEnd = false;
    QList<LedgerCommand> rows;
    if (const Status read = readOn(std::max<int>(kPageSize, int(m_rows.size())), rows); !read) {
        qCWarning(lcStore).noquote() << "commands window:" << read.error();
        if (!m_rows.isEmpty()) {  // keep what is shown
            m_request = before;
            m_atEnd = wasAtEnd;
            return false;
        }
    }
    bool sameRows = rows.size() == m_rows.size();
    for (qsizetype i = 0; sameRows && i < m_rows.size(); ++i)
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

void CommandsModel::releaseRows()
{
    if (m_rows.size() > kPageSize)
        restart();
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
