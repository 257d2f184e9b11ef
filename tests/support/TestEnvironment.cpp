#include "TestEnvironment.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QtTest>

namespace teamai::test {
namespace {
const char *const kClearedVariables[] = {
    "TEAMAI_TOKEN", "TEAMAI_DISABLE_REMOTE_CMD", "TEAMAI_LOCAL_AGENT_ID", "TEAMAI_POLICY_FILE",
    "TEAMAI_ALLOW_SANDBOX_REPORT", "X_IDE_IS_CLOUDSTUDIO", "TEAMAI_ENDPOINT", "DBUS_SESSION_BUS_ADDRESS",
    "HTTP_PROXY", "HTTPS_PROXY", "http_proxy", "https_proxy", "ALL_PROXY", "all_proxy",
};
} // namespace

TestEnvironment::TestEnvironment()
    : m_oldHome(qgetenv("HOME"))
{
    if (!m_dir.isValid())
        qFatal("cannot create a temporary HOME");
    const QByteArray home = QFile::encodeName(m_dir.path());
    qputenv("HOME", home);
    qputenv("TEAMAI_HOME", home + "/.teamai");
    qputenv("XDG_CONFIG_HOME", home + "/.config");
    qputenv("XDG_DATA_HOME", home + "/.local/share");
    qputenv("XDG_CACHE_HOME", home + "/.cache");
    for (const char *name : kClearedVariables)
        qunsetenv(name);
    // Loopback only: make sure no proxy configuration sends test traffic elsewhere.
    qputenv("NO_PROXY", "*");
}

TestEnvironment::~TestEnvironment()
{
    qputenv("HOME", m_oldHome);
}

QProcessEnvironment TestEnvironment::processEnvironment() const
{
    return QProcessEnvironment::systemEnvironment();
}

QString TestEnvironment::writeFile(const QString &relativePath, const QByteArray &content) const
{
    const QString path = home() + u'/' + relativePath;
    QDir().mkpath(QFileInfo(path).absolutePath());
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate) || file.write(content) != content.size())
        qFatal("cannot write test file");
    return path;
}

QByteArray TestEnvironment::readFile(const QString &relativePath) const
{
    QFile file(home() + u'/' + relativePath);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return file.readAll();
}

QString builtBinary(const char *envName)
{
    const QString path = qEnvironmentVariable(envName);
    if (path.isEmpty() || !QFileInfo(path).isExecutable())
        qFatal("%s is not set to a built binary (run the tests through ctest)", envName);
    return path;
}

} // namespace teamai::test
