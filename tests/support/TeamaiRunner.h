#pragma once

#include <QByteArray>
#include <QProcessEnvironment>
#include <QStringList>

namespace teamai::test {

/// @brief What one run of the real `teamai` binary did.
struct TeamaiRun {
    int exitCode = -1;
    bool crashed = false;
    bool finished = false;
    QByteArray out;
    QByteArray err;
    qint64 elapsedMs = 0;
};

/// @brief Runs the built `teamai` with @p arguments in the current (test) environment plus
/// @p extraEnvironment ("NAME=value"; "NAME=" removes NAME), feeding @p stdinBytes then EOF.
TeamaiRun runTeamai(const QStringList &arguments, const QByteArray &stdinBytes = {},
                    const QStringList &extraEnvironment = {}, int timeoutMs = 30000,
                    const QString &workingDirectory = {});

/// @brief Runs `teamai init` against the backend at @p baseUrl with @p token, kept in the file
/// token store, plus @p extraArguments.
TeamaiRun enrolTeamai(const QString &baseUrl, const QString &token = QStringLiteral("dev-token"),
                      const QStringList &extraArguments = {});

/// @brief Waits until no `teamai` process whose HOME is @p home is left — the detached workers
/// and reconcilers hooks start (Linux: read from /proc; elsewhere true at once). False on timeout.
bool waitForTeamaiProcessesWithHome(const QString &home, int timeoutMs = 30000);

} // namespace teamai::test
