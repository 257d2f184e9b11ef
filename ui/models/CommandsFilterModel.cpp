#include "models/CommandsFilterModel.h"

#include "models/CommandsModel.h"

namespace teamai::ui {

CommandsFilterModel::CommandsFilterModel(QObject *parent)
    : QSortFilterProxyModel(parent)
{
    setSortRole(CommandsModel::SortRole);
    setDynamicSortFilter(true);
}

void CommandsFilterModel::setStateFilter(const QString &stateName)
{
    if (stateName == m_state)
        return;
    m_state = stateName;
    invalidateFilter();
}

void CommandsFilterModel::setTextFilter(const QString &text)
{
    const QString trimmed = text.trimmed();
    if (trimmed == m_text)
        return;
    m_text = trimmed;
    invalidateFilter();
}

bool CommandsFilterModel::filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const
{
    const QModelIndex index = sourceModel()->index(sourceRow, 0, sourceParent);
    if (!m_state.isEmpty() && index.data(CommandsModel::StateNameRole).toString() != m_state)
        return false;
    return m_text.isEmpty() || index.data(CommandsModel::FilterTextRole).toString().contains(m_text, Qt::CaseInsensitive);
}

} // namespace teamai::ui
