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
        QString id;
#if defined(Q_OS_LINUX)
        // Read the files directly: QSysInfo::machineUniqueId() falls back to other files and formats.
        for (const char *path : {"/etc/machine-id", "/var/lib/dbus/machine-id"}) {
            QFile file(QString::fromLatin1(path));
            if (file.open(QIODevice::ReadOnly))
                id = QString::fromLatin1(file.readAll()).trimmed();
            if (!id.isEmpty())
                break;
        }
#else
        // macOS: IOPlatformUUID; Windows: MachineGuid — both what QSysInfo reads.
        id = QString::fromLatin1(QSysInfo::machineUniqueId());
#endif
        return machineIdFrom(id, hostName());
    }();
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
#if defined(Q_OS_WIN)
    return QStringLiteral("win32");
#elif defined(Q_OS_MACOS)
    return QStringLiteral("darwin");
#elif defined(Q_OS_LINUX)
    return QStringLiteral("linux");
#else
    return QSysInfo::kernelType();  // freebsd, openbsd… — the names Node uses too
#endif
}

} // namespace teamai::identity
