#pragma once

#include <QString>

namespace teamai {

/// errors.jsonl is capped like the log: past this size it becomes errors.jsonl.1 (replacing the
/// older one) and a new file starts, so a backend that is down for a year costs at most twice this.
inline constexpr qint64 kErrorJournalMaxBytes = 1024 * 1024;
/// One entry's error text is cut to this many characters.
inline constexpr int kErrorJournalMaxErrorChars = 1024;

/// @brief Appends one JSON line `{ts, event, tool, error}` to ~/.teamai/reporter/errors.jsonl, the
/// file the reference client also writes, so hook failures are visible without reading logs.
/// Never throws and never fails the caller; the error text is redacted first.
void recordHookError(const QString &event, const QString &tool, const QString &error);

} // namespace teamai
