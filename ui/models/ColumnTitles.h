#pragma once

#include <QStringList>
#include <QVariant>

namespace teamai::ui {

/// @brief A table model's headerData(): for the horizontal header's display role, the title of
/// column @p section among those @p titles() returns (one per column, in column order); nothing
/// for any other orientation, role or section. @p titles is called only then, so the models
/// translate their titles only when one is shown.
template<typename Titles>
QVariant columnTitle(int section, Qt::Orientation orientation, int role, Titles titles)
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    const QStringList all = titles();
    return section >= 0 && section < all.size() ? QVariant(all.at(section)) : QVariant();
}

} // namespace teamai::ui
