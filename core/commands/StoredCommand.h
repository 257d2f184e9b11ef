#pragma once

#include <QJsonObject>
#include <QString>

namespace teamai::storedcommand {

/// @brief What of a received command the ledger may keep.
///
/// The ledger keeps every command's raw JSON (history, the tray, re-running a pending one). An
/// `apply_model_config` carries API keys, which must live nowhere but in the tool's own file: the
/// copy kept has each `api_key` replaced by redactedMarker() and is marked with
/// secretsRemovedKey(). A marked copy is never run from the ledger: the command runs only as the
/// backend sends it (it sends a command again until it is acknowledged).

/// @brief The copy of @p raw to store: @p raw itself unless it holds secrets.
QJsonObject forLedger(const QJsonObject &raw);

/// @brief True when @p storedRaw is a copy without its secrets (not runnable).
bool secretsRemoved(const QJsonObject &storedRaw);

/// @brief The text stored in place of a secret.
QString redactedMarker();

/// @brief The top-level key that marks a stored copy without its secrets.
QString secretsRemovedKey();

} // namespace teamai::storedcommand
