#pragma once

#include <QAbstractTableModel>
#include <QList>
#include <QString>

namespace teamai::ui {

/// @brief config.json's workspace bindings as a table: folder, project, tool, bound at. Read with
/// binding::BindingStore (so legacy and duplicate entries show as the agent sees them); reload()
/// reads the file again. Skip markers show as "not bound (skipped)"; a folder that is gone says so.
class BindingsModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column { Folder, Project, Tool, BoundAt, ColumnCount };

    struct Row {
        QString path;
        QString projectName;
        QString projectId;
        QString ideType;
        QString boundAt;
        bool skipped = false;
        bool exists = true;
    };

    explicit BindingsModel(QObject *parent = nullptr);

    /// @brief Reads config.json again. Returns the problem (not set up, invalid file), or empty.
    QString reload();

    const Row &row(int index) const { return m_rows.at(index); }

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

private:
    QString projectText(const Row &row) const;

    QList<Row> m_rows;
};

} // namespace teamai::ui
