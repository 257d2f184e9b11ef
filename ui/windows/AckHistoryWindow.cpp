#include "windows/AckHistoryWindow.h"

#include "models/AckDetailsText.h"
#include "models/AckHistoryModel.h"
#include "store/LedgerDatabase.h"
#include "tools/ToolTable.h"
#include "windows/WindowFit.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDateEdit>
#include <QDir>
#include <QFileDialog>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSaveFile>
#include <QScrollBar>
#include <QSplitter>
#include <QStandardPaths>
#include <QTableView>
#include <QThread>
#include <QTimer>
#include <QVBoxLayout>

namespace teamai::ui {
namespace {
constexpr int kSearchDelayMs = 350;
}

AckHistoryWindow::AckHistoryWindow(LedgerDatabase &database, QWidget *parent)
    : QWidget(parent, Qt::Window)
    , m_database(database)
    , m_model(new AckHistoryModel(database, this))
    , m_table(new QTableView)
    , m_state(new QComboBox)
    , m_type(new QComboBox)
    , m_agent(new QComboBox)
    , m_details(new QPlainTextEdit)
    , m_useFrom(new QCheckBox(tr("&From")))
    , m_from(new QDateEdit(QDate::currentDate().addDays(-7)))
    , m_useTo(new QCheckBox(tr("T&o")))
    , m_to(new QDateEdit(QDate::currentDate()))
    , m_search(new QLineEdit)
    , m_searchDelay(new QTimer(this))
    , m_count(new QLabel)
    , m_csv(new QPushButton(tr("Export &CSV…")))
    , m_json(new QPushButton(tr("Export &JSON…")))
    , m_cancelExport(new QPushButton(tr("Ca&ncel export")))
{
    setUpWindow(this, tr("TeamAI Agent — Ack history"));

    m_searchDelay->setSingleShot(true);
    m_searchDelay->setInterval(kSearchDelayMs);
    m_cancelExport->hide();
    m_count->setWordWrap(true);
    m_details->setReadOnly(true);
    m_details->setAccessibleName(tr("Details of the selected ack"));
    m_details->setPlaceholderText(tr("Select a row to see its command, every attempt and the result."));

    auto *bottom = new QHBoxLayout;
    bottom->addWidget(m_count, 1);
    bottom->addWidget(m_cancelExport);
    bottom->addWidget(m_csv);
    bottom->addWidget(m_json);

    setUpTable();
    auto *splitter = new QSplitter(Qt::Vertical);
    splitter->addWidget(m_table);
    splitter->addWidget(m_details);
    splitter->setStretchFactor(0, 3);
    splitter->setStretchFactor(1, 1);

    auto *layout = new QVBoxLayout(this);
    layout->addLayout(buildFilters());
    layout->addWidget(splitter, 1);
    layout->addLayout(bottom);

    fillFilterChoices();
    updateCount();
    connectControls();
    fitToScreen(this, QSize(1100, 640));
}

void AckHistoryWindow::setUpTable()
{
    // A million rows: fixed row heights and fixed column widths, so the view never measures rows
    // it does not paint. Sorting is the model's (SQL), never a proxy's.
    m_table->setModel(m_model);
    m_table->setAccessibleName(tr("Ack attempts"));
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->setAlternatingRowColors(true);
    m_table->setWordWrap(false);
    m_table->horizontalHeader()->setSortIndicator(AckHistoryModel::Time, Qt::DescendingOrder);
    m_table->setSortingEnabled(true);
    m_table->verticalHeader()->hide();
    m_table->verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    m_table->verticalHeader()->setDefaultSectionSize(m_table->fontMetrics().height() + 8);
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::Interactive);
    m_table->horizontalHeader()->setStretchLastSection(false);
    const int widths[] = {140, 75, 125, 70, 85, 60, 70, 50, 0, 60, 55};
    for (int column = 0; column < int(std::size(widths)); ++column) {
        if (widths[column] > 0)
            m_table->setColumnWidth(column, widths[column]);
    }
    // The error column takes what is left; Stretch sizes by the header, never by the rows.
    m_table->horizontalHeader()->setSectionResizeMode(AckHistoryModel::Error, QHeaderView::Stretch);
    // Dragging the scroll bar shows placeholders and reads the rows where it is let go.
    connect(m_table->verticalScrollBar(), &QScrollBar::sliderPressed, this, [this] { m_model->setDeferLoading(true); });
    connect(m_table->verticalScrollBar(), &QScrollBar::sliderReleased, this, [this] { m_model->setDeferLoading(false); });
    connect(m_table->selectionModel(), &QItemSelectionModel::currentRowChanged, this, &AckHistoryWindow::showDetails);
    connect(m_model, &QAbstractItemModel::modelReset, this, &AckHistoryWindow::showDetails);
}

