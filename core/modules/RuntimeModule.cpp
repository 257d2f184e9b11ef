#include "modules/RuntimeModule.h"

#include <QCoreApplication>
#include <QFile>
#include <QHash>
#include <QLibrary>
#include <QMutex>

#if defined(Q_OS_UNIX) && !defined(Q_OS_DARWIN)
#define TEAMAI_MODULES_VIA_DLOPEN 1
#include <dlfcn.h>
#endif

namespace teamai::modules {
namespace {

struct Loaded {
    void *handle = nullptr;  // dlopen handle, or a QLibrary*
    QString error;           // why loading failed; kept so a missing module is not retried
};

QMutex g_mutex;
QHash<QByteArray, Loaded> g_modules;

} // namespace

QString RuntimeModule::fileName(const char *name)
{
#ifdef Q_OS_WIN
    return QStringLiteral("teamai-%1.dll").arg(QLatin1String(name));
#else
    return QStringLiteral("libteamai-%1.so").arg(QLatin1String(name));
#endif
}

void *RuntimeModule::resolve(const char *name, const char *symbol, QString *error)
{
    const QMutexLocker lock(&g_mutex);
    auto it = g_modules.find(QByteArray(name));
    if (it == g_modules.end()) {
        Loaded loaded;
        const QString file = fileName(name);
#ifdef TEAMAI_MODULES_VIA_DLOPEN
        // A bare name: the dynamic linker searches the RUNPATH of the object calling dlopen, which
        // is our executable (teamai-core is linked in statically).
        loaded.handle = ::dlopen(QFile::encodeName(file).constData(), RTLD_NOW | RTLD_LOCAL);
        if (!loaded.handle)
            loaded.error = QString::fromLocal8Bit(::dlerror());
#else
        auto *library = new QLibrary(QCoreApplication::applicationDirPath() + QLatin1Char('/') + file);
        if (library->load()) {
            loaded.handle = library;
        } else {
            loaded.error = library->errorString();
            delete library;
        }
#endif
        it = g_modules.insert(QByteArray(name), loaded);
    }
    if (!it->handle) {
        *error = QStringLiteral("the %1 module (%2) is not installed with this agent or cannot be loaded: %3")
                     .arg(QLatin1String(name), fileName(name), it->error);
        return nullptr;
    }
#ifdef TEAMAI_MODULES_VIA_DLOPEN
    void *address = ::dlsym(it->handle, symbol);
#else
    void *address = reinterpret_cast<void *>(static_cast<QLibrary *>(it->handle)->resolve(symbol));
#endif
    if (!address)
        *error = QStringLiteral("%1 is from another version of the agent (it has no %2): reinstall the agent")
                     .arg(fileName(name), QLatin1String(symbol));
    return address;
}

} // namespace teamai::modules
