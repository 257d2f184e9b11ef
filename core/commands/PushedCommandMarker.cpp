#include "commands/PushedCommandMarker.h"

namespace teamai::pushedmarker {
namespace {
constexpr char kVariable[] = "TEAMAI_PUSHED_COMMAND";
} // namespace

QString variableName()
{
    return QString::fromLatin1(kVariable);
}

bool isInsidePushedCommand()
{
    return qEnvironmentVariableIsSet(kVariable);
}

QString refusal(const QString &detail)
{
    return QStringLiteral("refused inside a pushed command (%1 is set): %2").arg(variableName(), detail);
}

} // namespace teamai::pushedmarker
