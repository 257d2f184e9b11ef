#include "config/AdminPolicy.h"

#include <QDir>

namespace teamai {

QString AdminPolicy::systemPath()
{
    QString programData = qEnvironmentVariable("ProgramData");
    if (programData.isEmpty())
        programData = QStringLiteral("C:/ProgramData");
    return QDir::toNativeSeparators(QDir::fromNativeSeparators(programData) + QStringLiteral("/TeamAI/policy.json"));
}

} // namespace teamai
