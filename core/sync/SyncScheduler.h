#pragma once

#include <QDateTime>
#include <QObject>
#include <QString>
#include <QTimer>

#include <functional>

namespace teamai {

/// @brief When to sync: the periodic timer of a long-running front end (the tray), with jitter,
/// exponential backoff after errors, and prompt syncs on request, when the network comes back and
/// when the machine wakes. It does not sync itself: it emits syncRequested() and the owner runs
/// the round (on a worker thread) and reports back with syncFinished().
///
/// States (one enum, changed only by setState(), which logs `old → new` and emits only on a change):
/// @code
///   Stopped ──start()──▶ Waiting ──timer / syncNow()──▶ Syncing ──syncFinished(true)──▶ Waiting
///                                                          │
///                                   syncFinished(false) ───┴──▶ BackingOff ──timer / syncNow() /
///                                                                network back / wake──▶ Syncing
///   any state ──stop()──▶ Stopped   (immediate: no timer left, a late syncFinished() is ignored)
/// @endcode
/// With Timing::firstDelayMs 0 (the default), start() goes on from Waiting to Syncing at once.
/// Delays: the interval ± jitter (default ±10 %) so that machines started together do not hit the
/// backend together; after the n-th error in a row, min(cap, base · 2ⁿ⁻¹) ± jitter, where the cap
/// is never below the interval. Between syncs nothing runs but one coarse single-shot timer.
class SyncScheduler : public QObject
{
    Q_OBJECT
public:
    enum class State {
        Stopped,    ///< not started, or stopped: no timer armed
        Waiting,    ///< the last round worked (or none ran yet); the next one is due at nextSyncAt()
        Syncing,    ///< syncRequested() was emitted; waiting for syncFinished()
        BackingOff, ///< the last round failed; retrying at nextSyncAt()
    };
    Q_ENUM(State)

    struct Timing {
        qint64 intervalMs = 5 * 60 * 1000;
        double jitter = 0.1;                ///< ± fraction applied to every delay
        qint64 backoffBaseMs = 30 * 1000;   ///< delay after the first error
        qint64 backoffCapMs = 30 * 60 * 1000;
        /// After start(). 0: the first round is requested by start() itself; it runs on the
        /// owner's worker thread, so nothing has to settle first (docs/performance.md).
        qint64 firstDelayMs = 0;
    };

    explicit SyncScheduler(QObject *parent = nullptr);
    ~SyncScheduler() override;

    void setTiming(const Timing &timing);
    Timing timing() const { return m_timing; }
    /// @brief Changes the interval (settings); re-arms a waiting timer at once.
    void setIntervalMinutes(int minutes);

    /// @brief Starts scheduling: the first round is due after Timing::firstDelayMs (at once when 0).
    void start();
    /// @brief Stops at once: no timer is left and nothing more is requested.
    void stop();
    /// @brief Requests a round now. While one runs, one more follows it; ignored when stopped.
    void syncNow(const QString &reason);
    /// @brief The owner's round ended; schedules the next one (or the backoff).
    void syncFinished(bool ok);
    /// @brief The machine woke from sleep (where the platform tells): sync now.
    void systemResumed();

    /// @brief Follows the network's reachability through QNetworkInformation when a backend
    /// loads (NetworkManager on Linux, the OS elsewhere) and syncs when it comes back online.
    /// Returns false (and changes nothing) where no backend is available.
    bool watchNetwork();
    /// @brief watchNetwork() from the first failed round on, not before: "back online" only
    /// matters to a scheduler backing off, and the backend costs an idle tray 3 MB of mapped
    /// libraries (GIO, GObject… for the glib one) it would otherwise never need.
    void watchNetworkOnFailure();
    /// @brief True once a network-information backend is followed.
    bool followsNetwork() const { return m_followsNetwork; }

    State state() const { return m_state; }
    static QString stateName(State state);
    int consecutiveFailures() const { return m_failures; }
    /// @brief When the armed timer fires; invalid when none is armed.
    QDateTime nextSyncAt() const { return m_nextAt; }
    /// @brief The delay the armed timer was given (tests).
    qint64 lastDelayMs() const { return m_lastDelayMs; }

    /// @brief The delay after @p failures errors in a row (0: the normal interval), before jitter.
    qint64 baseDelayMs(int failures) const;
    /// @brief Replaces the random source for jitter: returns a value in [0, 1) (tests).
    void setRandomSource(std::function<double()> random);

signals:
    /// @brief Run one round now and call syncFinished() when it ends. @p reason is for logs.
    void syncRequested(const QString &reason);
    void stateChanged(teamai::SyncScheduler::State state, teamai::SyncScheduler::State previous);

private:
    void setState(State state, const QString &why);
    void arm(qint64 delayMs, const QString &why);
    void onTimer();
    void begin(const QString &reason);

    Timing m_timing;
    State m_state = State::Stopped;
    QTimer m_timer;
    QDateTime m_nextAt;
    qint64 m_lastDelayMs = 0;
    int m_failures = 0;
    bool m_watchOnFailure = false;
    bool m_networkTried = false;
    bool m_followsNetwork = false;
    bool m_againAfter = false;
    QString m_againReason;
    QString m_armedReason;
    std::function<double()> m_random;
};

} // namespace teamai
