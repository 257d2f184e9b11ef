#pragma once

class QColor;
class QPalette;

namespace teamai::ui {

/// @brief The only place in ui/ that computes a colour: a status hue (red for an error, green for
/// success; no palette role carries them) at a lightness taken from the palette, so the text stays
/// readable on the theme's window — dark on a light window, light on a dark one.
QColor errorColour(const QPalette &palette);
QColor successColour(const QPalette &palette);

} // namespace teamai::ui
