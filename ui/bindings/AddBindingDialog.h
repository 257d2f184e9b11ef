#pragma once

#include "binding/ProjectList.h"

#include <QDialog>

class QComboBox;
class QDialogButtonBox;
class QLabel;
class QLineEdit;
class QPushButton;

namespace teamai::ui {

/// @brief Binds a folder to one of the user's projects: a folder field with Browse…, the
/// projects from `GET /api/projects/mine` (asked on a worker thread when the dialog opens), and
/// Bind. Binding writes config.json at once, as `teamai bind-project` does (a worktree binds its
/// main checkout too); problems show under the fields and nothing is written.
class AddBindingDialog : public QDialog
{
    Q_OBJECT
public:
    explicit AddBindingDialog(const QString &folder = {}, QWidget *parent = nullptr);

    QLineEdit *folderField() const { return m_folder; }
    QComboBox *projectBox() const { return m_projects; }
    QLabel *message() const { return m_message; }
    QPushButton *bindButton() const;

public slots:
    /// @brief Binds the chosen folder to the chosen project; the dialog closes when it worked.
    void bind();

signals:
    /// @brief The project list arrived (@p ok) or could not be had.
    void projectsLoaded(bool ok);
    /// @brief @p workspace was bound.
    void bound(const QString &workspace);

private:
    void loadProjects();
    void showProjects(const binding::ProjectList &list);
    void updateBindButton();
    void browse();

    QLineEdit *m_folder;
    QPushButton *m_browse;
    QComboBox *m_projects;
    QLabel *m_message;
    QDialogButtonBox *m_buttons;
    binding::ProjectList m_list;
};

} // namespace teamai::ui
