#pragma once

#include "enrollment/Enrollment.h"
#include "sync/ConnectionCheck.h"
#include "windows/AgentBoxes.h"

#include <QDialog>
#include <QMap>

class QCheckBox;
class QLabel;
class QLineEdit;
class QPushButton;

namespace teamai::ui {

class ConnectionFields;

/// @brief The short setup shown when teamai-tray starts on a machine with no configuration:
/// backend URL, token, which agents. "Set up" checks the connection (the same check as the
/// Settings window's Test connection), then runs Enrollment (core/enrollment, the same code as
/// `teamai init`, in this process and off the GUI thread): config.json, the token through
/// TokenSource (so the tray's first sync sends it), the chosen agents' hooks (with none chosen,
/// the agents it finds, as init does); then records the chosen agents. A backend that cannot
/// be reached may be set up anyway (second click); a rejected token may not.
///
/// It ends on a summary of what was configured (backend, where the token is, which agents are
/// hooked, worded where the token went as Settings does: a plain file is a warning with what to
/// install) with a Done button (accepted). "Not now", Esc and the window's close button end it
/// with Postponed: the tray starts without a backend and the user can set up from Settings.
/// It opens within the screen; Esc and Ctrl+W postpone. The dialog keeps the height its content needs (up to the screen's): errors wrap inside it, and it shrinks back
/// when they clear.
class FirstRunDialog : public QDialog
{
    Q_OBJECT
public:
    /// @brief The result of "Not now" (neither Accepted nor Rejected: the app carries on).
    static constexpr int Postponed = 2;

    /// @brief @p teamaiPath: the `teamai` the agents' hooks run (default: next to this program).
    explicit FirstRunDialog(const QString &teamaiPath = {}, QWidget *parent = nullptr);
    ~FirstRunDialog() override;

    /// @brief True when no backend is configured yet (config.json missing or without endpoint).
    static bool needed();

    /// @brief The backend URL and token fields, their error lines.
    ConnectionFields *connection() const { return m_connection; }
    QCheckBox *agentBox(const QString &tool) const { return m_agents.value(tool); }
    QPushButton *setupButton() const { return m_setup; }
    QPushButton *notNowButton() const { return m_cancel; }
    QPushButton *doneButton() const { return m_done; }
    QLabel *statusLabel() const { return m_status; }
    /// @brief The page shown after a successful setup (hidden before).
    QLabel *summaryLabel() const { return m_summary; }
    /// @brief True when the summary warns that the token is in a plain file no one chose.
    bool summaryIsWarning() const { return m_summaryWarning; }
    QStringList chosenAgents() const;

public slots:
    void setUp();
    /// @brief "Not now", Esc, close: postpone (never while a step runs).
    void reject() override;

signals:
    /// @brief A step ended (tests follow the flow through it).
    void stepFinished(const QString &step, bool ok, const QString &message);
    /// @brief Setup is done and the summary is shown.
    void setUpFinished();

protected:
    void showEvent(QShowEvent *event) override;

private:
    void buildFormPage();
    QLayout *buildForm();
    void buildSummaryPage();
    /// @brief The status line and the buttons row (Not now, Set up, Done).
    QLayout *buildButtons();
    void setBusy(bool busy, const QString &message);
    void showFailure(const QString &message);
    void refit();
    void onChecked(const ConnectionCheckResult &result);
    QString checkMessage(const ConnectionCheckResult &result) const;
    void install();
    /// @brief Shows what Enrollment::run() came to: the summary, or what failed.
    void finishInstall(const EnrollmentResult &result, const QString &settingsError);
    void showSummary(const QString &endpoint, const EnrollmentToken &token);

    ConnectionFields *m_connection;
    AgentBoxes m_agents;
    QWidget *m_formPage;
    QWidget *m_summaryPage;
    QLabel *m_summaryWarningIcon;
    QLabel *m_summary;
    QLabel *m_status;
    QPushButton *m_setup;
    QPushButton *m_cancel;
    QPushButton *m_done;
    QString m_teamaiPath;
    bool m_allowUnreachable = false;
    bool m_busy = false;
    bool m_summaryWarning = false;
};

} // namespace teamai::ui