QLayout *AckHistoryWindow::buildFilters()
{
    for (QDateEdit *edit : {m_from, m_to}) {
        edit->setCalendarPopup(true);
        edit->setDisplayFormat(QStringLiteral("yyyy-MM-dd"));
        edit->setEnabled(false);
    }
    m_from->setAccessibleName(tr("From date"));
    m_to->setAccessibleName(tr("To date"));
    m_search->setPlaceholderText(tr("Search command id, type, error…"));
    m_search->setClearButtonEnabled(true);
    // Two rows, and combo boxes that may be narrower than their longest item: the window must
    // fit a small (or scaled) screen.
    for (QComboBox *box : {m_state, m_type, m_agent}) {
        box->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
        box->setMinimumContentsLength(8);
    }
    auto *filters = new QGridLayout;
    int column = 0;
    const auto labelled = [filters, &column](int row, const QString &text, QWidget *input) {
        auto *label = new QLabel(text);
        label->setBuddy(input);
        filters->addWidget(label, row, column++);
        filters->addWidget(input, row, column++);
    };
    labelled(0, tr("&State:"), m_state);
    labelled(0, tr("T&ype:"), m_type);
    labelled(0, tr("&Agent:"), m_agent);
    column = 0;
    filters->addWidget(m_useFrom, 1, column++);
    filters->addWidget(m_from, 1, column++);
    filters->addWidget(m_useTo, 1, column++);
    filters->addWidget(m_to, 1, column++);
    auto *searchLabel = new QLabel(tr("S&earch:"));
    searchLabel->setBuddy(m_search);
    filters->addWidget(searchLabel, 1, column++);
    filters->addWidget(m_search, 1, column, 1, 2);  // the search field takes the room the combo boxes leave
    filters->setColumnStretch(column + 1, 1);
    return filters;
}

void AckHistoryWindow::connectControls()
{
    connect(m_state, &QComboBox::currentIndexChanged, this, &AckHistoryWindow::applyFilters);
    connect(m_type, &QComboBox::currentIndexChanged, this, &AckHistoryWindow::applyFilters);
    connect(m_agent, &QComboBox::currentIndexChanged, this, &AckHistoryWindow::applyFilters);
    connect(m_useFrom, &QCheckBox::toggled, m_from, &QWidget::setEnabled);
    connect(m_useTo, &QCheckBox::toggled, m_to, &QWidget::setEnabled);
    connect(m_useFrom, &QCheckBox::toggled, this, &AckHistoryWindow::applyFilters);
    connect(m_useTo, &QCheckBox::toggled, this, &AckHistoryWindow::applyFilters);
    connect(m_from, &QDateEdit::dateChanged, this, &AckHistoryWindow::applyFilters);
    connect(m_to, &QDateEdit::dateChanged, this, &AckHistoryWindow::applyFilters);
    connect(m_search, &QLineEdit::textChanged, m_searchDelay, qOverload<>(&QTimer::start));
    connect(m_searchDelay, &QTimer::timeout, this, &AckHistoryWindow::applyFilters);
    connect(m_csv, &QPushButton::clicked, this, [this] { chooseExport(AckHistoryQuery::Format::Csv); });
    connect(m_json, &QPushButton::clicked, this, [this] { chooseExport(AckHistoryQuery::Format::Json); });
    connect(m_cancelExport, &QPushButton::clicked, this, [this] {
        if (m_exportCancel)
            m_exportCancel->store(true);
    });
}

