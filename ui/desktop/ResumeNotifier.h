#pragma once

#include <QObject>

QT_BEGIN_NAMESPACE
class QAbstractNativeEventFilter;
QT_END_NAMESPACE

namespace teamai::ui {

/// @brief Tells when the machine woke from sleep, where the platform says so: logind's
/// `PrepareForSleep(false)` on the system bus (Linux), `WM_POWERBROADCAST`/`PBT_APMRESUMEAUTOMATIC`
/// (Windows). Elsewhere, or without a system bus, it never fires; the scheduler's
/// network-reachability signal usually covers a wake-up there too.
class ResumeNotifier : public QObject
{
    Q_OBJECT
public:
    explicit ResumeNotifier(QObject *parent = nullptr);
    ~ResumeNotifier() override;

    /// @brief True when a platform source is connected.
    bool isActive() const { return m_active; }

signals:
    void resumed();

private slots:
    void onPrepareForSleep(bool sleeping);

private:
    /// @brief Connects the platform's source (ResumeNotifier_linux.cpp, _mac.cpp, _win.cpp);
    /// false when there is none.
    bool followPlatform();

    QAbstractNativeEventFilter *m_filter = nullptr;  // Windows: the filter that sees WM_POWERBROADCAST
    bool m_active = false;
};

} // namespace teamai::ui
