#pragma once

#include <QString>

namespace teamai {

/// @brief Appends one JSON line `{ts, event, tool, error}` to ~/.teamai/reporter/errors.jsonl, the
/// file the reference client also writes, so hook failures are visible without reading logs.
/// Never throws and never fails the caller; the error text is redacted first.
void recordHookError(const QString &event, const QString &tool, const QString &error);

} // namespace teamai
