#pragma once

#include <QString>
#include <QStringList>

namespace teamai::cli {

/// @brief The command line of `teamai hook-dispatch EVENT` / `teamai --hook EVENT`, read
/// leniently: every option the reference client (teamai-cli 0.25) accepts there, with its
/// meaning, and nothing on the command line ever stops a hook's round. Unknown options, missing
/// values and stray arguments are collected for one log line (docs/agent-hooks.md "Options").
struct HookArguments {
    /// The tool when --tool is missing, as the reference's hook-dispatch (not workbuddy).
    static QString defaultTool() { return QStringLiteral("claude"); }

    QString event;
    QString tool = defaultTool();
    QString matcher = QStringLiteral("*");  ///< --matcher; `*` when missing, like the reference
    QString stdinFile;                      ///< --stdin-file F: the payload is in F, not on stdin
    bool bgOnly = false;                    ///< --bg-only: the whole round in this process
    bool dryRun = false;                    ///< --dry-run: no request, no change
    bool verbose = false;                   ///< -v / --verbose: debug lines in the log
    bool help = false;
    QStringList unknown;   ///< unknown options as given
    QStringList problems;  ///< missing or unexpected values, stray arguments

    /// @brief Parses what follows `hook-dispatch` / `--hook`. The event is the first argument that
    /// names one of our hook events (an unknown option's value never takes its place), else the
    /// first argument.
    static HookArguments parse(const QStringList &arguments);

    /// @brief One line naming what was ignored ("" when nothing was).
    QString ignoredSummary() const;
};

} // namespace teamai::cli
