#pragma once

#include "store/AckHistoryQuery.h"

#include <QElapsedTimer>
#include <QPointer>
#include <QWidget>

#include <atomic>
#include <memory>

class QCheckBox;
class QComboBox;
class QDateEdit;
class QLayout;
class QLabel;
class QLineEdit;
class QMessageBox;
class QPlainTextEdit;
class QPushButton;
class QTableView;
class QThread;
class QTimer;

namespace teamai {
class LedgerDatabase;
}

namespace teamai::ui {

class AckHistoryModel;

/// @brief The admin's view of every ack attempt: command id, type, status, error, version, HTTP
/// result, time, retries; sorting by any column (in SQL); filters by command state, type, agent
/// and date range; text search; a details pane for the selected row (the command JSON, every
/// attempt of its ack, the result); export of what the filters select to CSV or JSON, after a
/// confirmation. The table is lazy (AckHistoryModel), so it opens and
/// scrolls at the same speed with a million rows as with ten. Exports run on their own thread
/// with their own database connection, so the window stays responsive.
class AckHistoryWindow : public QWidget
{
    Q_OBJECT
public:
    AckHistoryWindow(LedgerDatabase &database, QWidget *parent = nullptr);
    ~AckHistoryWindow() override;

    AckHistoryModel *model() const { return m_model; }
    QTableView *table() const { return m_table; }
    QComboBox *stateFilter() const { return m_state; }
    QComboBox *typeFilter() const { return m_type; }
    QComboBox *agentFilter() const { return m_agent; }
    QPlainTextEdit *detailsView() const { return m_details; }
    /// @brief The open "Export N rows to …?" question, or null.
    QMessageBox *exportConfirmation() const;
    QLineEdit *searchField() const { return m_search; }
    QCheckBox *fromEnabled() const { return m_useFrom; }
    QCheckBox *toEnabled() const { return m_useTo; }
    QDateEdit *fromDate() const { return m_from; }
    QDateEdit *toDate() const { return m_to; }
    QLabel *countLabel() const { return m_count; }

    /// @brief The filter the controls describe now.
    AckHistoryFilter currentFilter() const;

    /// @brief Exports what the filters select to @p path on a worker thread; exportFinished()
    /// follows. False when an export is already running.
    bool startExport(const QString &path, AckHistoryQuery::Format format);
    /// @brief Asks (window-modal, not blocking) whether to export to @p path; startExport()
    /// runs only when the user confirms.
    void requestExport(const QString &path, AckHistoryQuery::Format format);
    /// @brief Documents (or HOME when there is none) / teamai-ack-history-YYYY-MM-DD.csv|json.
    static QString defaultExportPath(AckHistoryQuery::Format format);
    bool isExporting() const { return m_exportThread != nullptr; }

public slots:
    /// @brief The ledger changed.
    void refresh();
    /// @brief Applies the filter controls now (they also apply by themselves, the search field
    /// after a short pause in typing).
    void applyFilters();

signals:
    void exportFinished(bool ok, qint64 rows, const QString &message);

private:
    void fillFilterChoices();
    void updateCount();
    void chooseExport(AckHistoryQuery::Format format);
    /// @brief On the export thread: writes what @p filter selects to @p path over its own connection.
    static AckHistoryQuery::ExportResult exportRows(const QString &path, AckHistoryQuery::Format format,
                                                    const AckHistoryFilter &filter, const QString &databasePath,
                                                    const std::function<bool(qint64)> &progress);
    /// @brief Back on the GUI thread: joins the export thread and says how the export went.
    void finishExport(const AckHistoryQuery::ExportResult &result, const QString &path);
    QLayout *buildFilters();
    void setUpTable();
    void connectControls();
    void showDetails();

    LedgerDatabase &m_database;
    AckHistoryModel *m_model;
    QTableView *m_table;
    QComboBox *m_state;
    QComboBox *m_type;
    QComboBox *m_agent;
    QPlainTextEdit *m_details;
    QPointer<QMessageBox> m_confirm;
    QCheckBox *m_useFrom;
    QDateEdit *m_from;
    QCheckBox *m_useTo;
    QDateEdit *m_to;
    QLineEdit *m_search;
    QTimer *m_searchDelay;
    QLabel *m_count;
    QPushButton *m_csv;
    QPushButton *m_json;
    QPushButton *m_cancelExport;
    QThread *m_exportThread = nullptr;
    std::shared_ptr<std::atomic<bool>> m_exportCancel;
};

} // namespace teamai::ui
