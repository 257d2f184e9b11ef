#include "util/RuntimeModule.h"

#include "util/ModuleDirs.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QHash>
#include <QLibrary>
#include <QMutex>

namespace teamai {
namespace {

struct Loaded {
    QLibrary *library = nullptr;  // loaded, never unloaded
    QString error;                // why loading failed; kept so a missing module is not retried
};

QMutex g_mutex;
QHash<QByteArray, Loaded> g_modules;

// Where a module may be, best first: next to the installed programs, then — only for a program
// that runs from inside this build tree — the build tree's module folder.
QStringList folders()
{
    const QString programDir = QCoreApplication::applicationDirPath();
    QStringList folders{QDir::cleanPath(programDir + QLatin1Char('/') + QLatin1String(TEAMAI_MODULE_DIR_FROM_BIN))};
    const QString buildTree = QStringLiteral(TEAMAI_BUILD_TREE);
    if (programDir.startsWith(buildTree + QLatin1Char('/')))
        folders << QStringLiteral(TEAMAI_MODULE_BUILD_DIR);
    return folders;
}

Loaded load(const char *name)
{
    Loaded loaded;
    if (!QCoreApplication::instance()) {
        loaded.error = QStringLiteral("no QCoreApplication to tell where the program is");
        return loaded;
    }
    QStringList tried;
    for (const QString &folder : folders()) {
        const QString path = folder + QLatin1Char('/') + RuntimeModule::fileName(name);
        if (!QFileInfo::exists(path)) {
            tried << path;
            continue;
        }
        // An absolute file name: QLibrary loads exactly this file (dlopen does no search).
        auto *library = new QLibrary(path);
        library->setLoadHints(QLibrary::ResolveAllSymbolsHint);  // a broken module fails here, not mid-call
        if (library->load()) {
            loaded.library = library;
            return loaded;
        }
        loaded.error = library->errorString();
        delete library;
        return loaded;
    }
    loaded.error = QStringLiteral("not found in %1").arg(tried.join(QStringLiteral(", ")));
    return loaded;
}

} // namespace

QString RuntimeModule::fileName(const char *name)
{
    return QStringLiteral(TEAMAI_MODULE_PREFIX "teamai-%1" TEAMAI_MODULE_SUFFIX).arg(QLatin1String(name));
}

Result<void *> RuntimeModule::resolve(const char *name, const char *symbol)
{
    const QMutexLocker lock(&g_mutex);
    auto it = g_modules.find(QByteArray(name));
    if (it == g_modules.end())
        it = g_modules.insert(QByteArray(name), load(name));
    if (!it->library)
        return Error{QStringLiteral("the %1 module (%2) is not installed with this agent or cannot be loaded: %3")
                         .arg(QLatin1String(name), fileName(name), it->error)};
    void *address = reinterpret_cast<void *>(it->library->resolve(symbol));
    if (!address)
        return Error{QStringLiteral("%1 is from another version of the agent (it has no %2): reinstall the agent")
                         .arg(it->library->fileName(), QLatin1String(symbol))};
    return address;
}

} // namespace teamai
