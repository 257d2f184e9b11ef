#include "modelconfig/ModelFiles.h"

#include "util/JsonFile.h"
#include "util/SafePath.h"

#include <QDir>
#include <QFile>

namespace teamai::modelconfig {
namespace {

constexpr qint64 kMaxFileBytes = 8 * 1024 * 1024;

} // namespace

ToolJson readToolJson(const QString &path, const QString &display)
{
    ToolJson read;
    QFile file(path);
    if (!file.exists())
        return read;
    read.exists = true;
    if (!file.open(QIODevice::ReadOnly)) {
        read.error = QStringLiteral("apply_model_config: cannot read %1: %2").arg(display, file.errorString());
        return read;
    }
    if (file.size() > kMaxFileBytes) {
        read.error = QStringLiteral("apply_model_config: %1 is larger than 8 MiB").arg(display);
        return read;
    }
    const JsParsed parsed = parseJson(file.readAll());
    if (!parsed.ok) {
        read.error = QStringLiteral("apply_model_config: cannot parse %1: %2").arg(display, parsed.error);
        return read;
    }
    read.value = parsed.value;
    return read;
}

Status writeToolJson(const QString &base, const QString &path, const JsValue &value)
{
    return safepath::writeFile(base, path, stringifyPretty(value), jsonfile::kPrivateFile, safepath::Mode::Set);
}

QString displayPath(const QString &path, const QString &home)
{
    const QString clean = QDir::cleanPath(path);
    const QString root = QDir::cleanPath(home);
    if (clean.startsWith(root + u'/'))
        return QStringLiteral("~") + clean.mid(root.size());
    return clean;
}

} // namespace teamai::modelconfig
