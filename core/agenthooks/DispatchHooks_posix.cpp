#include "agenthooks/DispatchHooks_platform.h"

namespace teamai::agenthooks::dispatch::platform {

QString quoteUnsafeProgram(const QString &path)
{
    // Only the folder is quoted, so that the command still reads `…teamai hook-dispatch`, which
    // is how teamai-cli recognises a TeamAI hook: `'/home/a b/'teamai` is one shell word.
    const qsizetype slash = path.lastIndexOf(u'/');
    const QString name = path.mid(slash + 1);
    const bool nameIsSafe = slash >= 0 && !name.isEmpty() && isShellSafe(name);
    QString quoted = nameIsSafe ? path.left(slash + 1) : path;
    quoted.replace(u'\'', QLatin1String("'\\''"));
    return u'\'' + quoted + u'\'' + (nameIsSafe ? name : QString());
}

} // namespace teamai::agenthooks::dispatch::platform
