#pragma once

#include "util/Result.h"

#include <QString>
#include <QStringList>

namespace teamai::agenthooks::hookrules {

/// @brief What bringing the installed hook rules in line with the kill switch came to.
struct GateFollowed {
    int withdrawn = 0;   ///< rules taken out of their settings file now
    int restored = 0;    ///< rules put back now
    QStringList errors;  ///< one line per rule (or file) that could not be changed; retried next time

    bool ok() const { return errors.isEmpty(); }
};

/// @brief The kill switch applied to hook rules already installed (docs/security.md, "Hook rules
/// and the kill switch"). A hook rule is a shell command the agent runs by itself, so TeamAI
/// cannot refuse it when it runs; it can only keep it out of the agent's settings. So: while
/// remote commands are not allowed, every rule agent-hooks.json lists is *withdrawn* — its tagged
/// entry removed from the settings file, the record kept and marked withdrawn; once they are
/// allowed again, every withdrawn rule is *restored* exactly once from its record.
///
/// @p allowed is the gate's verdict, @p because its reason ("env", "user", "policy"), recorded on
/// withdrawn rules. Cheap when nothing is to change (one read of agent-hooks.json, no lock);
/// otherwise it waits at most @p lockWaitMs for the install lock (and tries again next time).
GateFollowed followGate(bool allowed, const QString &because, int lockWaitMs);

/// @brief followGate() with RemoteCommandGate::evaluate()'s verdict now: what every hook, sync,
/// worker and tray round does first, so the environment switch and a policy file take effect
/// at the next round.
GateFollowed followGateNow(int lockWaitMs);

/// @brief The one way the user's switch is flipped (`teamai remote-cmd enable|disable` and the
/// tray): persists it (RemoteCommandGate::setUserEnabled), then applies the resulting verdict to
/// the hook rules at once: what happened to the rules, or the switch's error (nothing changed).
Result<GateFollowed> setRemoteCommandsEnabled(bool enabled, const QString &changedBy);

} // namespace teamai::agenthooks::hookrules
