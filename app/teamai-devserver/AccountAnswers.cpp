#include "AccountAnswers.h"

namespace teamai::devserver {
namespace {

const QString kProjects = QStringLiteral("projects");
const QString kGetConfig = QStringLiteral("getConfig");

} // namespace

bool AccountAnswers::handles(const QString &key)
{
    return key == kProjects || key == kGetConfig;
}

QString AccountAnswers::check(const QString &key, const QJsonValue &value)
{
    if (value.isNull())
        return {};
    if (key == kProjects && !value.isArray())
        return QStringLiteral("projects must be an array (or null)");
    if (key == kGetConfig && !value.isObject())
        return QStringLiteral("getConfig must be an object (or null)");
    return {};
}

void AccountAnswers::apply(const QString &key, const QJsonValue &value)
{
    if (key == kProjects)
        m_projects = value.toArray();
    else if (value.isNull())
        m_getConfig.reset();
    else
        m_getConfig = value.toObject();
}

void AccountAnswers::reset()
{
    m_projects = {};
    m_getConfig.reset();
}

void AccountAnswers::addTo(QJsonObject &settings) const
{
    settings.insert(kProjects, m_projects);
    settings.insert(kGetConfig, m_getConfig ? QJsonValue(*m_getConfig) : QJsonValue(QJsonValue::Null));
}

QJsonObject AccountAnswers::projectsAnswer() const
{
    return QJsonObject{{QStringLiteral("ok"), true}, {kProjects, m_projects}};
}

QJsonObject AccountAnswers::getConfigAnswer() const
{
    if (m_getConfig)
        return *m_getConfig;
    return QJsonObject{{QStringLiteral("ok"), true}, {QStringLiteral("config"), QJsonObject{}}};
}

} // namespace teamai::devserver
