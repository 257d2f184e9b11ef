#include "bindings/BindingsModel.h"

#include "binding/BindingStore.h"
#include "binding/Bindings.h"
#include "config/BindingKeys.h"
#include "models/ColumnTitles.h"

#include <QDateTime>
#include <QFileInfo>
#include <QLocale>

namespace teamai::ui {

BindingsModel::BindingsModel(QObject *parent)
    : QAbstractTableModel(parent)
{
}

QString BindingsModel::reload()
{
    const binding::BindingStore::Outcome read = binding::BindingStore().read();
    beginResetModel();
    m_rows.clear();
    for (auto it = read.bindings.begin(); it != read.bindings.end(); ++it) {
        const QJsonObject entry = it.value().toObject();
        Row row;
        row.path = it.key();
        row.projectName = entry.value(QStringLiteral("projectName")).toString();
        row.projectId = binding::bindings::projectIdText(entry);
        row.ideType = entry.value(bindingkeys::kIdeType).toString();
        row.boundAt = entry.value(bindingkeys::kBoundAt).toString();
        row.skipped = binding::bindings::isSkipped(entry);
        row.exists = QFileInfo(row.path).isDir();
        m_rows.append(row);
    }
    endResetModel();
    return read.ok ? QString() : read.error;
}

int BindingsModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int BindingsModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QString BindingsModel::projectText(const Row &row) const
{
    if (row.skipped)
        return tr("not bound (skipped)");
    return row.projectName.isEmpty() ? tr("project %1").arg(row.projectId) : tr("%1 (id %2)").arg(row.projectName, row.projectId);
}

QVariant BindingsModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() >= m_rows.size())
        return {};
    const Row &row = m_rows.at(index.row());
    if (role == Qt::ToolTipRole && index.column() == Folder && !row.exists)
        return tr("This folder no longer exists; the binding is dropped at the next sync.");
    if (role != Qt::DisplayRole && role != Qt::AccessibleTextRole)
        return {};
    switch (index.column()) {
    case Folder: return row.exists ? row.path : tr("%1 (gone)").arg(row.path);
    case Project: return projectText(row);
    case Tool: return row.ideType.isEmpty() ? tr("—") : row.ideType;
    case BoundAt: {
        const QDateTime at = QDateTime::fromString(row.boundAt, Qt::ISODateWithMs);
        return at.isValid() ? QLocale().toString(at.toLocalTime(), QLocale::ShortFormat) : row.boundAt;
    }
    }
    return {};
}

QVariant BindingsModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    return columnTitle(section, orientation, role, [] {
        return columnTitles<ColumnCount>(tr("Workspace"), tr("Project"), tr("Last used by"), tr("Bound"));
    });
}

} // namespace teamai::ui
