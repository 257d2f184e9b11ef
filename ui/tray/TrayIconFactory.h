#pragma once

#include "tray/TrayState.h"

#include <QIcon>

namespace teamai::ui {

/// @brief The application icon and one tray icon per TrayState, from the SVG sources in
/// resources/icons (compiled into the ui library). Where Qt has its SVG image plugin the SVG is
/// used as is (sharp at any size); elsewhere the PNG renders of the same SVGs (16–64 px, made by
/// resources/icons/render-png.sh) are, so the tray never depends on qt6-svg being installed.
/// Icons are built once per process and cached.
class TrayIconFactory
{
public:
    static QIcon icon(TrayState state);
    static QIcon appIcon();
    /// @brief True when the icons come from the SVG files (the SVG image plugin is present).
    static bool usesSvg();

private:
    static QIcon load(const QString &name, const QList<int> &sizes);
};

} // namespace teamai::ui
