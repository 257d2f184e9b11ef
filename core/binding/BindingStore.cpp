#include "binding/BindingStore.h"

#include "binding/Bindings.h"
#include "log/Logging.h"
#include "util/FileLock.h"
#include "util/Paths.h"

#include <QFileInfo>

namespace teamai::binding {
namespace {

const QString kBindings = QStringLiteral("workspaceBindings");

} // namespace

BindingStore::BindingStore(QString path, int lockTimeoutMs)
    : m_path(std::move(path))
    , m_lockTimeoutMs(lockTimeoutMs)
{
}

BindingStore::Outcome BindingStore::load() const
{
    Outcome result;
    AgentConfig::Loaded loaded = AgentConfig::load(m_path);
    if (!loaded.error.isEmpty()) {
        result.error = loaded.error + QStringLiteral(" (fix or delete the file; it was left unchanged)");
        return result;
    }
    if (!loaded.exists || loaded.config.endpoint().isEmpty()) {
        // Bindings live in config.json; without one (or in environment-only mode) there is
        // nowhere to keep them that the reference client would also read.
        const bool environmentOnly = !AgentConfig::fromEnvironment().endpoint().isEmpty();
        result.error = environmentOnly
            ? QStringLiteral("this agent runs in environment-only mode (TEAMAI_HTTP_ENDPOINT), which keeps no config.json "
                             "for workspace bindings: run `teamai init --http <backend URL>` to keep a configuration in %1")
                  .arg(m_path)
            : QStringLiteral("TeamAI is not set up on this machine: run `teamai init --http <backend URL> "
                             "--token <token>` first (workspace bindings are kept in %1)")
                  .arg(m_path);
        return result;
    }
    result.config = loaded.config;
    result.bindings = loaded.config.toJson().value(kBindings).toObject();
    bindings::normalize(result.bindings, &result.legacyDropped);
    result.ok = true;
    return result;
}

BindingStore::Outcome BindingStore::read() const
{
    return load();
}

BindingStore::Outcome BindingStore::update(const std::function<bool(QJsonObject &)> &change) const
{
    Outcome failed;
    if (const Status folder = paths::ensurePrivateDir(QFileInfo(m_path).absolutePath()); !folder) {
        failed.error = folder.error();
        return failed;
    }
    FileLock lock(m_path + QStringLiteral(".lock"));
    if (const FileLock::Attempt locked = lock.acquire(m_lockTimeoutMs); !locked) {
        failed.error = locked.busy
            ? QStringLiteral("cannot lock %1: another TeamAI process is changing it; try again").arg(m_path)
            : locked.error();
        return failed;
    }
    Outcome result = load();
    if (!result.ok)
        return result;
    const QJsonObject before = result.config.toJson().value(kBindings).toObject();
    change(result.bindings);
    if (result.bindings == before)
        return result;
    result.config.setWorkspaceBindingsJson(result.bindings);
    if (const Status saved = result.config.save(m_path); !saved) {
        result.ok = false;
        result.error = saved.error();
        return result;
    }
    result.written = true;
    if (result.legacyDropped > 0)
        qCWarning(lcConfig) << "dropped" << result.legacyDropped
                            << "legacy group-based workspace binding(s); those workspaces will be offered a project again";
    return result;
}

} // namespace teamai::binding
