#include "i18n/Translations.h"

#include <QCoreApplication>
#include <QLibraryInfo>
#include <QStringList>
#include <QTranslator>

namespace teamai::ui::i18n {
namespace {

// Loads the first of @p locale's UI languages that has a `<name>_<lang>.qm` in @p directory.
QString installOne(QCoreApplication &app, const QLocale &locale, const QString &name, const QString &directory)
{
    auto *translator = new QTranslator(&app);
    if (translator->load(locale, name, QStringLiteral("_"), directory) && QCoreApplication::installTranslator(translator))
        return translator->filePath();
    delete translator;
    return {};
}

} // namespace

QString embeddedDirectory()
{
    return QStringLiteral(":/i18n");
}

Installed installTranslations(QCoreApplication &app, const QLocale &locale)
{
    Installed installed;
    // English is the source language: an English first choice loads nothing (not even a second
    // choice's Chinese), and the plural forms come from teamai_en.qm.
    const QStringList languages = locale.uiLanguages();
    if (languages.isEmpty() || languages.first().startsWith(QLatin1String("en")) || languages.first() == QLatin1String("C")) {
        installed.app = installOne(app, QLocale(QLocale::English), QStringLiteral("teamai"), embeddedDirectory());
        return installed;
    }
    installed.app = installOne(app, locale, QStringLiteral("teamai"), embeddedDirectory());
    if (!installed.app.isEmpty())
        installed.qt = installOne(app, locale, QStringLiteral("qtbase"), QLibraryInfo::path(QLibraryInfo::TranslationsPath));
    return installed;
}

} // namespace teamai::ui::i18n
