#pragma once

#include <QDateTime>
#include <QList>
#include <QString>
#include <QStringList>

namespace teamai::modelconfig {

/// @brief One tool (in one scope) whose AI traffic goes to a gateway we configured.
struct GatewayInUse {
    QString kind;         ///< claude, codebuddy or workbuddy
    QString workspace;    ///< empty at user scope
    QStringList gateways; ///< base URLs (never a key)
    QStringList models;   ///< model ids of ours
    QString file;         ///< the tool's file, as people read it (`~/.claude/settings.json`)
    QDateTime since;      ///< invalid when not known (set up by the reference client)
};

/// @brief What the manifest records and the tool files still hold unchanged: the gateways in use,
/// for the tray. Entries the user changed since are not ours and are not listed.
QList<GatewayInUse> gatewaysInUse();

} // namespace teamai::modelconfig
