#include "windows/CommandsWindow.h"

#include "models/CommandsModel.h"
#include "models/LiveRuns.h"
#include "tray/TrayIconFactory.h"

#include <QDesktopServices>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QScrollBar>
#include <QSplitter>
#include <QTableView>
#include <QToolButton>
#include <QUrl>
#include <QVBoxLayout>

namespace teamai::ui {
namespace {

QString outputText(const QByteArray &out, const QByteArray &err, bool outTruncated, bool errTruncated)
{
    QString text;
    if (!out.isEmpty() || err.isEmpty()) {
        text += outTruncated ? QStringLiteral("── stdout (last part) ──\n") : QStringLiteral("── stdout ──\n");
        text += QString::fromUtf8(out);
    }
    if (!err.isEmpty()) {
        if (!text.isEmpty() && !text.endsWith(u'\n'))
            text += u'\n';
        text += errTruncated ? QStringLiteral("── stderr (last part) ──\n") : QStringLiteral("── stderr ──\n");
        text += QString::fromUtf8(err);
    }
    return text;
}

QString timeText(const QDateTime &time)
{
    return time.isValid() ? time.toLocalTime().toString(QStringLiteral("yyyy-MM-dd HH:mm:ss")) : QStringLiteral("—");
}

} // namespace

CommandsWindow::CommandsWindow(CommandLedger &ledger, LiveRuns *live, QWidget *parent)
    : QWidget(parent, Qt::Window)
    , m_layout(new QVBoxLayout(this))
    , m_ledger(ledger)
    , m_live(live)
    , m_model(new CommandsModel(ledger, live, this))
    , m_table(new QTableView)
    , m_details(new QLabel)
    , m_outputNote(new QLabel)
    , m_output(new QPlainTextEdit)
    , m_cancel(new QPushButton(QStringLiteral("Cancel command")))
    , m_openOut(new QPushButton(QStringLiteral("Open full stdout")))
    , m_openErr(new QPushButton(QStringLiteral("Open full stderr")))
{
    setWindowTitle(QStringLiteral("TeamAI Agent — Commands"));
    setWindowIcon(TrayIconFactory::appIcon());
    resize(1160, 640);

    m_table->setModel(m_model);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->setAlternatingRowColors(true);
    m_table->verticalHeader()->hide();
    m_table->verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->setWordWrap(false);
    const int widths[] = {55, 130, 80, 105, 95, 135, 135, 135, 90};
    for (int column = 0; column < int(std::size(widths)); ++column)
        m_table->setColumnWidth(column, widths[column]);

    m_details->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_details->setWordWrap(true);
    m_details->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    m_outputNote->setWordWrap(true);
    m_output->setReadOnly(true);
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

    auto *splitter = new QSplitter(Qt::Vertical);
    splitter->addWidget(m_table);
    splitter->addWidget(detailPane);
    splitter->setStretchFactor(0, 3);
    splitter->setStretchFactor(1, 2);
    m_layout->addWidget(splitter);

    connect(m_table->selectionModel(), &QItemSelectionModel::currentRowChanged, this, &CommandsWindow::showSelected);
    connect(m_model, &QAbstractItemModel::modelReset, this, [this] { showSelected(); });
    connect(m_cancel, &QPushButton::clicked, this, [this] {
        m_cancel->setEnabled(false);
        m_cancel->setText(QStringLiteral("Cancelling…"));
        emit cancelRequested();
    });
    // Only the user's own scrolling (not ours, not new text) stops or resumes following.
    connect(m_output->verticalScrollBar(), &QScrollBar::actionTriggered, this, [this] {
        QScrollBar *bar = m_output->verticalScrollBar();
        QMetaObject::invokeMethod(this, [this, bar] { m_followOutput = bar->value() >= bar->maximum(); }, Qt::QueuedConnection);
    });
    connect(m_openOut, &QPushButton::clicked, this, [this] { openSpill(false); });
    connect(m_openErr, &QPushButton::clicked, this, [this] { openSpill(true); });
    if (m_live) {
        connect(m_live, &LiveRuns::outputAppended, this, &CommandsWindow::onOutput);
        connect(m_live, &LiveRuns::runStarted, this, &CommandsWindow::reload);
        connect(m_live, &LiveRuns::runFinished, this, &CommandsWindow::reload);
    }
    reload();
}

CommandsWindow::~CommandsWindow() = default;

void CommandsWindow::showAppControls(const QList<QAction *> &actions, const QString &notice)
{
    auto *banner = new QLabel(notice);
    banner->setWordWrap(true);
    banner->setStyleSheet(QStringLiteral("background: #fef3c7; color: #78350f; padding: 6px; border-radius: 4px"));
    auto *bar = new QHBoxLayout;
    for (QAction *action : actions) {
        auto *button = new QToolButton;
        button->setDefaultAction(action);
        button->setToolButtonStyle(Qt::ToolButtonTextOnly);
        bar->addWidget(button);
    }
    bar->addStretch();
    m_layout->insertWidget(0, banner);
    m_layout->insertLayout(1, bar);
}

qint64 CommandsWindow::selectedRowId() const
{
    const QModelIndex current = m_table->selectionModel()->currentIndex();
    return current.isValid() ? m_model->data(current, CommandsModel::RowIdRole).toLongLong() : 0;
}

void CommandsWindow::reload()
{
    const qint64 selected = selectedRowId();
    m_model->reload();
    selectRow(selected);
}

void CommandsWindow::selectRow(qint64 rowId)
{
    int row = rowId ? m_model->rowOf(rowId) : -1;
    if (row < 0 && m_model->rowCount() > 0)
        row = 0;
    if (row < 0) {
        showSelected();
        return;
    }
    const QModelIndex index = m_model->index(row, 0);
    if (m_table->selectionModel()->currentIndex().row() != row)
        m_table->selectionModel()->setCurrentIndex(index, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
    else
        showSelected();  // same row, new data
}

void CommandsWindow::showSelected()
{
    const int row = m_table->selectionModel()->currentIndex().row();
    const std::optional<LedgerCommand> command = m_model->details(row);
    m_outSpill.clear();
    m_errSpill.clear();
    if (!command) {
        m_shownCommand = 0;
        m_shownLive = false;
        m_details->setText(m_model->rowCount() == 0 ? QStringLiteral("No commands yet. Commands the backend pushes appear here.") : QString());
        m_outputNote->clear();
        m_output->clear();
        m_cancel->hide();
        m_openOut->hide();
        m_openErr->hide();
        return;
    }
    const LedgerCommand &c = *command;
    QStringList lines;
    lines << QStringLiteral("<b>Command %1</b> — %2 for <b>%3</b>").arg(c.commandId).arg((c.type.isEmpty() ? QStringLiteral("(no type)") : c.type).toHtmlEscaped(), c.agentType.toHtmlEscaped());
    QString state = stateName(c.state);
    if (isFinal(c.state))
        state += QStringLiteral(" · delivery: %1").arg(deliveryName(c.delivery));
    if (!c.ackState.isEmpty())
        state += QStringLiteral(" · ack %1 (%2 attempt%3)").arg(c.ackState).arg(c.ackAttempts).arg(c.ackAttempts == 1 ? QString() : QStringLiteral("s"));
    lines << QStringLiteral("State: %1").arg(state.toHtmlEscaped());
    lines << QStringLiteral("Received %1 · started %2 · finished %3").arg(timeText(c.receivedAt), timeText(c.startedAt), timeText(c.finishedAt));
    const QString exit = CommandsModel::exitText(c);
    if (!exit.isEmpty())
        lines << QStringLiteral("Exit status: %1").arg(exit.toHtmlEscaped());
    if (!c.error.isEmpty())
        lines << QStringLiteral("Error: <span style='color:#b91c1c'>%1</span>").arg(c.error.toHtmlEscaped());
    if (!c.detail.isEmpty())
        lines << QStringLiteral("Detail: %1").arg(c.detail.toHtmlEscaped());
    m_details->setText(lines.join(QStringLiteral("<br>")));

    const bool sameCommand = m_shownCommand == c.commandId && m_shownAgent == c.agentType;
    m_shownAgent = c.agentType;
    m_shownCommand = c.commandId;
    const LiveRuns::Run *run = m_live ? m_live->find(c.agentType, c.commandId) : nullptr;
    const bool liveHere = run && run->running && c.state == CommandState::Running;
    m_cancel->setVisible(liveHere);
    if (liveHere && !sameCommand) {
        m_cancel->setEnabled(true);
        m_cancel->setText(QStringLiteral("Cancel command"));
    }

    if (liveHere) {
        m_outputNote->setText(QStringLiteral("Running here (pid %1): output appears as it is printed.").arg(run->pid));
        if (!sameCommand || !m_shownLive) {
            m_output->setPlainText(outputText(run->out, run->err, run->outTruncated, run->errTruncated));
            m_followOutput = true;
            m_output->verticalScrollBar()->setValue(m_output->verticalScrollBar()->maximum());
        }
        m_shownLive = true;
        m_openOut->hide();
        m_openErr->hide();
        return;
    }
    m_shownLive = false;
    if (c.state == CommandState::Running) {
        m_outputNote->setText(QStringLiteral("Running in another agent process (pid %1). Its output is only visible to that "
                                             "process; it will show here once the command has finished.")
                                  .arg(c.runnerPid));
        m_output->clear();
    } else if (c.state == CommandState::Pending) {
        m_outputNote->setText(QStringLiteral("Waiting to run."));
        m_output->clear();
    } else if (c.stdoutTail.isEmpty() && c.stderrTail.isEmpty()) {
        m_outputNote->setText(c.delivery == Delivery::Delivered ? QStringLiteral("It printed nothing.")
                                                                : QStringLiteral("Nothing ran, so there is no output."));
        m_output->clear();
    } else {
        const bool spilled = !c.stdoutSpill.isEmpty() || !c.stderrSpill.isEmpty();
        m_outputNote->setText(spilled ? QStringLiteral("The end of the output is shown; open the full output below.")
                                      : QStringLiteral("Output:"));
        m_output->setPlainText(outputText(c.stdoutTail, c.stderrTail, !c.stdoutSpill.isEmpty(), !c.stderrSpill.isEmpty()));
    }
    m_outSpill = c.stdoutSpill;
    m_errSpill = c.stderrSpill;
    m_openOut->setVisible(!m_outSpill.isEmpty());
    m_openErr->setVisible(!m_errSpill.isEmpty());
}

void CommandsWindow::onOutput(const QString &agentType, qint64 commandId, const QByteArray &out, const QByteArray &err)
{
    if (!m_shownLive || agentType != m_shownAgent || commandId != m_shownCommand)
        return;
    QTextCursor cursor(m_output->document());
    cursor.movePosition(QTextCursor::End);
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
