#pragma once

#include "tray/TrayState.h"

#include <QIcon>

namespace teamai::ui {

/// @brief Which tray icons the desktop gets: the colour ones (default), or the one-colour
/// teamai-symbolic icon for panels of monochrome icons (GNOME, KDE's Breeze). Chosen with
/// TEAMAI_TRAY_ICON=symbolic|colour.
enum class TrayIconStyle { Colour, Symbolic };

/// @brief The application icon and one tray icon per TrayState, from the SVG sources in
/// resources/icons (compiled into the ui library). Where Qt has its SVG image plugin the SVG is
/// used as is (sharp at any size); elsewhere the PNG renders of the same SVGs (16–64 px, made by
/// resources/icons/render-png.sh) are, so the tray never depends on qt6-svg being installed.
/// Icons are built once per process and cached.
///
/// Symbolic style: while all is well (Idle) the tray shows teamai-symbolic — the icon theme's own
/// when it has one, else the embedded one — marked as a mask so the platform may recolour it.
/// Every other state keeps its colour icon: an error, a running command or disabled remote
/// commands must stand out in a monochrome panel.
class TrayIconFactory
{
public:
    /// @brief The icon for @p state in style().
    static QIcon icon(TrayState state);
    static QIcon icon(TrayState state, TrayIconStyle style);
    static QIcon appIcon();
    /// @brief True when the icons come from the SVG files (the SVG image plugin is present).
    static bool usesSvg();
    /// @brief The style TEAMAI_TRAY_ICON asks for (read when the process starts using icons).
    static TrayIconStyle style();
    /// @brief "symbolic" (any case, surrounding spaces ignored) is Symbolic; anything else Colour.
    static TrayIconStyle parseStyle(const QString &value);

private:
    static QIcon load(const QString &name, const QList<int> &sizes);
    static QIcon symbolicIcon();
};

} // namespace teamai::ui
