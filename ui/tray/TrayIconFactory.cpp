#include "tray/TrayIconFactory.h"

#include <QHash>
#include <QImageReader>

namespace teamai::ui {
namespace {
const QList<int> kTraySizes = {16, 22, 24, 32, 48, 64};
const QList<int> kAppSizes = {16, 22, 24, 32, 48, 64, 128};
} // namespace

bool TrayIconFactory::usesSvg()
{
    static const bool svg = QImageReader::supportedImageFormats().contains("svg");
    return svg;
}

TrayIconStyle TrayIconFactory::parseStyle(const QString &value)
{
    return value.trimmed().compare(QLatin1String("symbolic"), Qt::CaseInsensitive) == 0 ? TrayIconStyle::Symbolic
                                                                                         : TrayIconStyle::Colour;
}

TrayIconStyle TrayIconFactory::style()
{
    static const TrayIconStyle style = parseStyle(qEnvironmentVariable("TEAMAI_TRAY_ICON"));
    return style;
}

QIcon TrayIconFactory::load(const QString &name, const QList<int> &sizes)
{
    QIcon icon;
    if (usesSvg()) {
        icon.addFile(QStringLiteral(":/icons/%1.svg").arg(name));
        return icon;
    }
    for (const int size : sizes)
        icon.addFile(QStringLiteral(":/icons/png/%1-%2.png").arg(name).arg(size), QSize(size, size));
    return icon;
}

QIcon TrayIconFactory::symbolicIcon()
{
    // The theme's variant matches its panel; ours is the same shape, for themes without one.
    QIcon icon = QIcon::fromTheme(QStringLiteral("teamai-symbolic"), load(QStringLiteral("teamai-symbolic"), kTraySizes));
    icon.setIsMask(true);
    return icon;
}

QIcon TrayIconFactory::icon(TrayState state)
{
    return icon(state, style());
}

QIcon TrayIconFactory::icon(TrayState state, TrayIconStyle style)
{
    const bool symbolic = style == TrayIconStyle::Symbolic && state == TrayState::Idle;
    static QHash<int, QIcon> cache;
    const int key = symbolic ? -1 : int(state);
    const auto it = cache.constFind(key);
    if (it != cache.cend())
        return *it;
    const QIcon icon = symbolic ? symbolicIcon() : load(QStringLiteral("tray-") + trayStateName(state), kTraySizes);
    cache.insert(key, icon);
    return icon;
}

QIcon TrayIconFactory::appIcon()
{
    static const QIcon icon = load(QStringLiteral("teamai"), kAppSizes);
    return icon;
}

} // namespace teamai::ui
