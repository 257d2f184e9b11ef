#include "sync/SyncScheduler.h"

#include "log/Logging.h"

#include <QNetworkInformation>
#include <QRandomGenerator>

#include <algorithm>
#include <cmath>
#include <limits>

namespace teamai {

SyncScheduler::SyncScheduler(QObject *parent)
    : QObject(parent)
    , m_random([] { return QRandomGenerator::global()->generateDouble(); })
{
    m_timer.setSingleShot(true);
    // Minutes-long delays do not need millisecond precision; coarse timers let the OS batch
    // wake-ups, which is what keeps an idle tray at 0 % CPU.
    m_timer.setTimerType(Qt::CoarseTimer);
    connect(&m_timer, &QTimer::timeout, this, &SyncScheduler::onTimer);
}

SyncScheduler::~SyncScheduler() = default;

QString SyncScheduler::stateName(State state)
{
    switch (state) {
    case State::Stopped: return QStringLiteral("stopped");
    case State::Waiting: return QStringLiteral("waiting");
    case State::Syncing: return QStringLiteral("syncing");
    case State::BackingOff: return QStringLiteral("backing-off");
    }
    return {};
}

void SyncScheduler::setState(State state, const QString &why)
{
    if (state == m_state)
        return;
    const State previous = m_state;
    m_state = state;
    qCInfo(lcSync).noquote() << "scheduler:" << stateName(previous) << "→" << stateName(state) << QStringLiteral("(%1)").arg(why);
    emit stateChanged(state, previous);
}

void SyncScheduler::setTiming(const Timing &timing)
{
    m_timing = timing;
}

void SyncScheduler::setIntervalMinutes(int minutes)
{
    const qint64 interval = qint64(std::max(1, minutes)) * 60 * 1000;
    if (interval == m_timing.intervalMs)
        return;
    m_timing.intervalMs = interval;
    if (m_state == State::Waiting)
        arm(std::llround(double(interval) * (1.0 + m_timing.jitter * (2.0 * m_random() - 1.0))), QStringLiteral("interval changed"));
}

void SyncScheduler::setRandomSource(std::function<double()> random)
{
    m_random = std::move(random);
}

qint64 SyncScheduler::baseDelayMs(int failures) const
{
    if (failures <= 0)
        return m_timing.intervalMs;
    const qint64 cap = std::max(m_timing.backoffCapMs, m_timing.intervalMs);
    // 2^30 · base is far past any cap; stop doubling before it overflows.
    const double grown = double(m_timing.backoffBaseMs) * std::pow(2.0, std::min(failures - 1, 30));
    return qint64(std::min(double(cap), grown));
}

void SyncScheduler::arm(qint64 delayMs, const QString &why)
{
    delayMs = std::max<qint64>(0, delayMs);
    m_lastDelayMs = delayMs;
    m_armedReason = why;
    m_nextAt = QDateTime::currentDateTimeUtc().addMSecs(delayMs);
    // QTimer takes an int: 24 days is far beyond any interval or cap we allow.
    m_timer.start(int(std::min<qint64>(delayMs, std::numeric_limits<int>::max())));
}

void SyncScheduler::start()
{
    if (m_state != State::Stopped)
        return;
    m_failures = 0;
    m_againAfter = false;
    setState(State::Waiting, QStringLiteral("started"));
    if (m_timing.firstDelayMs <= 0)
        begin(QStringLiteral("start-up"));
    else
        arm(m_timing.firstDelayMs, QStringLiteral("start-up"));
}

void SyncScheduler::stop()
{
    m_timer.stop();
    m_nextAt = QDateTime();
    m_againAfter = false;
    setState(State::Stopped, QStringLiteral("stop requested"));
}

void SyncScheduler::syncNow(const QString &reason)
{
    switch (m_state) {
    case State::Stopped:
        return;
    case State::Syncing:
        // Something changed while a round runs (a click, the network): one more round after it.
        m_againAfter = true;
        m_againReason = reason;
        return;
    case State::Waiting:
    case State::BackingOff:
        begin(reason);
        return;
    }
}

void SyncScheduler::systemResumed()
{
    syncNow(QStringLiteral("woke from sleep"));
}

void SyncScheduler::onTimer()
{
    if (m_state == State::Waiting || m_state == State::BackingOff)
        begin(m_armedReason == QLatin1String("start-up") ? m_armedReason
              : m_state == State::BackingOff            ? QStringLiteral("retry after error")
                                                        : QStringLiteral("interval"));
}

void SyncScheduler::begin(const QString &reason)
{
    m_timer.stop();
    m_nextAt = QDateTime();
    setState(State::Syncing, reason);
    emit syncRequested(reason);
}

void SyncScheduler::syncFinished(bool ok)
{
    if (m_state != State::Syncing)
        return;  // stopped meanwhile: nothing more is scheduled
    m_failures = ok ? 0 : m_failures + 1;
    if (!ok && m_watchOnFailure && !m_networkTried)
        watchNetwork();
    if (m_againAfter) {
        m_againAfter = false;
        // Straight on, but not faster than the backoff would allow after an error.
        if (ok) {
            begin(m_againReason);
            return;
        }
    }
    const double factor = 1.0 + m_timing.jitter * (2.0 * m_random() - 1.0);
    const qint64 delay = std::llround(double(baseDelayMs(m_failures)) * factor);
    if (ok) {
        setState(State::Waiting, QStringLiteral("round ok"));
        arm(delay, QStringLiteral("interval"));
    } else {
        setState(State::BackingOff, QStringLiteral("round failed, %1 in a row").arg(m_failures));
        arm(delay, QStringLiteral("backoff"));
        qCInfo(lcSync).noquote() << "scheduler: next try in" << delay / 1000 << "s";
    }
}

void SyncScheduler::watchNetworkOnFailure()
{
    m_watchOnFailure = true;
}

bool SyncScheduler::watchNetwork()
{
    if (m_followsNetwork)
        return true;
    m_networkTried = true;  // a missing backend is looked for once, not at every failure
    if (!QNetworkInformation::instance()
        && !QNetworkInformation::loadBackendByFeatures(QNetworkInformation::Feature::Reachability)) {
        qCInfo(lcSync) << "scheduler: no network-information backend; not following reachability";
        return false;
    }
    QNetworkInformation *info = QNetworkInformation::instance();
    connect(info, &QNetworkInformation::reachabilityChanged, this, [this](QNetworkInformation::Reachability reachability) {
        if (reachability == QNetworkInformation::Reachability::Online)
            syncNow(QStringLiteral("network online"));
    });
    qCInfo(lcSync).noquote() << "scheduler: following reachability through" << info->backendName();
    m_followsNetwork = true;
    return true;
}

} // namespace teamai
