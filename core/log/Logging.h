#pragma once

#include <QLoggingCategory>

// One category per core module; names are dotted so QT_LOGGING_RULES can pick them
// (e.g. QT_LOGGING_RULES="teamai.net.debug=true").
Q_DECLARE_LOGGING_CATEGORY(lcConfig)
Q_DECLARE_LOGGING_CATEGORY(lcNet)
Q_DECLARE_LOGGING_CATEGORY(lcExec)
Q_DECLARE_LOGGING_CATEGORY(lcCommands)
Q_DECLARE_LOGGING_CATEGORY(lcSync)
Q_DECLARE_LOGGING_CATEGORY(lcHook)
Q_DECLARE_LOGGING_CATEGORY(lcStore)
Q_DECLARE_LOGGING_CATEGORY(lcResources)

namespace teamai::logging {

/// @brief Where log messages go besides the rotating file.
enum class Echo { None, Stderr };

/// @brief Routes every Qt log message (all categories) to a rotating file under the agent's log
/// folder, redacting secrets first. The file is opened on the first message, so a run that logs
/// nothing never touches the disk (hooks stay fast). Safe to call once per process.
void install(Echo echo = Echo::None);

/// @brief `-v` / `--verbose`: debug messages of every teamai category are logged too, and with
/// @p echo also written to stderr (never for a hook: it prints nothing).
void setVerbose(Echo echo = Echo::None);

/// @brief Flushes and closes the file sink (called at exit).
void shutdown();

/// @brief While one lives, info and debug lines stay in the file's buffer instead of being
/// written one system call each; they are flushed when the last one ends (and whenever the
/// buffer fills). Warnings and errors are still written at once. For a batch of commands that
/// logs a line each (SyncSession's settled commands).
class DeferredFlush
{
public:
    DeferredFlush();
    ~DeferredFlush();
    Q_DISABLE_COPY(DeferredFlush)
};

} // namespace teamai::logging
