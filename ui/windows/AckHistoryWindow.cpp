#include "windows/AckHistoryWindow.h"

#include "models/AckHistoryModel.h"
#include "store/LedgerDatabase.h"
#include "tray/TrayIconFactory.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDateEdit>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QPushButton>
#include <QSaveFile>
#include <QScrollBar>
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
    , m_useFrom(new QCheckBox(QStringLiteral("From")))
    , m_from(new QDateEdit(QDate::currentDate().addDays(-7)))
    , m_useTo(new QCheckBox(QStringLiteral("To")))
    , m_to(new QDateEdit(QDate::currentDate()))
    , m_search(new QLineEdit)
    , m_searchDelay(new QTimer(this))
    , m_count(new QLabel)
    , m_csv(new QPushButton(QStringLiteral("Export CSV…")))
    , m_json(new QPushButton(QStringLiteral("Export JSON…")))
    , m_cancelExport(new QPushButton(QStringLiteral("Cancel export")))
{
    setWindowTitle(QStringLiteral("TeamAI Agent — Ack history"));
    setWindowIcon(TrayIconFactory::appIcon());
    resize(1100, 640);

    for (QDateEdit *edit : {m_from, m_to}) {
        edit->setCalendarPopup(true);
        edit->setDisplayFormat(QStringLiteral("yyyy-MM-dd"));
        edit->setEnabled(false);
    }
    m_search->setPlaceholderText(QStringLiteral("Search command id, type, error…"));
    m_search->setClearButtonEnabled(true);
    m_searchDelay->setSingleShot(true);
    m_searchDelay->setInterval(kSearchDelayMs);
    m_cancelExport->hide();

    auto *filters = new QHBoxLayout;
    filters->addWidget(new QLabel(QStringLiteral("State")));
    filters->addWidget(m_state);
    filters->addWidget(new QLabel(QStringLiteral("Type")));
    filters->addWidget(m_type);
    filters->addWidget(m_useFrom);
    filters->addWidget(m_from);
    filters->addWidget(m_useTo);
    filters->addWidget(m_to);
    filters->addWidget(m_search, 1);

    auto *bottom = new QHBoxLayout;
    bottom->addWidget(m_count, 1);
    bottom->addWidget(m_cancelExport);
    bottom->addWidget(m_csv);
    bottom->addWidget(m_json);

    // A million rows: fixed row heights and fixed column widths, so the view never measures rows
    // it does not paint.
    m_table->setModel(m_model);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setAlternatingRowColors(true);
    m_table->setWordWrap(false);
    m_table->setSortingEnabled(false);
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

    auto *layout = new QVBoxLayout(this);
    layout->addLayout(filters);
    layout->addWidget(m_table, 1);
    layout->addLayout(bottom);

    fillFilterChoices();
    updateCount();

    connect(m_state, &QComboBox::currentIndexChanged, this, &AckHistoryWindow::applyFilters);
    connect(m_type, &QComboBox::currentIndexChanged, this, &AckHistoryWindow::applyFilters);
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
    const auto refill = [](QComboBox *box, const QString &any, const QStringList &values) {
        const QString current = box->currentData().toString();
        const QSignalBlocker block(box);
        box->clear();
        box->addItem(any, QString());
        for (const QString &value : values) {
            if (!value.isEmpty())
                box->addItem(value, value);
        }
        const int index = box->findData(current);
        box->setCurrentIndex(index < 0 ? 0 : index);
    };
    refill(m_state, QStringLiteral("Any state"), m_model->states());
    refill(m_type, QStringLiteral("Any type"), m_model->types());
}

AckHistoryFilter AckHistoryWindow::currentFilter() const
{
    AckHistoryFilter filter;
    filter.commandState = m_state->currentData().toString();
    filter.type = m_type->currentData().toString();
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
    QString text = rows == 1 ? QStringLiteral("1 ack attempt") : QStringLiteral("%1 ack attempts").arg(QLocale().toString(rows));
    if (m_model->searchWasBounded())
        text += QStringLiteral(" — text search looked at the newest %1 of the other filters; narrow the dates to search older ones")
                    .arg(QLocale().toString(AckHistoryQuery::kSearchWindow));
    m_count->setText(text);
}

void AckHistoryWindow::chooseExport(AckHistoryQuery::Format format)
{
    const bool csv = format == AckHistoryQuery::Format::Csv;
    const QString folder = QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation);
    const QString name = QStringLiteral("teamai-ack-history-%1.%2")
                             .arg(QDate::currentDate().toString(Qt::ISODate), csv ? QStringLiteral("csv") : QStringLiteral("json"));
    const QString path = QFileDialog::getSaveFileName(this, QStringLiteral("Export ack history"), folder + u'/' + name,
                                                      csv ? QStringLiteral("CSV (*.csv)") : QStringLiteral("JSON (*.json)"));
    if (!path.isEmpty())
        startExport(path, format);
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
    m_count->setText(QStringLiteral("Exporting…"));
    // Its own connection: a LedgerDatabase stays on the thread that opened it.
    m_exportThread = QThread::create([self, path, format, filter, databasePath, cancel] {
        AckHistoryQuery::ExportResult result;
        LedgerDatabase database(databasePath);
        QSaveFile file(path);
        if (!database.open()) {
            result.error = database.error();
        } else if (!file.open(QIODevice::WriteOnly)) {
            result.error = QStringLiteral("cannot write %1: %2").arg(path, file.errorString());
        } else {
            AckHistoryQuery query(database);
            query.setFilter(filter);
            result = query.exportTo(file, format, [self, cancel](qint64 rows) {
                if (self) {
                    QMetaObject::invokeMethod(self, [self, rows] {
                        if (self)
                            self->m_count->setText(QStringLiteral("Exporting… %1 rows").arg(QLocale().toString(rows)));
                    });
                }
                return !cancel->load();
            });
            if (result.ok && !file.commit()) {
                result.ok = false;
                result.error = QStringLiteral("cannot write %1: %2").arg(path, file.errorString());
            }
        }
        if (!result.ok)
            file.cancelWriting();
        if (self) {
            QMetaObject::invokeMethod(self, [self, result, path] {
                if (!self)
                    return;
                self->m_exportThread->wait();
                self->m_exportThread->deleteLater();
                self->m_exportThread = nullptr;
                self->m_csv->setEnabled(true);
                self->m_json->setEnabled(true);
                self->m_cancelExport->hide();
                self->updateCount();
                const QString message = result.ok ? QStringLiteral("Exported %1 rows to %2").arg(QLocale().toString(result.rows), path)
                                                  : QStringLiteral("Export failed: %1").arg(result.error);
                self->m_count->setText(message);
                emit self->exportFinished(result.ok, result.rows, message);
            });
        }
    });
    m_exportThread->start();
    return true;
}

} // namespace teamai::ui
