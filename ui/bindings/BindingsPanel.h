#pragma once

#include <QGroupBox>

class QLabel;
class QPushButton;
class QTableView;

namespace teamai::ui {

class AddBindingDialog;
class BindingsModel;

/// @brief The Settings dialog's "Workspace bindings": which folders are bound to which backend
/// project (config.json `workspaceBindings`, shared with teamai-cli), with Add… (choose a folder
/// and one of your projects) and Remove (Delete key too). Changes are written at once, not
/// with the dialog's Save; the list is read again whenever the panel is shown.
class BindingsPanel : public QGroupBox
{
    Q_OBJECT
public:
    explicit BindingsPanel(QWidget *parent = nullptr);

    QTableView *table() const { return m_table; }
    BindingsModel *model() const { return m_model; }
    QPushButton *addButton() const { return m_add; }
    QPushButton *removeButton() const { return m_remove; }
    QLabel *status() const { return m_status; }

    /// @brief Opens the Add dialog (window-modal) and returns it.
    AddBindingDialog *openAddDialog();

public slots:
    void reload();
    /// @brief Removes the selected binding.
    void removeSelected();

protected:
    void showEvent(QShowEvent *event) override;

private:
    void updateButtons();

    BindingsModel *m_model;
    QTableView *m_table;
    QPushButton *m_add;
    QPushButton *m_remove;
    QLabel *m_status;
};

} // namespace teamai::ui
