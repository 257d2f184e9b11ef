#pragma once

#include <QString>

namespace teamai {

/// @brief Limits on what the agent stores and echoes of backend-supplied text (docs/security.md,
/// "Limits: disk and time"). A hostile backend must not grow the ledger or an ack by sending
/// megabytes where a few words belong.
namespace textcap {

/// Raw command JSON kept in the ledger; a larger command is refused as too large.
constexpr qsizetype kMaxRawCommandBytes = 64 * 1024;
/// Error texts stored in the ledger and sent in acks.
constexpr qsizetype kMaxErrorBytes = 1024;
/// Command types and versions stored and echoed (real ones are a few dozen characters).
constexpr qsizetype kMaxTypeBytes = 128;
/// A token quoted back in a rejection (`got "<first token>"`).
constexpr qsizetype kMaxEchoedTokenChars = 64;

/// @brief @p text when its UTF-8 form fits in @p maxBytes; else its start, cut on a character
/// boundary, plus a marker saying how much was dropped, the whole within @p maxBytes.
QString capUtf8(const QString &text, qsizetype maxBytes);

/// @brief @p token when at most @p maxChars long, else its first characters and "…".
QString capToken(const QString &token, qsizetype maxChars = kMaxEchoedTokenChars);

} // namespace textcap
} // namespace teamai
