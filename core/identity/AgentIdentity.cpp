#include "identity/AgentIdentity.h"

#include "tools/ToolTable.h"
#include "util/Os.h"
#include "util/Paths.h"

#include <QCryptographicHash>
#include <QSysInfo>

namespace teamai::identity {
namespace {

QString sha1Hex(const QString &text)
{
    return QString::fromLatin1(QCryptographicHash::hash(text.toUtf8(), QCryptographicHash::Sha1).toHex());
}

} // namespace

QString machineId()
{
    // It cannot change while we run, and a round needs it for the report, the sync and the ledger.
    static const QString cached = machineIdFrom(os::machineId(), hostName());
    return cached;
}

QString machineIdFrom(const QString &osId, const QString &host)
{
    // The case is kept: the id is hashed, and the reference hashes it as the OS gives it.
    const QString id = osId.trimmed();
    return id.isEmpty() ? host : id;
}

QString computeLocalAgentId(const QString &agentType, const QString &machine, const QString &installPathValue)
{
    const QString pathHash = sha1Hex(installPathValue).left(8);
    return sha1Hex(agentType + machine + pathHash).left(16);
}

QString installPath(const ToolInfo &tool)
{
    return paths::homeDir() + u'/' + tool.rootDir();
}

QString localAgentId(const ToolInfo &tool)
{
    const QString overridden = qEnvironmentVariable("TEAMAI_LOCAL_AGENT_ID").trimmed();
    if (!overridden.isEmpty())
        return overridden;
    return computeLocalAgentId(tool.name, machineId(), installPath(tool));
}

QString hostName()
{
    return QSysInfo::machineHostName();
}

QString osPlatform()
{
    return os::name();
}

} // namespace teamai::identity
