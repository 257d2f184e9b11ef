#pragma once

#include <QSortFilterProxyModel>

namespace teamai::ui {

/// @brief The Commands window's sorting and filtering over CommandsModel: a state (the ledger's
/// state name, empty = any) and a text matched case-insensitively against id, type, agent, state,
/// error and the command line. Sorts by CommandsModel::SortRole, so ids and times sort as such.
class CommandsFilterModel : public QSortFilterProxyModel
{
    Q_OBJECT
public:
    explicit CommandsFilterModel(QObject *parent = nullptr);

    void setStateFilter(const QString &stateName);
    QString stateFilter() const { return m_state; }
    void setTextFilter(const QString &text);
    QString textFilter() const { return m_text; }

protected:
    bool filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const override;

private:
    QString m_state;
    QString m_text;
};

} // namespace teamai::ui
