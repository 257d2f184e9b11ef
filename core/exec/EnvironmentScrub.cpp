#include "exec/EnvironmentScrub.h"

#include "util/Redact.h"

#include <QStringList>

namespace teamai::exec {
namespace {

bool hasPatPart(const QString &name)
{
    // PAT only as a whole part: GITHUB_PAT, PAT_TOKEN, MY_PAT_2 — PATH and PATTERN stay.
    const QStringList parts = name.split(u'_');
    for (const QString &part : parts) {
        if (part.compare(QLatin1String("PAT"), Qt::CaseInsensitive) == 0)
            return true;
    }
    return false;
}

bool hasExtendedCredentialWord(const QString &name)
{
    for (const char *word : {"CREDENTIAL", "AUTH", "PASS", "COOKIE", "SESSION"}) {
        if (name.contains(QLatin1String(word), Qt::CaseInsensitive))
            return true;
    }
    return false;
}

bool isSchemeChar(QChar c)
{
    return (c >= u'a' && c <= u'z') || (c >= u'A' && c <= u'Z') || (c >= u'0' && c <= u'9') || c == u'+' || c == u'-'
        || c == u'.';
}

/// The userinfo of the URL whose "://" is at @p sep has a password when, before the first '@'
/// of its authority, there is a ':' followed by at least one character.
bool authorityHasPassword(const QString &value, qsizetype sep)
{
    qsizetype colon = -1;
    for (qsizetype i = sep + 3; i < value.size(); ++i) {
        const QChar c = value.at(i);
        if (c == u'/' || c == u'?' || c == u'#' || c.isSpace())
            return false;
        if (c == u':' && colon < 0)
            colon = i;
        if (c == u'@')
            return colon >= 0 && i > colon + 1;
    }
    return false;
}

} // namespace

bool isKeptSessionName(const QString &name)
{
    for (const char *kept : {"DBUS_SESSION_BUS_ADDRESS", "XDG_SESSION_TYPE", "XDG_SESSION_ID", "XDG_SESSION_CLASS",
                             "XDG_SESSION_DESKTOP"}) {
        if (name == QLatin1String(kept))
            return true;
    }
    return false;
}

bool containsUrlWithPassword(const QString &value)
{
    for (qsizetype sep = value.indexOf(QLatin1String("://")); sep >= 0; sep = value.indexOf(QLatin1String("://"), sep + 3)) {
        if (sep > 0 && isSchemeChar(value.at(sep - 1)) && authorityHasPassword(value, sep))
            return true;
    }
    return false;
}

bool isScrubbedVariable(const QString &name, const QString &value)
{
    if (containsUrlWithPassword(value))
        return true;
    if (isCredentialName(name))
        return true;
    if (isKeptSessionName(name))
        return false;
    return hasExtendedCredentialWord(name) || hasPatPart(name);
}

QProcessEnvironment scrubEnvironment(const QProcessEnvironment &base)
{
    QProcessEnvironment environment;
    const QStringList names = base.keys();
    for (const QString &name : names) {
        const QString value = base.value(name);
        if (!isScrubbedVariable(name, value))
            environment.insert(name, value);
    }
    return environment;
}

} // namespace teamai::exec
