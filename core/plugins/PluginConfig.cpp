#include "plugins/PluginConfig.h"

#include "util/Result.h"

#include <QCryptographicHash>
#include <QJsonValue>
#include <QLocale>
#include <QRegularExpression>

#include <algorithm>
#include <cmath>

namespace teamai::plugins {
namespace {

constexpr qsizetype kMaxPlugins = 50;
constexpr qsizetype kMaxCommandChars = 4096;
constexpr qsizetype kMaxSlugChars = 64;

const QStringList &commandFields()
{
    static const QStringList fields{QStringLiteral("install_cmd"), QStringLiteral("update_cmd"),
                                    QStringLiteral("uninstall_cmd"), QStringLiteral("run_cmd")};
    return fields;
}

const QRegularExpression &placeholderPattern()
{
    static const QRegularExpression pattern(QStringLiteral("\\$\\{([a-zA-Z_][a-zA-Z0-9_]*)\\}"));
    return pattern;
}

bool validSlug(const QString &slug)
{
    if (slug.isEmpty() || slug.size() > kMaxSlugChars)
        return false;
    return std::all_of(slug.begin(), slug.end(), [](QChar c) {
        const char16_t u = c.unicode();
        return (u >= u'a' && u <= u'z') || (u >= u'A' && u <= u'Z') || (u >= u'0' && u <= u'9') || u == u'-' || u == u'_'
            || u == u'.';
    });
}

/// Fine when @p section's command fields are all fine; the problem otherwise.
Status checkCommands(const QJsonObject &section)
{
    for (const QString &field : commandFields()) {
        const QJsonValue value = section.value(field);
        if (value.isUndefined())
            continue;
        if (!value.isString() || (value.toString().isEmpty() && field != QLatin1String("update_cmd")))
            return Error{QStringLiteral("%1 must be a non-empty string").arg(field)};
        if (value.toString().size() > kMaxCommandChars)
            return Error{QStringLiteral("%1 is longer than %2 characters").arg(field).arg(kMaxCommandChars)};
    }
    for (const char *required : {"install_cmd", "run_cmd", "uninstall_cmd"}) {
        if (!section.value(QLatin1String(required)).isString())
            return Error{QStringLiteral("%1 is missing").arg(QLatin1String(required))};
    }
    return {};
}

void collectVariables(const QJsonObject &section, QHash<QString, QString> &variables)
{
    static const QRegularExpression name(QStringLiteral("^[A-Za-z_][A-Za-z0-9_]*\\z"));
    for (auto it = section.begin(); it != section.end(); ++it) {
        if (commandFields().contains(it.key()) || it.key() == QLatin1String("version") || !name.match(it.key()).hasMatch())
            continue;
        const QJsonValue value = it.value();
        if (value.isDouble() && std::isfinite(value.toDouble()))
            variables.insert(it.key(), QString::number(value.toDouble(), 'g', QLocale::FloatingPointShortest));
        else if (value.isString() && !value.toString().isEmpty())
            variables.insert(it.key(), value.toString());
    }
}

} // namespace

QString PluginSpec::fingerprint() const
{
    const QByteArray joined = installCmd.toUtf8() + '\0' + updateCmd.toUtf8() + '\0' + runCmd.toUtf8();
    return QString::fromLatin1(QCryptographicHash::hash(joined, QCryptographicHash::Sha256).toHex());
}

PluginConfig PluginConfig::fromAnswer(const QJsonObject &answer)
{
    PluginConfig config;
    for (auto it = answer.begin(); it != answer.end(); ++it) {
        const QJsonObject section = it.value().toObject();
        const bool hasCommands = std::any_of(commandFields().begin(), commandFields().end(),
                                             [&](const QString &field) { return section.contains(field); });
        if (!it.value().isObject() || !hasCommands)
            continue;
        Status usable = validSlug(it.key()) ? checkCommands(section) : Status(Error{QStringLiteral("the name is not a plugin slug")});
        if (usable && config.plugins.size() == kMaxPlugins)
            usable = Error{QStringLiteral("more than %1 plugins").arg(kMaxPlugins)};
        if (!usable) {
            return PluginConfig{{}, {}, QStringLiteral("malformed get-config answer: plugin \"%1\": %2")
                                            .arg(it.key().left(kMaxSlugChars), usable.error())};
        }
        collectVariables(section, config.variables);
        const QJsonValue version = section.value(QStringLiteral("version"));
        config.plugins.append({it.key(), version.isString() ? version.toString() : QString(),
                               section.value(QStringLiteral("install_cmd")).toString(),
                               section.value(QStringLiteral("update_cmd")).toString(),
                               section.value(QStringLiteral("uninstall_cmd")).toString(),
                               section.value(QStringLiteral("run_cmd")).toString()});
    }
    return config;
}

QString PluginConfig::substitute(const QString &command, const QHash<QString, QString> &variables)
{
    QString out;
    qsizetype last = 0;
    for (const QRegularExpressionMatch &match : placeholderPattern().globalMatch(command)) {
        out += command.mid(last, match.capturedStart() - last);
        const auto it = variables.constFind(match.captured(1));
        out += it != variables.constEnd() ? it.value() : match.captured(0);
        last = match.capturedEnd();
    }
    return out + command.mid(last);
}

QStringList PluginConfig::placeholders(const QString &command)
{
    QStringList names;
    for (const QRegularExpressionMatch &match : placeholderPattern().globalMatch(command)) {
        if (!names.contains(match.captured(1)))
            names.append(match.captured(1));
    }
    return names;
}

} // namespace teamai::plugins
