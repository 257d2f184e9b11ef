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

class CommandsModel;
class OutputFollower;

/// @brief Pending, running and finished commands, newest first, with the selected one's details:
/// a running command shows its output as it is printed, read from its output files (core/output)
/// whichever process runs it — this tray, a `teamai worker`, a hook — with a marker where earlier
/// output is no longer kept; one this tray runs can also be cancelled. A finished one shows its
/// output tails and opens the full spill files. Output files are polled (OutputFollower) only
/// while the window is visible and the selected command runs.
/// It re-reads the ledger when reload() is called (the tray connects LedgerWatcher to it).
/// The table sorts by any column and filters by text and state; with nothing chosen, the
/// running command is selected. A pending command says why it waits and when it will run.
class CommandsWindow : public QWidget
{
    Q_OBJECT
public:
    explicit CommandsWindow(CommandLedger &ledger, QWidget *parent = nullptr);
    ~CommandsWindow() override;

    /// @brief What the table shows (sorted and filtered in the ledger's query, read page by page).
    CommandsModel *model() const { return m_model; }
    QLineEdit *filterField() const { return m_filterText; }
    QComboBox *stateFilter() const { return m_filterState; }
    QTableView *table() const { return m_table; }
    QPlainTextEdit *outputView() const { return m_output; }
    QPushButton *cancelButton() const { return m_cancel; }
    QLabel *detailsLabel() const { return m_details; }
    /// @brief Reads the selected running command's output files (tests drive its poll()).
    OutputFollower *follower() const { return m_follower; }

    /// @brief The text that marks where output is missing from the view (a window overflowed).
    static QString lossyMarker();

    /// @brief Selects the command with ledger row @p rowId (or the first row when 0).
    void selectRow(qint64 rowId);

    /// @brief Where there is no system tray, this window is the app: shows @p notice and
    /// buttons for the tray menu's @p actions above the table.
    void showAppControls(const QList<QAction *> &actions, const QString &notice);

public slots:
    void reload();
    /// @brief When the tray syncs next (a pending command waits for it); invalid when unknown.
    void setNextSync(const QDateTime &when);
    /// @brief This tray started running a command: select it, even over the user's choice.
    void runStarted();

signals:
    /// @brief The user asked to cancel the command this tray runs.
    void cancelRequested();

protected:
    void showEvent(QShowEvent *event) override;
    /// Stops following output and gives the model's rows but the first page back.
    void hideEvent(QHideEvent *event) override;

private:
    void showSelected();
    void buildFilters();
    void setUpTable();
    /// @brief The selected command's details, its output and the buttons under it.
    QWidget *buildDetailPane();
    void connectSignals();
    QString detailsHtml(const LedgerCommand &command) const;
    bool showLive(const LedgerCommand &command, bool sameCommand);
    void showRecorded(const LedgerCommand &command);
    static QString finishedNote();
    void appendOutput(const QByteArray &out, const QByteArray &err, bool lossy);
    qint64 selectedRowId() const;
    void openSpill(bool stderrStream);

    QVBoxLayout *m_layout;
    CommandLedger &m_ledger;
    OutputFollower *m_follower;
    CommandsModel *m_model;
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
