#pragma once

#include <QByteArray>
#include <QString>

// What LoginItem.cpp shares with its platform files (LoginItem_linux.cpp, _mac.cpp, _win.cpp).
namespace teamai::ui::loginitem {

/// @brief @p executable, or this program when it is empty.
QString program(const QString &executable);

/// @brief Writes the entry file @p path (creating its folder); false with @p error set.
bool writeEntry(const QString &path, const QByteArray &content, QString *error);

/// @brief Removes the entry file @p path when it exists; false with @p error set.
bool removeEntry(const QString &path, QString *error);

} // namespace teamai::ui::loginitem
