#pragma once

#include "sync/ConnectionCheck.h"

#include <QDialog>
#include <QMap>

class QCheckBox;
class QLabel;
class QLineEdit;
class QPushButton;

namespace teamai::ui {

class InitRunner;

/// @brief The short setup shown when teamai-tray starts on a machine with no configuration:
/// backend URL, token, which agents. "Set up" checks the connection (the same check as the
/// Settings window's Test connection), saves the token through TokenStore, runs `teamai init
/// --http URL --agents a,b` (config and agent hooks, exactly as from a terminal) and records the
/// chosen agents. A backend that cannot be reached may be set up anyway (second click); a
/// rejected token may not.
class FirstRunDialog : public QDialog
{
    Q_OBJECT
public:
    /// @brief @p teamaiPath: the `teamai` to run init with (default: next to this program).
    explicit FirstRunDialog(const QString &teamaiPath = {}, QWidget *parent = nullptr);
    ~FirstRunDialog() override;

    /// @brief True when no backend is configured yet (config.json missing or without endpoint).
    static bool needed();

    QLineEdit *endpointField() const { return m_endpoint; }
    QLineEdit *tokenField() const { return m_token; }
    QCheckBox *agentBox(const QString &tool) const { return m_agents.value(tool); }
    QPushButton *setupButton() const { return m_setup; }
    QLabel *endpointError() const { return m_endpointError; }
    QLabel *tokenError() const { return m_tokenError; }
    QLabel *agentsError() const { return m_agentsError; }
    QLabel *statusLabel() const { return m_status; }
    QStringList chosenAgents() const;

public slots:
    void setUp();

signals:
    /// @brief A step ended (tests follow the flow through it).
    void stepFinished(const QString &step, bool ok, const QString &message);

private:
    bool validate();
    void setBusy(bool busy, const QString &message);
    void onChecked(const ConnectionCheckResult &result);
    void install();

    QLineEdit *m_endpoint;
    QLabel *m_endpointError;
    QLineEdit *m_token;
    QLabel *m_tokenError;
    QMap<QString, QCheckBox *> m_agents;
    QLabel *m_agentsError;
    QLabel *m_status;
    QPushButton *m_setup;
    QPushButton *m_cancel;
    InitRunner *m_init;
    bool m_allowUnreachable = false;
};

} // namespace teamai::ui
