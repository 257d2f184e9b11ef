#pragma once

#include <QByteArray>
#include <QDateTime>
#include <QList>
#include <QObject>
#include <QString>

namespace teamai::ui {

/// @brief The commands this tray runs itself, with their output as it arrives (from SyncWorker's
/// signals). Kept outside the Commands window so that opening the window mid-run shows what was
/// printed so far. Each stream keeps its last kKeepBytes; the few most recent runs are kept after
/// they finish, until the ledger has their tails.
class LiveRuns : public QObject
{
    Q_OBJECT
public:
    static constexpr qsizetype kKeepBytes = 256 * 1024;
    static constexpr int kKeepFinished = 8;

    struct Run {
        QString agentType;
        qint64 commandId = 0;
        qint64 pid = 0;
        bool running = false;
        QByteArray out;
        QByteArray err;
        bool outTruncated = false;  ///< the start of stdout was dropped (kKeepBytes)
        bool errTruncated = false;
        QDateTime startedAt;
    };

    using QObject::QObject;

    const Run *find(const QString &agentType, qint64 commandId) const;
    /// @brief The run in progress, if any (this tray runs one command at a time).
    const Run *running() const;

public slots:
    void started(const QString &agentType, qint64 commandId, qint64 pid);
    void output(const QString &agentType, qint64 commandId, const QByteArray &out, const QByteArray &err);
    void finished(const QString &agentType, qint64 commandId);

signals:
    void runStarted(const QString &agentType, qint64 commandId);
    void outputAppended(const QString &agentType, qint64 commandId, const QByteArray &out, const QByteArray &err);
    void runFinished(const QString &agentType, qint64 commandId);

private:
    Run *findRun(const QString &agentType, qint64 commandId);
    QList<Run> m_runs;  // newest last
};

} // namespace teamai::ui
