#include "store/LedgerWatcher.h"

#include "log/Logging.h"
#include "store/LastSyncFile.h"
#include "store/LedgerWatcher_platform.h"

#include <QFileInfo>

namespace teamai {

LedgerWatcher::LedgerWatcher(const QString &databasePath, QObject *parent)
    : QObject(parent)
    , m_database(QFileInfo(databasePath).absoluteFilePath())
    , m_folder(QFileInfo(databasePath).absolutePath())
{
    m_throttle.setSingleShot(true);
    m_throttle.setInterval(kDefaultDebounceMs);
    connect(&m_throttle, &QTimer::timeout, this, &LedgerWatcher::changed);
    connect(&m_watcher, &QFileSystemWatcher::fileChanged, this, &LedgerWatcher::onFileChanged);
    connect(&m_watcher, &QFileSystemWatcher::directoryChanged, this, &LedgerWatcher::onDirectoryChanged);
    if (!m_watcher.addPath(m_folder))
        qCWarning(lcStore).noquote() << "cannot watch" << m_folder << "- ledger changes by other processes will show late";
    rewatch();
}

LedgerWatcher::~LedgerWatcher() = default;

QStringList LedgerWatcher::watchedPaths() const
{
    return m_watcher.files() + m_watcher.directories();
}

bool LedgerWatcher::rewatch()
{
    bool differs = false;
    const QStringList watched = m_watcher.files();
    for (const QString &path : QStringList{m_database, QString(m_database + QStringLiteral("-wal")),
                                           QString(m_folder + QLatin1Char('/') + QLatin1String(lastsync::kFileName))}) {
        const quint64 id = ledgerwatch::fileIdentity(path);
        if (id == 0) {
            differs = m_ids.remove(path) > 0 || differs;
            continue;
        }
        if (m_ids.value(path) == id && watched.contains(path))
            continue;
        m_watcher.removePath(path);
        m_watcher.addPath(path);
        m_ids.insert(path, id);
        differs = true;
    }
    return differs;
}

void LedgerWatcher::onFileChanged(const QString &)
{
    rewatch();  // deleted, moved away or replaced: follow the file now at the path
    poke();
}

void LedgerWatcher::onDirectoryChanged()
{
    // The folder also holds settings, locks and spill files; only our files coming or going
    // (a new `-wal`, a replaced database) count as a ledger change.
    if (rewatch())
        poke();
}

void LedgerWatcher::poke()
{
    if (!m_throttle.isActive())
        m_throttle.start();
}

} // namespace teamai
