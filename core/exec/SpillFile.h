#pragma once

#include "util/Result.h"

#include <QByteArrayView>
#include <QFile>
#include <QString>

namespace teamai::exec {

/// @brief A private file that receives the complete stream of a child whose output outgrew the
/// memory cap: random name in a 0700 folder, created 0600 with O_EXCL so nothing else can have
/// opened it first. Internal to core/exec.
class SpillFile
{
public:
    SpillFile() = default;
    Q_DISABLE_COPY(SpillFile)

    /// @brief Creates the folder if needed and a new, empty file in it.
    Status open(const QString &dir);
    bool isOpen() const { return m_file.isOpen(); }
    bool write(QByteArrayView bytes);
    /// @brief Flushes and closes; returns false if any write failed.
    bool close();
    QString path() const { return m_file.fileName(); }

    /// @brief Deletes spill files in @p dir last modified more than @p days days ago.
    /// @return how many were removed.
    static int removeOlderThan(const QString &dir, int days);

private:
    QFile m_file;
    bool m_failed = false;
};

} // namespace teamai::exec
