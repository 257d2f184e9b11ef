#include "modelconfig/WorkspaceGitignore.h"

#include "util/SafePath.h"

#include <QFile>
#include <QStringList>

namespace teamai::modelconfig {

Status ensureModelsIgnored(const QString &workspace)
{
    const QString path = workspace + QStringLiteral("/.codebuddy/.gitignore");
    const safepath::Resolved checked = safepath::checkInside(workspace, path);
    if (!checked.ok)
        return Error{checked.error};
    QString text;
    QFile file(checked.realPath);
    if (file.exists()) {
        if (!file.open(QIODevice::ReadOnly))
            return Error{QStringLiteral("Cannot read %1").arg(path)};
        text = QString::fromUtf8(file.readAll());
        for (const QString &line : text.split(u'\n')) {
            if (line.trimmed() == QLatin1String("models.json"))
                return {};
        }
    }
    while (!text.isEmpty() && text.back().isSpace())
        text.chop(1);
    text = text.isEmpty() ? QStringLiteral("# API keys of the team's model gateway (TeamAI)\nmodels.json\n")
                          : text + QStringLiteral("\nmodels.json\n");
    const auto readable = QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ReadGroup | QFileDevice::ReadOther;
    return safepath::writeFile(workspace, path, text.toUtf8(), readable, safepath::Mode::KeepExisting);
}

} // namespace teamai::modelconfig
