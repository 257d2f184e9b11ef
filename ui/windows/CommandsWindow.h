#pragma once

#include "store/LedgerTypes.h"

#include <QDateTime>
#include <QWidget>

class QAction;
class QComboBox;
class QLabel;
class QLineEdit;
class QVBoxLayout;
class QPlainTextEdit;
class QPushButton;
class QTableView;

namespace teamai {
class CommandLedger;
}

namespace teamai::ui {

class CommandsFilterModel;
class CommandsModel;
class LiveRuns;

/// @brief Pending, running and finished commands, newest first, with the selected one's details:
/// a command this tray runs shows its output live and can be cancelled; one run by another agent
/// process (a hook, `teamai sync`) shows as running without output — only the process running it
/// sees its output; a finished one shows its output tails and opens the full spill files.
/// It re-reads the ledger when reload() is called (the tray connects LedgerWatcher to it).
/// The table sorts by any column and filters by text and state; with nothing chosen, the
/// running command is selected. A pending command says why it waits and when it will run.
class CommandsWindow : public QWidget
{
    Q_OBJECT
public:
    CommandsWindow(CommandLedger &ledger, LiveRuns *live, QWidget *parent = nullptr);
    ~CommandsWindow() override;

    CommandsModel *model() const { return m_model; }
    /// @brief What the table shows: model() sorted and filtered.
    CommandsFilterModel *proxy() const { return m_proxy; }
    QLineEdit *filterField() const { return m_filterText; }
    QComboBox *stateFilter() const { return m_filterState; }
    QTableView *table() const { return m_table; }
    QPlainTextEdit *outputView() const { return m_output; }
    QPushButton *cancelButton() const { return m_cancel; }
    QLabel *detailsLabel() const { return m_details; }

    /// @brief Selects the command with ledger row @p rowId (or the first row when 0).
    void selectRow(qint64 rowId);

    /// @brief Where there is no system tray, this window is the app: shows @p notice and
    /// buttons for the tray menu's @p actions above the table.
    void showAppControls(const QList<QAction *> &actions, const QString &notice);

public slots:
    void reload();
    /// @brief When the tray syncs next (a pending command waits for it); invalid when unknown.
    void setNextSync(const QDateTime &when);

signals:
    /// @brief The user asked to cancel the command this tray runs.
    void cancelRequested();

private:
    void showSelected();
    void buildFilters();
    void setUpTable();
    void connectSignals();
    QString detailsHtml(const LedgerCommand &command) const;
    bool showLive(const LedgerCommand &command, bool sameCommand);
    void showRecorded(const LedgerCommand &command);
    void onOutput(const QString &agentType, qint64 commandId, const QByteArray &out, const QByteArray &err);
    qint64 selectedRowId() const;
    void openSpill(bool stderrStream);

    QVBoxLayout *m_layout;
    CommandLedger &m_ledger;
    LiveRuns *m_live;
    CommandsModel *m_model;
    CommandsFilterModel *m_proxy;
    QLineEdit *m_filterText;
    QComboBox *m_filterState;
    QTableView *m_table;
    QLabel *m_details;
    QLabel *m_outputNote;
    QPlainTextEdit *m_output;
    QPushButton *m_cancel;
    QPushButton *m_openOut;
    QPushButton *m_openErr;
    QString m_shownAgent;
    qint64 m_shownCommand = 0;
    bool m_shownLive = false;
    bool m_userSelected = false;  // the user picked a row: reloads keep it instead of the running one
    bool m_selecting = false;     // we are moving the selection, not the user
    QDateTime m_nextSync;
    bool m_followOutput = true;  // keep the end of live output in view until the user scrolls up
    QString m_outSpill;
    QString m_errSpill;
};

} // namespace teamai::ui
