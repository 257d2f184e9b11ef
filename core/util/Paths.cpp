#include "util/Paths.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>

namespace teamai::paths {

QString homeDir()
{
    const QString fromEnv = qEnvironmentVariable("HOME");
    return fromEnv.isEmpty() ? QDir::homePath() : QDir::cleanPath(fromEnv);
}

QString teamaiHome()
{
    const QString fromEnv = qEnvironmentVariable("TEAMAI_HOME");
    if (!fromEnv.isEmpty())
        return QDir::cleanPath(fromEnv);
    return homeDir() + QStringLiteral("/.teamai");
}

QString agentStateDir()
{
    return teamaiHome() + QStringLiteral("/local-agent");
}

QString logDir()
{
    return agentStateDir() + QStringLiteral("/logs");
}

namespace {

constexpr QFileDevice::Permissions kPrivateDir = QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner;

// The TeamAI home holds the token file, the ledger and the logs: owner-only as a whole, not just
// the folders we create inside it (mkpath would give it 0755).
Status ensurePrivateHome(const QString &path)
{
    const QString home = teamaiHome();
    if (path != home && !path.startsWith(home + QLatin1Char('/')))
        return {};
    QDir dir(home);
    if ((dir.exists() || dir.mkpath(QStringLiteral("."))) && restrictMode(home, kPrivateDir))
        return {};
    return Error{QStringLiteral("cannot create or protect folder %1").arg(home)};
}

} // namespace

Status ensurePrivateDir(const QString &path)
{
    if (const Status home = ensurePrivateHome(QDir::cleanPath(QDir(path).absolutePath())); !home)
        return home;
    QDir dir(path);
    if (!dir.exists() && !dir.mkpath(QStringLiteral(".")))
        return Error{QStringLiteral("cannot create folder %1").arg(path)};
    if (!restrictMode(path, kPrivateDir))
        return Error{QStringLiteral("cannot restrict permissions of %1").arg(path)};
    return {};
}

bool restrictMode(const QString &path, QFileDevice::Permissions permissions)
{
    // Compare the mode bits only: permissions() also reports the current user's access (the
    // *User flags), which would make the check fail every time and cost a chmod on every call.
    const auto userFlags = QFile::ReadUser | QFile::WriteUser | QFile::ExeUser;
    return (QFile::permissions(path) & ~userFlags) == permissions || QFile::setPermissions(path, permissions);
}

QString applicationDir()
{
    // QCoreApplication::applicationDirPath() reads /proc/self/exe on Linux; it never searches PATH.
    return QCoreApplication::applicationDirPath();
}

} // namespace teamai::paths
