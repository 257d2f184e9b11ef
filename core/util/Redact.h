#pragma once

#include <QString>

namespace teamai {

/// @brief Masks secrets in free text before it is logged or sent in an ack: bearer tokens,
/// `token=…`/`password: …` style pairs, `--token …` arguments and values of credential-shaped
/// environment variables. The masked value becomes `***`.
QString redactSecrets(const QString &text);

/// Values shorter than this are not registered by addSecretValue() (they would mask ordinary words).
inline constexpr qsizetype kMinSecretValueChars = 8;

/// @brief From now on, redactSecrets() in this process also masks @p value wherever it appears,
/// whatever surrounds it: an API key the agent has just received, in case any text that is
/// logged or acknowledged ever quotes it. Thread-safe.
void addSecretValue(const QString &value);

/// @brief True for environment variable names that look like credentials (contain KEY, SECRET,
/// TOKEN or PASSWORD, case-insensitive).
bool isCredentialName(const QString &name);

} // namespace teamai
