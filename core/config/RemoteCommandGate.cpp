#include "config/RemoteCommandGate.h"

#include "log/Logging.h"

namespace teamai {
namespace {

using Reason = RemoteCommandGate::Decision::Reason;

const char kEnvName[] = "TEAMAI_DISABLE_REMOTE_CMD";

QString stateWord(bool enabled)
{
    return enabled ? QStringLiteral("enabled") : QStringLiteral("disabled");
}

void decideByEnv(RemoteCommandGate::Decision *decision, const QString &envValue, const AdminPolicy::Loaded &policy,
                 bool policyLocks)
{
    decision->allowed = false;
    decision->reason = Reason::Env;
    decision->detail = QStringLiteral("disabled by %1=%2").arg(QLatin1String(kEnvName), envValue.trimmed());
    if (policyLocks && *policy.remoteCommandsEnabled)
        decision->detail += QStringLiteral(" (this wins over the administrator policy at %1, which locks them enabled)")
                                .arg(policy.path);
}

void decideByLockedPolicy(RemoteCommandGate::Decision *decision, const AdminPolicy::Loaded &policy)
{
    decision->allowed = *policy.remoteCommandsEnabled;
    decision->reason = Reason::Policy;
    decision->locked = true;
    decision->detail = decision->policyInvalid
        ? QStringLiteral("disabled because the administrator policy is invalid: %1").arg(policy.error)
        : QStringLiteral("%1 and locked by the administrator policy at %2").arg(stateWord(decision->allowed), policy.path);
}

void decideByUser(RemoteCommandGate::Decision *decision, const AgentSettings::RemoteCommandSwitch &userSwitch)
{
    decision->allowed = userSwitch.enabled;
    decision->reason = userSwitch.enabled ? Reason::None : Reason::User;
    QString who = userSwitch.changedBy.isEmpty() ? QStringLiteral("the user")
                                                 : QStringLiteral("the user (%1)").arg(userSwitch.changedBy);
    decision->detail = QStringLiteral("%1 by %2").arg(stateWord(userSwitch.enabled), who);
    if (!userSwitch.changedAt.isEmpty())
        decision->detail += QStringLiteral(" at ") + userSwitch.changedAt;
}

} // namespace

bool RemoteCommandGate::envValueDisables(const QString &value)
{
    const QString v = value.trimmed().toLower();
    return v == u"1" || v == u"true" || v == u"yes";
}

RemoteCommandGate::Decision RemoteCommandGate::evaluate(const AdminPolicy::Loaded &policy, const QString &envValue,
                                                        const AgentSettings::Loaded &settings)
{
    Decision decision;
    decision.policyPath = policy.path;
    decision.policyInvalid = !policy.error.isEmpty();
    const AgentSettings::RemoteCommandSwitch userSwitch = settings.settings.remoteCommands();
    decision.changedBy = userSwitch.changedBy;
    decision.changedAt = userSwitch.changedAt;

    const bool policyLocks = policy.exists && policy.locked && policy.remoteCommandsEnabled;

    // The environment is checked first: it is the kill switch nothing on disk can overrule,
    // not even a policy that locks remote commands enabled (SPEC §5: refused when any says so).
    if (envValueDisables(envValue)) {
        decideByEnv(&decision, envValue, policy, policyLocks);
    } else if (policyLocks) {
        decideByLockedPolicy(&decision, policy);
    } else if (!settings.error.isEmpty()) {
        // The unreadable file may be holding the user's "disabled": do not guess the other way.
        decision.allowed = false;
        decision.reason = Reason::User;
        decision.detail = QStringLiteral("disabled because the agent settings cannot be read: %1").arg(settings.error);
    } else if (userSwitch.explicitlySet) {
        decideByUser(&decision, userSwitch);
    } else if (policy.exists && policy.remoteCommandsEnabled) {
        decision.allowed = *policy.remoteCommandsEnabled;
        decision.reason = decision.allowed ? Reason::None : Reason::Policy;
        decision.detail = QStringLiteral("%1 by default by the administrator policy at %2 (the user may change it)")
                              .arg(stateWord(decision.allowed), policy.path);
    } else {
        decision.detail = QStringLiteral("enabled (default)");
    }
    return decision;
}

RemoteCommandGate::Decision RemoteCommandGate::evaluate()
{
    return evaluate(AdminPolicy::load(), qEnvironmentVariable(kEnvName), AgentSettings::load());
}

Status RemoteCommandGate::setUserEnabled(bool enabled, const QString &changedBy)
{
    const AdminPolicy::Loaded policy = AdminPolicy::load();
    if (policy.exists && policy.locked && policy.remoteCommandsEnabled) {
        QString message = QStringLiteral("remote commands are locked %1 by the administrator policy at %2")
                              .arg(stateWord(*policy.remoteCommandsEnabled), policy.path);
        if (!policy.error.isEmpty())
            message += QStringLiteral(" (the policy file is invalid: %1)").arg(policy.error);
        return Error{message};
    }
    const Status saved = AgentSettings::update(
        [&](AgentSettings &settings) { settings.setRemoteCommandsEnabled(enabled, changedBy); });
    if (!saved)
        return saved;
    qCInfo(lcConfig).noquote() << "remote commands" << stateWord(enabled) << "by" << changedBy;
    return {};
}

QString RemoteCommandGate::reasonName(Decision::Reason reason)
{
    switch (reason) {
    case Reason::Env: return QStringLiteral("env");
    case Reason::User: return QStringLiteral("user");
    case Reason::Policy: return QStringLiteral("policy");
    case Reason::None: break;
    }
    return {};
}

QString RemoteCommandGate::statusLine(const Decision &decision)
{
    return QStringLiteral("%1%2 — %3")
        .arg(decision.allowed ? QStringLiteral("allowed") : QStringLiteral("disabled"),
             decision.locked ? QStringLiteral(" (locked by policy)") : QString(), decision.detail);
}

std::optional<int> RemoteCommandGate::commandTimeoutCapMs()
{
    const AdminPolicy::Loaded policy = AdminPolicy::load();
    if (!policy.error.isEmpty() || !policy.maxCommandTimeoutSeconds)
        return std::nullopt;
    return *policy.maxCommandTimeoutSeconds * 1000;
}

} // namespace teamai