void AckHistoryWindow::showDetails()
{
    const QModelIndex current = m_table->selectionModel()->currentIndex();
    if (!current.isValid()) {
        m_details->clear();
        return;
    }
    m_details->setPlainText(AckDetailsText::format(m_model->details(current.row())));
}

AckHistoryWindow::~AckHistoryWindow()
{
    if (m_exportThread) {
        m_exportCancel->store(true);
        m_exportThread->wait();
        delete m_exportThread;
    }
}

void AckHistoryWindow::fillFilterChoices()
{
    const auto refill = [this](QComboBox *box, const QString &any, const QStringList &values) {
        const QString current = box->currentData().toString();
        const QSignalBlocker block(box);
        box->clear();
        box->addItem(any, QString());
        for (const QString &value : values) {
            if (!value.isEmpty())
                box->addItem(box == m_state ? AckHistoryModel::stateLabel(value) : value, value);
        }
        const int index = box->findData(current);
        box->setCurrentIndex(index < 0 ? 0 : index);
    };
    refill(m_state, tr("Any state"), m_model->states());
    refill(m_type, tr("Any type"), m_model->types());
    QStringList agents;
    for (const ToolInfo &tool : knownTools())
        agents << tool.name;
    refill(m_agent, tr("Any agent"), agents);
}

AckHistoryFilter AckHistoryWindow::currentFilter() const
{
    AckHistoryFilter filter;
    filter.commandState = m_state->currentData().toString();
    filter.type = m_type->currentData().toString();
    filter.agentType = m_agent->currentData().toString();
    filter.sortKey = m_model->filter().sortKey;  // the header sorts; the controls filter
    filter.ascending = m_model->filter().ascending;
    if (m_useFrom->isChecked())
        filter.from = m_from->date().startOfDay();
    if (m_useTo->isChecked())
        filter.to = m_to->date().addDays(1).startOfDay();  // the "To" day is included
    filter.text = m_search->text().trimmed();
    return filter;
}

void AckHistoryWindow::applyFilters()
{
    m_searchDelay->stop();
    const AckHistoryFilter filter = currentFilter();
    if (filter == m_model->filter())
        return;
    m_model->setFilter(filter);
    updateCount();
}

void AckHistoryWindow::refresh()
{
    m_model->refresh();
    fillFilterChoices();
    updateCount();
}

void AckHistoryWindow::updateCount()
{
    const int rows = m_model->rowCount();
    const QString count = rows == 1 ? tr("1 ack attempt") : tr("%1 ack attempts").arg(QLocale().toString(rows));
    if (m_model->searchWasBounded())
        m_count->setText(tr("%1 — text search looked at the newest %2 of the other filters; narrow the dates to search older ones")
                             .arg(count, QLocale().toString(AckHistoryQuery::kSearchWindow)));
    else
        m_count->setText(count);
}

QString AckHistoryWindow::defaultExportPath(AckHistoryQuery::Format format)
{
    QString folder = QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation);
    if (folder.isEmpty() || !QDir(folder).exists())
        folder = QDir::homePath();
    const bool csv = format == AckHistoryQuery::Format::Csv;
    const QString name = QStringLiteral("teamai-ack-history-%1.%2")
                             .arg(QDate::currentDate().toString(Qt::ISODate), csv ? QStringLiteral("csv") : QStringLiteral("json"));
    return QDir(folder).filePath(name);
}

void AckHistoryWindow::chooseExport(AckHistoryQuery::Format format)
{
    const bool csv = format == AckHistoryQuery::Format::Csv;
    const QString path = QFileDialog::getSaveFileName(this, tr("Export ack history"), defaultExportPath(format),
                                                      csv ? tr("CSV files (*.csv)") : tr("JSON files (*.json)"));
    if (!path.isEmpty())
        requestExport(path, format);
}

QMessageBox *AckHistoryWindow::exportConfirmation() const
{
    return m_confirm.data();
}

