#include "modelconfig/WorkspaceGitignore.h"

#include "util/SafePath.h"

#include <QFile>
#include <QStringList>

namespace teamai::modelconfig {

bool ensureModelsIgnored(const QString &workspace, QString *error)
{
    const QString path = workspace + QStringLiteral("/.codebuddy/.gitignore");
    const safepath::Resolved checked = safepath::checkInside(workspace, path);
    if (!checked.ok) {
        *error = checked.error;
        return false;
    }
    QString text;
    QFile file(checked.realPath);
    if (file.exists()) {
        if (!file.open(QIODevice::ReadOnly)) {
            *error = QStringLiteral("Cannot read %1").arg(path);
            return false;
        }
        text = QString::fromUtf8(file.readAll());
        for (const QString &line : text.split(u'\n')) {
            if (line.trimmed() == QLatin1String("models.json"))
                return true;
        }
    }
    while (!text.isEmpty() && text.back().isSpace())
        text.chop(1);
    text = text.isEmpty() ? QStringLiteral("# API keys of the team's model gateway (TeamAI)\nmodels.json\n")
                          : text + QStringLiteral("\nmodels.json\n");
    const auto readable = QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ReadGroup | QFileDevice::ReadOther;
    return toOutParameter(safepath::writeFile(workspace, path, text.toUtf8(), readable, safepath::Mode::KeepExisting), error);
}

} // namespace teamai::modelconfig
