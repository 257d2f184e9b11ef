#pragma once

#include <QStringList>
#include <QVariant>

namespace teamai::ui {

/// @brief The titles of a table model's @p Count columns, in column order. A title too many or
/// too few does not compile, as a switch over the column enum would not miss a case.
template<int Count, typename... Titles>
QStringList columnTitles(const Titles &...titles)
{
    static_assert(sizeof...(Titles) == Count, "one title per column of the model's Column enum");
    return QStringList{titles...};
}

/// @brief A table model's headerData(): for the horizontal header's display role, the title of
/// column @p section among those @p titles() returns (columnTitles()); nothing for any other
/// orientation, role or section, for which @p titles is not called (nor anything translated).
template<typename Titles>
QVariant columnTitle(int section, Qt::Orientation orientation, int role, Titles titles)
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    const QStringList all = titles();
    return section >= 0 && section < all.size() ? QVariant(all.at(section)) : QVariant();
}

} // namespace teamai::ui
