#pragma once

#include <QObject>
#include <QProcess>
#include <QString>
#include <QStringList>

namespace teamai::ui {

/// @brief Runs `teamai init --http URL --agents a,b` — the product's own CLI, by absolute path
/// next to teamai-tray — so that setting up from the tray does exactly what setting up from a
/// terminal does (config, agent hooks) and the tray has no copy of that logic. The token is not
/// put on the command line, where other local users could read it: the tray saves it through
/// TokenStore before it runs init.
class InitRunner : public QObject
{
    Q_OBJECT
public:
    /// @brief @p teamaiPath defaults to the `teamai` next to this executable.
    explicit InitRunner(const QString &teamaiPath = {}, QObject *parent = nullptr);

    QString teamaiPath() const { return m_program; }
    bool isRunning() const { return m_process.state() != QProcess::NotRunning; }

    /// @brief Starts init; finished() follows (also when the program cannot start).
    void run(const QString &endpoint, const QStringList &agents);
    /// @brief The arguments run() passes (tests).
    static QStringList arguments(const QString &endpoint, const QStringList &agents);

signals:
    /// @brief @p output is what init printed (stdout then stderr), for the user.
    void finished(bool ok, const QString &output);

private:
    QString m_program;
    QProcess m_process;
};

} // namespace teamai::ui
