#include "identity/AgentIdentity.h"

#include "tools/ToolTable.h"
#include "util/Paths.h"

#include <QCryptographicHash>
#include <QFile>
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
    static const QString cached = [] {
#if defined(Q_OS_LINUX)
    // Read the file directly: QSysInfo::machineUniqueId() falls back to other files and formats.
        for (const char *path : {"/etc/machine-id", "/var/lib/dbus/machine-id"}) {
            QFile file(QString::fromLatin1(path));
            if (file.open(QIODevice::ReadOnly)) {
                const QString id = QString::fromLatin1(file.readAll()).trimmed().toLower();
                if (!id.isEmpty())
                    return id;
            }
        }
        return QString();
#else
        // macOS: IOPlatformUUID; Windows: MachineGuid — both what QSysInfo reads.
        return QString::fromLatin1(QSysInfo::machineUniqueId()).trimmed().toLower();
#endif
    }();
    return cached;
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

QString osDescription()
{
    return QStringLiteral("%1 %2 (%3)").arg(QSysInfo::kernelType(), QSysInfo::kernelVersion(), QSysInfo::prettyProductName());
}

} // namespace teamai::identity
