#include "binding/ProjectList.h"

#include "net/BackendClient.h"

#include <QJsonArray>

#include <cmath>

namespace teamai::binding {
namespace {

constexpr qsizetype kMaxProjects = 500;
constexpr qsizetype kMaxIdChars = 64;
constexpr qsizetype kMaxTextChars = 200;

/// Text from the backend as it may be shown to the user and the agent: one line, capped.
QString cleanText(const QString &raw)
{
    QString text = raw.left(kMaxTextChars);
    for (QChar &c : text) {
        if (c.category() == QChar::Other_Control || c.category() == QChar::Other_Format
            || c == QChar::LineSeparator || c == QChar::ParagraphSeparator)
            c = u' ';
    }
    return text.simplified();
}

bool validId(const QJsonValue &id)
{
    if (id.isDouble()) {
        const double d = id.toDouble();
        return d >= 1 && d <= 9007199254740992.0 && std::floor(d) == d;
    }
    if (id.isString()) {
        const QString text = id.toString();
        if (text.trimmed().isEmpty() || text.size() > kMaxIdChars)
            return false;
        // The id ends up in a command line the agent is asked to run: nothing a shell treats
        // specially may be in it.
        for (const QChar c : text) {
            const char16_t u = c.unicode();
            const bool safe = (u >= u'a' && u <= u'z') || (u >= u'A' && u <= u'Z') || (u >= u'0' && u <= u'9')
                || u == u'-' || u == u'_' || u == u'.';
            if (!safe)
                return false;
        }
        return text != QLatin1String("0");
    }
    return false;
}

} // namespace

QString Project::idText() const
{
    if (id.isDouble())
        return QString::number(static_cast<qint64>(id.toDouble()));
    return id.toString();
}

const Project *ProjectList::find(const QString &idText) const
{
    for (const Project &project : projects) {
        if (project.idText() == idText)
            return &project;
    }
    return nullptr;
}

ProjectList ProjectList::fromAnswer(const QJsonObject &answer)
{
    ProjectList list;
    const QJsonValue raw = answer.value(QStringLiteral("projects"));
    if (raw.isUndefined() || raw.isNull())
        return list;
    if (!raw.isArray()) {
        list.error = QStringLiteral("malformed projects answer: \"projects\" is not an array");
        return list;
    }
    const QJsonArray array = raw.toArray();
    if (array.size() > kMaxProjects) {
        list.error = QStringLiteral("malformed projects answer: more than %1 projects").arg(kMaxProjects);
        return list;
    }
    for (qsizetype i = 0; i < array.size(); ++i) {
        const QJsonObject object = array.at(i).toObject();
        const QJsonValue name = object.value(QStringLiteral("name"));
        if (!array.at(i).isObject() || !validId(object.value(QStringLiteral("id"))) || !name.isString()
            || cleanText(name.toString()).isEmpty()) {
            list.projects.clear();
            list.error = QStringLiteral("malformed projects answer: entry %1 needs an id and a name").arg(i + 1);
            return list;
        }
        list.projects.append({object.value(QStringLiteral("id")), cleanText(name.toString()),
                              cleanText(object.value(QStringLiteral("description")).toString())});
    }
    return list;
}

ProjectList ProjectList::fetch(BackendClient &client)
{
    const BackendReply reply = client.get(Route::Projects);
    if (!reply.ok) {
        ProjectList list;
        list.error = reply.error.isEmpty() ? QStringLiteral("the projects request failed") : reply.error;
        return list;
    }
    return fromAnswer(reply.body);
}

} // namespace teamai::binding
