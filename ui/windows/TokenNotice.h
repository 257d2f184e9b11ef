#pragma once

#include "config/AgentSettings.h"

#include <QString>

namespace teamai::ui {

/// @brief What a window says after saving the API token: where it went and, for a plain file
/// the user did not choose, why and what to install to get a credential store.
struct TokenNotice {
    QString text;
    bool warning = false;  ///< the token is in a plain file because no credential store answered
};

/// @brief The notice for a token saved in @p location; @p fallbackReason is
/// TokenStore::SaveResult::fallbackReason (why the credential store was not used; empty when it
/// was, or when the user chose the file).
TokenNotice tokenSavedNotice(AgentSettings::TokenLocation location, const QString &fallbackReason);

} // namespace teamai::ui
