#include "windows/CommandsWindow.h"

#include "config/RemoteCommandGate.h"
#include "models/CommandLabels.h"
#include "models/CommandsModel.h"
#include "models/OutputFollower.h"
#include "util/Os.h"
#include "windows/ActionButtons.h"
#include "windows/WindowFit.h"

#include <QComboBox>
#include <QCoreApplication>
#include <QDesktopServices>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QHideEvent>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QScrollBar>
#include <QSplitter>
#include <QTableView>
#include <QUrl>
#include <QVBoxLayout>

namespace teamai::ui {
namespace {

QString outputText(const QByteArray &out, const QByteArray &err, bool outTruncated, bool errTruncated)
{
    QString text;
    if (!out.isEmpty() || err.isEmpty()) {
        text += outTruncated ? CommandsWindow::tr("── stdout (last part) ──") + u'\n' : CommandsWindow::tr("── stdout ──") + u'\n';
        text += QString::fromUtf8(out);
    }
    if (!err.isEmpty()) {
        if (!text.isEmpty() && !text.endsWith(u'\n'))
            text += u'\n';
        text += errTruncated ? CommandsWindow::tr("── stderr (last part) ──") + u'\n' : CommandsWindow::tr("── stderr ──") + u'\n';
        text += QString::fromUtf8(err);
    }
    return text;
}

QString timeText(const QDateTime &time)
{
    return time.isValid() ? time.toLocalTime().toString(QStringLiteral("yyyy-MM-dd HH:mm:ss")) : QStringLiteral("—");
}

} // namespace

CommandsWindow::CommandsWindow(CommandLedger &ledger, QWidget *parent)
    : QWidget(parent, Qt::Window)
    , m_layout(new QVBoxLayout(this))
    , m_ledger(ledger)
    , m_follower(new OutputFollower(this))
    , m_model(new CommandsModel(ledger, this))
    , m_filterText(new QLineEdit)
    , m_filterState(new QComboBox)
    , m_table(new QTableView)
    , m_details(new QLabel)
    , m_outputNote(new QLabel)
    , m_output(new QPlainTextEdit)
    , m_cancel(new QPushButton(tr("&Cancel command")))
    , m_openOut(new QPushButton(tr("Open full &stdout")))
    , m_openErr(new QPushButton(tr("Open full std&err")))
{
    setUpWindow(this, tr("TeamAI Agent — Commands"));

    setUpTable();

    QWidget *detailPane = buildDetailPane();

    auto *splitter = new QSplitter(Qt::Vertical);
    splitter->addWidget(m_table);
    splitter->addWidget(detailPane);
    splitter->setStretchFactor(0, 3);
    splitter->setStretchFactor(1, 2);
    buildFilters();
    m_layout->addWidget(splitter);

    connectSignals();
    reload();
    fitToScreen(this, QSize(1160, 640));
}

QWidget *CommandsWindow::buildDetailPane()
{
    m_details->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_details->setTextFormat(Qt::RichText);
    m_details->setWordWrap(true);
    m_details->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    m_outputNote->setWordWrap(true);
    m_output->setReadOnly(true);
    m_output->setAccessibleName(tr("Command output"));
    m_output->setLineWrapMode(QPlainTextEdit::NoWrap);
    m_output->setMaximumBlockCount(20000);
    QFont mono = QFont(QStringLiteral("monospace"));
    mono.setStyleHint(QFont::Monospace);
    m_output->setFont(mono);

    auto *buttons = new QHBoxLayout;
    buttons->addWidget(m_cancel);
    buttons->addStretch();
    buttons->addWidget(m_openOut);
    buttons->addWidget(m_openErr);

    auto *detailPane = new QWidget;
    auto *detailLayout = new QVBoxLayout(detailPane);
    detailLayout->setContentsMargins(0, 0, 0, 0);
    detailLayout->addWidget(m_details);
    detailLayout->addWidget(m_outputNote);
    detailLayout->addWidget(m_output, 1);
    detailLayout->addLayout(buttons);
    return detailPane;
}

void CommandsWindow::setUpTable()
{
    m_table->setModel(m_model);
    m_table->setAccessibleName(tr("Commands"));
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->setAlternatingRowColors(true);
    // The indicator first: enabling sorting sorts by it, and the model reads nothing for the
    // order it has (newest first); the constructor's reload() reads the first page.
    m_table->horizontalHeader()->setSortIndicator(CommandsModel::Received, Qt::DescendingOrder);
    m_table->setSortingEnabled(true);
    m_table->verticalHeader()->hide();
    m_table->verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->setWordWrap(false);
    const int widths[] = {55, 130, 80, 105, 95, 135, 135, 135, 90};
    for (int column = 0; column < int(std::size(widths)); ++column)
        m_table->setColumnWidth(column, widths[column]);
}

void CommandsWindow::connectSignals()
{
    connect(m_table->selectionModel(), &QItemSelectionModel::currentRowChanged, this, [this] {
        if (!m_selecting)
            m_userSelected = true;
        showSelected();
    });
    connect(m_model, &QAbstractItemModel::modelReset, this, [this] { showSelected(); });
    connect(m_cancel, &QPushButton::clicked, this, [this] {
        m_cancel->setEnabled(false);
        m_cancel->setText(tr("Cancelling…"));
        emit cancelRequested();
    });
    // Only the user's own scrolling (not ours, not new text) stops or resumes following.
    connect(m_output->verticalScrollBar(), &QScrollBar::actionTriggered, this, [this] {
        QScrollBar *bar = m_output->verticalScrollBar();
        QMetaObject::invokeMethod(this, [this, bar] { m_followOutput = bar->value() >= bar->maximum(); }, Qt::QueuedConnection);
    });
    connect(m_openOut, &QPushButton::clicked, this, [this] { openSpill(false); });
    connect(m_openErr, &QPushButton::clicked, this, [this] { openSpill(true); });
    connect(m_follower, &OutputFollower::appended, this, &CommandsWindow::appendOutput);
    // The writer finished before the ledger says so: the note changes with the next reload().
    connect(m_follower, &OutputFollower::completed, this, [this] { m_outputNote->setText(finishedNote()); });
}

QString CommandsWindow::finishedNote()
{
    return tr("The command has finished; its result is being recorded.");
}

QString CommandsWindow::lossyMarker()
{
    return tr("… earlier output is no longer kept …");
}

void CommandsWindow::showEvent(QShowEvent *event)
{
    QWidget::showEvent(event);
    m_follower->setVisible(true);
}

void CommandsWindow::hideEvent(QHideEvent *event)
{
    QWidget::hideEvent(event);
    m_follower->setVisible(false);
    if (!event->spontaneous()) {  // closed or hidden by us, not minimised
        m_model->releaseRows();
        os::releaseFreedMemory();  // the allocator would keep what the rows took (14 MB at 10,000)
    }
}

void CommandsWindow::runStarted()
{
    m_userSelected = false;  // a new run: show it
    reload();
}

void CommandsWindow::buildFilters()
{
    m_filterText->setPlaceholderText(tr("Id, type, agent, error or command line"));
    m_filterText->setClearButtonEnabled(true);
    m_filterState->addItem(tr("Any state"), QString());
    for (const CommandState state : {CommandState::Pending, CommandState::Running, CommandState::Succeeded, CommandState::Failed,
                                     CommandState::Rejected, CommandState::Skipped, CommandState::Interrupted})
        m_filterState->addItem(CommandLabels::state(state), stateName(state));
    auto *textLabel = new QLabel(tr("&Filter:"));
    textLabel->setBuddy(m_filterText);
    auto *stateLabel = new QLabel(tr("S&tate:"));
    stateLabel->setBuddy(m_filterState);
    auto *row = new QHBoxLayout;
    row->addWidget(textLabel);
    row->addWidget(m_filterText, 1);
    row->addWidget(stateLabel);
    row->addWidget(m_filterState);
    m_layout->addLayout(row);
    connect(m_filterText, &QLineEdit::textChanged, this, [this](const QString &text) {
        m_model->setTextFilter(text);
        selectRow(selectedRowId());
    });
    connect(m_filterState, &QComboBox::currentIndexChanged, this, [this] {
        m_model->setStateFilter(m_filterState->currentData().toString());
        selectRow(selectedRowId());
    });
}

CommandsWindow::~CommandsWindow() = default;

void CommandsWindow::showAppControls(const QList<QAction *> &actions, const QString &notice)
{
    // The palette's tooltip colours stand out from the window in light and dark themes alike.
    auto *banner = new QLabel(notice);
    banner->setWordWrap(true);
    banner->setAutoFillBackground(true);
    banner->setBackgroundRole(QPalette::ToolTipBase);
    banner->setForegroundRole(QPalette::ToolTipText);
    banner->setMargin(6);
    m_layout->insertWidget(0, banner);
    m_layout->insertLayout(1, createActionButtonRow(actions));
}

qint64 CommandsWindow::selectedRowId() const
{
    const QModelIndex current = m_table->selectionModel()->currentIndex();
    return current.isValid() ? current.data(CommandsModel::RowIdRole).toLongLong() : 0;
}

void CommandsWindow::reload()
{
    qint64 selected = selectedRowId();
    m_model->reload();
    const int running = m_model->runningRow();
    if (!m_userSelected && running >= 0)
        selected = m_model->commandAt(running).rowId;
    selectRow(selected);
}

void CommandsWindow::setNextSync(const QDateTime &when)
{
    m_nextSync = when;
    showSelected();
}

void CommandsWindow::selectRow(qint64 rowId)
{
    const int row = rowId ? m_model->rowOf(rowId) : -1;
    QModelIndex index = row >= 0 ? m_model->index(row, 0) : QModelIndex();
    if (!index.isValid() && m_model->rowCount() > 0)
        index = m_model->index(0, 0);
    if (!index.isValid()) {
        m_selecting = true;
        m_table->selectionModel()->clear();
        m_selecting = false;
        showSelected();
        return;
    }
    if (m_table->selectionModel()->currentIndex().row() != index.row()) {
        m_selecting = true;
        m_table->selectionModel()->setCurrentIndex(index, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
        m_selecting = false;
        m_table->scrollTo(index);
    } else {
        showSelected();  // same row, new data
    }
}

QString CommandsWindow::detailsHtml(const LedgerCommand &c) const
{
    QStringList lines;
    const QString type = c.type.isEmpty() ? tr("(no type)") : c.type;
    lines << tr("<b>Command %1</b> — %2 for <b>%3</b>").arg(c.commandId).arg(type.toHtmlEscaped(), c.agentType.toHtmlEscaped());
    const QString commandLine = CommandLabels::commandLine(c);
    if (!commandLine.isEmpty())
        lines << tr("Command line: <code>%1</code>").arg(commandLine.toHtmlEscaped());
    lines << tr("State: %1").arg(CommandLabels::state(c.state).toHtmlEscaped());
    if (isFinal(c.state))
        lines << tr("Delivery: %1").arg(CommandLabels::delivery(c.delivery).toHtmlEscaped());
    if (!c.ackState.isEmpty())
        lines << (c.ackAttempts == 1 ? tr("Result sent to the backend: %1 (1 attempt)").arg(CommandLabels::ack(c.ackState).toHtmlEscaped())
                                     : tr("Result sent to the backend: %1 (%2 attempts)").arg(CommandLabels::ack(c.ackState).toHtmlEscaped()).arg(c.ackAttempts));
    lines << tr("Received %1 · started %2 · finished %3").arg(timeText(c.receivedAt), timeText(c.startedAt), timeText(c.finishedAt));
    const QString exit = CommandsModel::exitText(c);
    if (!exit.isEmpty())
        lines << tr("Exit status: %1").arg(exit.toHtmlEscaped());
    if (!c.error.isEmpty())
        lines << tr("<b>Error:</b> %1").arg(c.error.toHtmlEscaped());
    if (!c.detail.isEmpty())
        lines << tr("Detail: %1").arg(c.detail.toHtmlEscaped());
    return lines.join(QStringLiteral("<br>"));
}

void CommandsWindow::showSelected()
{
    const QModelIndex current = m_table->selectionModel()->currentIndex();
    const int row = current.isValid() ? current.row() : -1;
    const std::optional<LedgerCommand> command = m_model->details(row);
    m_outSpill.clear();
    m_errSpill.clear();
    if (!command) {
        m_shownCommand = 0;
        m_shownLive = false;
        m_follower->stop();
        const bool filtered = !m_model->stateFilter().isEmpty() || !m_model->textFilter().isEmpty();
        m_details->setText(m_model->rowCount() > 0 ? QString()
                           : filtered              ? tr("No command matches the filter.")
                                                   : tr("No commands yet. Commands the backend pushes appear here."));
        m_outputNote->clear();
        m_output->clear();
        m_cancel->hide();
        m_openOut->hide();
        m_openErr->hide();
        return;
    }
    const LedgerCommand &c = *command;
    m_details->setText(detailsHtml(c));
    const bool sameCommand = m_shownCommand == c.commandId && m_shownAgent == c.agentType;
    m_shownAgent = c.agentType;
    m_shownCommand = c.commandId;
    if (!showLive(c, sameCommand))
        showRecorded(c);
}

bool CommandsWindow::showLive(const LedgerCommand &c, bool sameCommand)
{
    const bool here = c.state == CommandState::Running && c.runnerPid == QCoreApplication::applicationPid();
    m_cancel->setVisible(here);
    if (c.state != CommandState::Running) {
        m_shownLive = false;
        m_follower->stop();
        m_output->setPlaceholderText({});
        return false;
    }
    if (!sameCommand) {
        m_cancel->setEnabled(true);
        m_cancel->setText(tr("&Cancel command"));
    }
    if (!sameCommand || !m_shownLive) {
        m_output->clear();
        m_output->setPlaceholderText(tr("No output yet."));
        m_followOutput = true;
        m_shownLive = true;
        m_follower->follow(output::OutputKey{c.agentType, c.commandId});
    }
    const qint64 pid = c.childPid ? c.childPid : c.runnerPid;
    m_outputNote->setText(m_follower->isComplete() ? finishedNote()
                          : here ? tr("Running here (pid %1): output appears as it is printed.").arg(pid)
                                 : tr("Running in another agent process (pid %1): output appears as it is printed.").arg(pid));
    m_openOut->hide();
    m_openErr->hide();
    return true;
}

void CommandsWindow::showRecorded(const LedgerCommand &c)
{
    if (c.state == CommandState::Pending) {
        PendingContext context;
        context.remoteCommandsAllowed = RemoteCommandGate::evaluate().allowed;
        context.nextSync = m_nextSync;
        const int running = m_model->runningRow();
        context.runningCommandId = running >= 0 ? m_model->commandAt(running).commandId : 0;
        m_outputNote->setText(pendingReason(c, context));
        m_output->clear();
    } else if (c.stdoutTail.isEmpty() && c.stderrTail.isEmpty()) {
        m_outputNote->setText(c.delivery == Delivery::Delivered ? tr("It printed nothing.") : tr("Nothing ran, so there is no output."));
        m_output->clear();
    } else {
        const bool spilled = !c.stdoutSpill.isEmpty() || !c.stderrSpill.isEmpty();
        m_outputNote->setText(spilled ? tr("The end of the output is shown; open the full output below.") : tr("Output:"));
        m_output->setPlainText(outputText(c.stdoutTail, c.stderrTail, !c.stdoutSpill.isEmpty(), !c.stderrSpill.isEmpty()));
    }
    m_outSpill = c.stdoutSpill;
    m_errSpill = c.stderrSpill;
    m_openOut->setVisible(!m_outSpill.isEmpty());
    m_openErr->setVisible(!m_errSpill.isEmpty());
}

void CommandsWindow::appendOutput(const QByteArray &out, const QByteArray &err, bool lossy)
{
    if (!m_shownLive)
        return;
    QTextCursor cursor(m_output->document());
    cursor.movePosition(QTextCursor::End);
    if (lossy) {
        // On a line of its own, wherever the gap is.
        cursor.insertText((cursor.atBlockStart() ? QString() : QStringLiteral("\n")) + lossyMarker() + u'\n');
    }
    cursor.insertText(QString::fromUtf8(out) + QString::fromUtf8(err));
    if (m_followOutput)
        m_output->verticalScrollBar()->setValue(m_output->verticalScrollBar()->maximum());
}

void CommandsWindow::openSpill(bool stderrStream)
{
    const QString path = stderrStream ? m_errSpill : m_outSpill;
    if (!path.isEmpty())
        QDesktopServices::openUrl(QUrl::fromLocalFile(path));
}

} // namespace teamai::ui
