#pragma once

#include <QDateTime>
#include <QString>
#include <QStringList>

namespace teamai::modelconfig {

/// @brief Since when each tool uses the gateway we configured: our own small file,
/// `~/.teamai/local-agent/model-gateways.json` (`{"<scope key>": {"since", "gateways"}}`), as the
/// shared manifest keeps no times. A time is kept while the set of gateway URLs stays the same,
/// so a re-apply with new keys or models does not reset it; a gateway set up by the reference
/// client (or changed by it) has no time here until we write it again.
namespace gatewaysince {

QString defaultPath();

/// @brief Key of a tool's scope: `claude`, `codebuddy`, or `codebuddy@<workspace>`.
QString scopeKey(const QString &kind, const QString &workspace);

/// @brief Records that @p key now uses @p gateways (empty: none, the entry goes). A time already
/// kept for the same gateways stays.
void update(const QString &key, const QStringList &gateways, const QDateTime &now, const QString &path = defaultPath());

/// @brief The time kept for @p key when it was recorded for exactly @p gateways; invalid otherwise.
QDateTime since(const QString &key, const QStringList &gateways, const QString &path = defaultPath());

} // namespace gatewaysince
} // namespace teamai::modelconfig
