#include "hookinput/HookInput.h"

#include <QDir>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonParseError>

namespace teamai {

HookInput HookInput::fromBytes(const QByteArray &bytes)
{
    HookInput input;
    input.cwd = QDir::currentPath();
    if (bytes.trimmed().isEmpty())
        return input;
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(bytes, &error);
    if (error.error != QJsonParseError::NoError || !doc.isObject()) {
        input.parseError = error.error != QJsonParseError::NoError
            ? QStringLiteral("hook input is not valid JSON: %1").arg(error.errorString())
            : QStringLiteral("hook input is not a JSON object");
        return input;
    }
    input.json = doc.object();
    const QString cwd = input.json.value(QStringLiteral("cwd")).toString();
    if (!cwd.isEmpty() && QDir::isAbsolutePath(cwd) && QFileInfo(cwd).isDir())
        input.cwd = QDir::cleanPath(cwd);
    return input;
}

bool shouldSkipReportInSandbox()
{
    if (qEnvironmentVariable("TEAMAI_ALLOW_SANDBOX_REPORT") == QLatin1String("1"))
        return false;
    return qEnvironmentVariable("X_IDE_IS_CLOUDSTUDIO").compare(QLatin1String("TRUE"), Qt::CaseInsensitive) == 0
        || QFileInfo::exists(QStringLiteral("/var/run/cloudstudio"));
}

} // namespace teamai
