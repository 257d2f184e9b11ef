#pragma once

#include <QString>

namespace teamai {

/// @brief Masks secrets in free text before it is logged or sent in an ack: bearer tokens,
/// `token=…`/`password: …` style pairs, `--token …` arguments and values of credential-shaped
/// environment variables. The masked value becomes `***`.
QString redactSecrets(const QString &text);

/// @brief True for environment variable names that look like credentials (contain KEY, SECRET,
/// TOKEN or PASSWORD, case-insensitive).
bool isCredentialName(const QString &name);

} // namespace teamai
