#pragma once

#include <QGroupBox>
#include <QString>

#include <functional>

class QLabel;
class QPushButton;
class QTreeWidget;

namespace teamai::ui {

/// @brief "Model gateways" in the settings: which gateway each tool's AI traffic goes to because
/// the team's backend configured it (apply_model_config), since when, and a way to remove it.
///
/// The rows come from modelconfig::gatewaysInUse() (what the records say and the tool files still
/// hold unchanged), so a gateway the user edited since is not listed: it is theirs. Removing runs
/// the same code as an empty snapshot from the backend for that tool (modelconfig::removeModels),
/// locally, after a confirmation; only entries we wrote go, the user's settings stay. Keyboard:
/// the list takes focus with Tab, Delete or the Remove button (Alt+R) removes the selected row.
class ModelGatewaysPanel : public QGroupBox
{
    Q_OBJECT
public:
    explicit ModelGatewaysPanel(QWidget *parent = nullptr);

    QTreeWidget *list() const { return m_list; }
    QPushButton *removeButton() const { return m_remove; }
    QLabel *statusLabel() const { return m_status; }

    /// @brief Asks the user before a removal (@p what names the tool); a message box by default.
    /// Tests replace it.
    std::function<bool(const QString &what)> confirm;

public slots:
    /// @brief Reads the gateways in use again.
    void refresh();
    /// @brief Removes the gateway of the selected row (after confirm()).
    void removeSelected();

signals:
    /// @brief A gateway was removed (or the removal failed: @p ok false, the status says why).
    void removalFinished(bool ok);

protected:
    void showEvent(QShowEvent *event) override;
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void updateButtons();

    QTreeWidget *m_list;
    QPushButton *m_remove;
    QLabel *m_status;
};

} // namespace teamai::ui
