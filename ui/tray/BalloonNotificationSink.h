#pragma once

#include "tray/NotificationSink.h"

#include <QPointer>

class QSystemTrayIcon;

namespace teamai::ui {

/// @brief Shows notifications as the tray icon's balloon: where there is no desktop notification
/// service (Windows, macOS, or a Linux session without one). A balloon replaces the previous one,
/// which the Notifier's grouping already expects.
class BalloonNotificationSink : public NotificationSink
{
    Q_OBJECT
public:
    static constexpr int kShownMs = 8000;

    explicit BalloonNotificationSink(QSystemTrayIcon *tray, QObject *parent = nullptr);

    void show(const Notification &notification) override;
    QString name() const override { return QStringLiteral("tray balloon"); }

private:
    QPointer<QSystemTrayIcon> m_tray;
};

} // namespace teamai::ui
