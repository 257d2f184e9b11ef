#pragma once

#include <QFileSystemWatcher>
#include <QHash>
#include <QObject>
#include <QString>
#include <QStringList>
#include <QTimer>

namespace teamai {

/// @brief Tells a front end that the ledger changed — in this process or in any other (a hook, a
/// worker, `teamai sync`) — without polling the database: it watches the database file and its
/// `-wal` file (SQLite in WAL mode appends every commit there) and `last-sync.json` (the latest
/// sync round's outcome, replaced by every round) through the OS file-change notifications, and
/// their folder so that a file that comes and goes, or is replaced by a new one, is picked up
/// again.
///
/// Events are throttled: the first one arms a short timer and changed() is emitted once when it
/// fires, however many commits happened meanwhile, so a busy writer costs one refresh per
/// interval and a change shows within about kDefaultDebounceMs. Nothing runs while nothing changes.
class LedgerWatcher : public QObject
{
    Q_OBJECT
public:
    static constexpr int kDefaultDebounceMs = 200;

    /// @brief Watches @p databasePath (default: the agent's ledger). The folder must exist; the
    /// files need not yet.
    explicit LedgerWatcher(const QString &databasePath, QObject *parent = nullptr);
    ~LedgerWatcher() override;

    /// @brief The paths now under watch (tests, diagnostics).
    QStringList watchedPaths() const;

signals:
    /// @brief The ledger may have changed: re-read what is shown.
    void changed();

private:
    void onFileChanged(const QString &path);
    void onDirectoryChanged();
    /// Adds the files that appeared and re-adds those replaced by a new file (a new inode: the
    /// old watch follows the old one); true when any file came, went or was replaced. Files
    /// already watched are left alone, so no event pending for them is lost.
    bool rewatch();
    void poke();

    QString m_database;
    QString m_folder;
    QFileSystemWatcher m_watcher;
    QTimer m_throttle;
    QHash<QString, quint64> m_ids;  // file identity (device and inode) of each watched file
};

} // namespace teamai
