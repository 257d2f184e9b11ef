#pragma once

#include <QObject>

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
    class NativeFilter;
    NativeFilter *m_filter = nullptr;
    bool m_active = false;
};

} // namespace teamai::ui
