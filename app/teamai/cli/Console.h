#pragma once

#include <QByteArray>

/// @brief The `teamai` binary's standard streams, where the platforms differ (Console_posix.cpp,
/// Console_win.cpp; docs/architecture.md, "Platform code").
namespace teamai::cli::console {

/// @brief Both stdin and stdout are terminals: a person can answer a question.
bool isInteractive();

/// @brief Makes stdout line by line for a pipe (the tray's live output of a pushed command).
void lineBufferStdout();

/// @brief Sets stdin and stdout up for raw bytes both ways (`teamai mcp`): no newline
/// translation, and a client that hung up is a write error, not a crash.
void prepareRawStdio();

/// @brief One read(2) of stdin: bytes read, 0 at its end, negative with errno on an error.
long long readStdin(char *buffer, unsigned size);

/// @brief Writes all of @p bytes to stdout, retrying short writes (and EINTR); false when it
/// fails (the reader hung up).
bool writeAllStdout(const QByteArray &bytes);

} // namespace teamai::cli::console
