#pragma once

#include "output/CommandOutput.h"

#include <QByteArray>
#include <QObject>
#include <QTimer>

namespace teamai::ui {

/// @brief Follows one running command's output files (core/output) with a cursor, whichever
/// process runs it: the tray's own sync thread or a `teamai worker`. follow() reads what is kept
/// so far; then a timer reads what is new every kPollMs — only while the window showing it is
/// visible and the run is not complete, so an idle tray has no timer. A reader that fell behind
/// the kept window (or a hole the writer left) is told so: appended() with @p lossy.
class OutputFollower : public QObject
{
    Q_OBJECT
public:
    static constexpr int kPollMs = 250;
    /// Per stream and read; more waiting is read at once (up to kReadsPerPoll reads).
    static constexpr qint64 kReadBytes = 256 * 1024;
    static constexpr int kReadsPerPoll = 4;

    explicit OutputFollower(QObject *parent = nullptr);

    /// @brief Follows @p key from the oldest byte still kept (reads once now).
    void follow(const output::OutputKey &key);
    /// @brief Stops following (nothing is read any more).
    void stop();
    /// @brief Whether the window showing the output is visible: polling only then.
    void setVisible(bool visible);

    bool isFollowing() const { return m_following; }
    bool isPolling() const { return m_timer.isActive(); }
    /// @brief The writer's state file as last read (exists false: no output files yet).
    const output::RunState &state() const { return m_state; }
    /// @brief True when the run finished and everything it wrote was read.
    bool isComplete() const { return m_complete; }

public slots:
    /// @brief Reads what is new now (the timer's job; tests call it to skip the wait).
    void poll();

signals:
    /// @brief New output in arrival order per stream; @p lossy: some bytes before it are gone.
    void appended(const QByteArray &out, const QByteArray &err, bool lossy);
    /// @brief The run finished and all of its output was read.
    void completed();

private:
    bool readOnce();
    void updateTimer();

    QTimer m_timer;
    output::OutputKey m_key;
    output::Cursor m_cursor;
    output::RunState m_state;
    bool m_following = false;
    bool m_visible = false;
    bool m_complete = false;
};

} // namespace teamai::ui
