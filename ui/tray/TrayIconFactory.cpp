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

QIcon TrayIconFactory::icon(TrayState state)
{
    static QHash<int, QIcon> cache;
    const auto it = cache.constFind(int(state));
    if (it != cache.cend())
        return *it;
    const QIcon icon = load(QStringLiteral("tray-") + trayStateName(state), kTraySizes);
    cache.insert(int(state), icon);
    return icon;
}

QIcon TrayIconFactory::appIcon()
{
    static const QIcon icon = load(QStringLiteral("teamai"), kAppSizes);
    return icon;
}

} // namespace teamai::ui
