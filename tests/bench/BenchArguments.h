#pragma once

#include <QCoreApplication>
#include <QLoggingCategory>
#include <QStringList>

namespace teamai::bench {

/// @brief The opening every benchmark's main() shares: @p app's arguments after the program name,
/// with the debug and info logging of @p categories (a logging rule pattern such as `teamai.*`)
/// turned off, so that writing log lines does not weigh on what is measured.
inline QStringList quietArguments(const QCoreApplication &app, const QString &categories)
{
    QLoggingCategory::setFilterRules(QStringLiteral("%1.debug=false\n%1.info=false").arg(categories));
    return app.arguments().mid(1);
}

} // namespace teamai::bench
