#include "modelconfig/GatewaySince.h"

#include "log/Logging.h"
#include "util/JsonFile.h"
#include "util/Paths.h"

#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace teamai::modelconfig::gatewaysince {
namespace {

QStringList sorted(QStringList list)
{
    list.sort();
    list.removeDuplicates();
    return list;
}

QJsonObject load(const QString &path)
{
    return jsonfile::readObject(path).object;  // damaged or missing: no times known
}

} // namespace

QString defaultPath()
{
    return paths::agentStateDir() + QStringLiteral("/model-gateways.json");
}

QString scopeKey(const QString &kind, const QString &workspace)
{
    return workspace.isEmpty() ? kind : kind + u'@' + workspace;
}

void update(const QString &key, const QStringList &gateways, const QDateTime &now, const QString &path)
{
    QJsonObject root = load(path);
    const QJsonArray wanted = QJsonArray::fromStringList(sorted(gateways));
    const QJsonObject entry = root.value(key).toObject();
    if (gateways.isEmpty()) {
        if (!root.contains(key))
            return;
        root.remove(key);
    } else if (entry.value(QStringLiteral("gateways")).toArray() == wanted) {
        return;
    } else {
        root.insert(key, QJsonObject{{QStringLiteral("since"), now.toUTC().toString(Qt::ISODateWithMs)},
                                     {QStringLiteral("gateways"), wanted}});
    }
    Status saved = paths::ensurePrivateDir(QFileInfo(path).absolutePath());
    if (saved)
        saved = jsonfile::writeObject(path, root, jsonfile::kPrivateFile);
    if (!saved)
        qCWarning(lcResources).noquote() << "cannot record since when a model gateway is used:" << saved.error();
}

QDateTime since(const QString &key, const QStringList &gateways, const QString &path)
{
    const QJsonObject entry = load(path).value(key).toObject();
    if (entry.value(QStringLiteral("gateways")).toArray() != QJsonArray::fromStringList(sorted(gateways)))
        return {};
    return QDateTime::fromString(entry.value(QStringLiteral("since")).toString(), Qt::ISODateWithMs);
}

} // namespace teamai::modelconfig::gatewaysince
