#include "windows/StatusColours.h"

#include <QColor>
#include <QPalette>

namespace teamai::ui {
namespace {

// @p hue at a lightness that contrasts with the palette's window (WCAG AA for normal text on
// the default light and dark Fusion windows: tst_uicolours::statusColoursAreReadable).
QColor readableHue(const QPalette &palette, float hue, float saturation)
{
    const bool darkWindow = palette.color(QPalette::Window).lightnessF() < 0.5;
    return QColor::fromHslF(hue, saturation, darkWindow ? 0.72f : 0.26f);
}

} // namespace

QColor errorColour(const QPalette &palette)
{
    return readableHue(palette, 0.0f, 0.75f);
}

QColor successColour(const QPalette &palette)
{
    return readableHue(palette, 0.38f, 0.70f);
}

} // namespace teamai::ui
