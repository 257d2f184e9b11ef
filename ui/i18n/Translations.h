#pragma once

#include <QLocale>
#include <QString>

class QCoreApplication;

namespace teamai::ui::i18n {

/// @brief What installTranslations() loaded.
struct Installed {
    QString app;   ///< the tray's own .qm (":/i18n/teamai_zh_CN.qm"), empty when none matched
    QString qt;    ///< Qt's own qtbase translation (dialog buttons…), empty when not found
};

/// @brief Installs the tray's translation for @p locale (its UI languages in order, as
/// QLocale::system() takes them from LANGUAGE, LC_ALL, LC_MESSAGES and LANG), embedded under
/// `:/i18n`, and Qt's own qtbase translation from Qt's translations folder when it is there
/// (Debian: qt6-translations-l10n). English needs neither: the sources are English. The
/// translators live as long as the application.
Installed installTranslations(QCoreApplication &app, const QLocale &locale);

/// @brief Where the tray's translations are embedded.
QString embeddedDirectory();

} // namespace teamai::ui::i18n