void AckHistoryWindow::requestExport(const QString &path, AckHistoryQuery::Format format)
{
    if (m_confirm || m_exportThread)
        return;
    const int rows = m_model->rowCount();
    m_confirm = new QMessageBox(QMessageBox::Question, tr("Export ack history"),
                                rows == 1 ? tr("Export the 1 ack attempt that the filters select to %1?").arg(QDir::toNativeSeparators(path))
                                          : tr("Export the %1 ack attempts that the filters select to %2?")
                                                .arg(QLocale().toString(rows), QDir::toNativeSeparators(path)),
                                QMessageBox::NoButton, this);
    m_confirm->setInformativeText(tr("The file holds command ids, types, errors and HTTP results of this machine's agents."));
    QPushButton *exportButton = m_confirm->addButton(tr("&Export"), QMessageBox::AcceptRole);
    m_confirm->addButton(QMessageBox::Cancel);
    m_confirm->setDefaultButton(exportButton);
    m_confirm->setAttribute(Qt::WA_DeleteOnClose);
    connect(m_confirm, &QMessageBox::buttonClicked, this, [this, exportButton, path, format](QAbstractButton *button) {
        if (button == exportButton)
            startExport(path, format);
    });
    m_confirm->open();
}

bool AckHistoryWindow::startExport(const QString &path, AckHistoryQuery::Format format)
{
    if (m_exportThread)
        return false;
    const AckHistoryFilter filter = currentFilter();
    const QString databasePath = m_database.path();
    auto cancel = std::make_shared<std::atomic<bool>>(false);
    m_exportCancel = cancel;
    QPointer<AckHistoryWindow> self(this);
    m_csv->setEnabled(false);
    m_json->setEnabled(false);
    m_cancelExport->show();
    m_count->setText(tr("Exporting…"));
    // Its own connection: a LedgerDatabase stays on the thread that opened it.
    m_exportThread = QThread::create([self, path, format, filter, databasePath, cancel] {
        const auto progress = [self, cancel](qint64 rows) {
            if (self) {
                QMetaObject::invokeMethod(self, [self, rows] {
                    if (self)
                        self->m_count->setText(tr("Exporting… %1 rows").arg(QLocale().toString(rows)));
                });
            }
            return !cancel->load();
        };
        const AckHistoryQuery::ExportResult result = exportRows(path, format, filter, databasePath, progress);
        if (self) {
            QMetaObject::invokeMethod(self, [self, result, path] {
                if (self)
                    self->finishExport(result, path);
            });
        }
    });
    m_exportThread->start();
    return true;
}

AckHistoryQuery::ExportResult AckHistoryWindow::exportRows(const QString &path, AckHistoryQuery::Format format,
                                                           const AckHistoryFilter &filter, const QString &databasePath,
                                                           const std::function<bool(qint64)> &progress)
{
    AckHistoryQuery::ExportResult result;
    LedgerDatabase database(databasePath);
    QSaveFile file(path);
    if (const Status opened = database.open(); !opened) {
        result.error = opened.error();
    } else if (!file.open(QIODevice::WriteOnly)) {
        result.error = tr("cannot write %1: %2").arg(path, file.errorString());
    } else {
        AckHistoryQuery query(database);
        query.setFilter(filter);
        result = query.exportTo(file, format, progress);
        if (result.ok && !file.commit()) {
            result.ok = false;
            result.error = tr("cannot write %1: %2").arg(path, file.errorString());
        }
    }
    if (!result.ok)
        file.cancelWriting();
    return result;
}

void AckHistoryWindow::finishExport(const AckHistoryQuery::ExportResult &result, const QString &path)
{
    m_exportThread->wait();
    m_exportThread->deleteLater();
    m_exportThread = nullptr;
    m_csv->setEnabled(true);
    m_json->setEnabled(true);
    m_cancelExport->hide();
    updateCount();
    const QString message = result.ok ? tr("Exported %1 rows to %2.").arg(QLocale().toString(result.rows), path)
                                      : tr("The export failed: %1").arg(result.error);
    m_count->setText(message);
    emit exportFinished(result.ok, result.rows, message);
}

} // namespace teamai::ui
