#include "CommandQueue.h"

#include <QFile>
#include <QJsonDocument>
#include <QJsonParseError>

namespace teamai::devserver {

namespace {

const QString targetKey = QStringLiteral("_target");

bool matchesTarget(const QJsonObject &command, const QJsonObject &syncBody)
{
    const QJsonObject target = command.value(targetKey).toObject();
    for (auto it = target.begin(); it != target.end(); ++it) {
        if (syncBody.value(it.key()) != it.value())
            return false;
    }
    return true;
}

} // namespace

bool CommandQueue::parse(const QJsonValue &value, QList<QJsonObject> *commands, QString *error)
{
    const QJsonArray items = value.isArray() ? value.toArray() : QJsonArray{value};
    QList<QJsonObject> parsed;
    for (qsizetype i = 0; i < items.size(); ++i) {
        if (!items.at(i).isObject()) {
            *error = QStringLiteral("command %1 is not a JSON object").arg(i);
            return false;
        }
        const QJsonObject command = items.at(i).toObject();
        if (command.contains(targetKey) && !command.value(targetKey).isObject()) {
            *error = QStringLiteral("command %1: _target must be an object").arg(i);
            return false;
        }
        parsed.append(command);
    }
    *commands = parsed;
    return true;
}

bool CommandQueue::loadFile(const QString &path, QString *error)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        *error = QStringLiteral("cannot read %1: %2").arg(path, file.errorString());
        return false;
    }
    QJsonParseError parseError;
    const QJsonDocument doc = QJsonDocument::fromJson(file.readAll(), &parseError);
    if (parseError.error != QJsonParseError::NoError) {
        *error = QStringLiteral("%1 is not valid JSON: %2 at offset %3")
                     .arg(path, parseError.errorString())
                     .arg(parseError.offset);
        return false;
    }
    if (!doc.isArray()) {
        *error = QStringLiteral("%1 must hold a JSON array of command objects").arg(path);
        return false;
    }
    QList<QJsonObject> commands;
    QString why;
    if (!parse(doc.array(), &commands, &why)) {
        *error = QStringLiteral("%1: %2").arg(path, why);
        return false;
    }
    append(commands);
    return true;
}

void CommandQueue::append(const QList<QJsonObject> &commands)
{
    m_commands.append(commands);
}

void CommandQueue::clear()
{
    m_commands.clear();
}

QJsonArray CommandQueue::all() const
{
    QJsonArray out;
    for (const QJsonObject &command : m_commands)
        out.append(command);
    return out;
}

QJsonArray CommandQueue::deliverableTo(const QJsonObject &syncBody) const
{
    QJsonArray out;
    for (QJsonObject command : m_commands) {
        if (!matchesTarget(command, syncBody))
            continue;
        command.remove(targetKey);
        out.append(command);
    }
    return out;
}

int CommandQueue::removeId(const QJsonValue &id)
{
    return int(m_commands.removeIf([&id](const QJsonObject &command) {
        return command.contains(QStringLiteral("id")) && command.value(QStringLiteral("id")) == id;
    }));
}

} // namespace teamai::devserver
