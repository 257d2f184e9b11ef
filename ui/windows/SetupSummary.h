#pragma once

#include "config/AgentSettings.h"
#include "windows/TokenNotice.h"

#include <QCoreApplication>
#include <QString>
#include <QStringList>

namespace teamai::ui {

/// @brief What first-run setup configured, for the page the dialog ends on: the backend, where
/// the token went, and which agents now have TeamAI's hooks (read from their settings files, so
/// it is what `teamai init` actually did, not what was asked).
struct SetupSummary {
    Q_DECLARE_TR_FUNCTIONS(SetupSummary)
public:
    QString endpoint;
    TokenNotice token;          ///< where the token went, as Settings words it (tokenSavedNotice)
    QStringList hookedAgents;   ///< in the tool table's order

    /// @brief Reads the hooks installed in this HOME now. @p fallbackReason: why the token is in
    /// a plain file (TokenStore::SaveResult::fallbackReason).
    static SetupSummary collect(const QString &endpoint, AgentSettings::TokenLocation tokenLocation,
                                const QString &fallbackReason = {});

    /// @brief One sentence per line: backend, token, agents.
    QString text() const;
};

} // namespace teamai::ui
