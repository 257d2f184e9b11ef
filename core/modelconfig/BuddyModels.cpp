#include "modelconfig/BuddyModels.h"

#include "modelconfig/ModelFiles.h"
#include "modelconfig/ModelManifest.h"
#include "modelconfig/WorkspaceGitignore.h"
#include "util/SafePath.h"

#include <QSet>

namespace teamai::modelconfig::buddymodels {
namespace {

const QString kModels = QStringLiteral("models");
const QString kAvailable = QStringLiteral("availableModels");

/// The model file as read: `{"models": [...], …}` (doc) or a bare array.
struct ModelsFile {
    bool exists = false;
    bool bareArray = false;
    JsValue doc = JsValue::object();
    std::vector<JsValue> entries;
    JsValue original;  ///< the root as read (undefined when the file does not exist)
    QString error;
};

ModelsFile loadFile(const QString &path, const QString &display)
{
    ModelsFile file;
    const ToolJson read = readToolJson(path, display);
    file.exists = read.exists;
    file.error = read.error;
    if (!read.exists || !read.error.isEmpty())
        return file;
    file.original = read.value;
    if (read.value.isArray()) {
        file.bareArray = true;
        file.entries = read.value.items();
    } else if (!read.value.isObject()) {
        file.error = QStringLiteral("apply_model_config: cannot parse %1: root must be an object or array").arg(display);
    } else if (const JsValue &models = read.value.value(kModels); !models.isUndefined() && !models.isArray()) {
        file.error = QStringLiteral("apply_model_config: cannot parse %1: models must be an array").arg(display);
    } else {
        file.doc = read.value;
        file.entries = models.items();
    }
    return file;
}

/// The entries after the delivery, and the record of ours that goes with them.
struct Merged {
    std::vector<JsValue> entries;
    JsValue record = JsValue::object();
    QSet<QString> removed;      ///< ids of ours taken out
    QStringList usersIds;       ///< delivered ids the user's entries hold
};

QString idOf(const JsValue &entry)
{
    return entry.isObject() ? entry.value(QStringLiteral("id")).toString() : QString();
}

Merged merge(const std::vector<JsValue> &existing, const Delivery &delivery, const JsValue &previous)
{
    Merged m;
    m.record = delivery.fullSnapshot ? JsValue::object() : previous;
    QSet<QString> incoming;
    for (const DeliveredModel &model : delivery.models)
        incoming.insert(model.modelId);
    QSet<QString> occupied;
    for (const JsValue &entry : existing) {
        const QString id = idOf(entry);
        const QString recorded = id.isEmpty() ? QString() : previous.value(id).toString();
        if (!recorded.isEmpty() && entryHash(entry) == recorded) {
            if (delivery.fullSnapshot || incoming.contains(id)) {
                m.removed.insert(id);
                continue;
            }
        } else if (!recorded.isEmpty()) {
            m.record.remove(id);  // edited by the user: theirs now
        }
        m.entries.push_back(entry);
        if (!id.isEmpty())
            occupied.insert(id);
    }
    for (const DeliveredModel &model : delivery.models) {
        if (occupied.contains(model.modelId)) {
            m.usersIds.append(model.modelId);
            continue;
        }
        const JsValue entry = entryFor(model);
        m.entries.push_back(entry);
        m.record.insert(model.modelId, entryHash(entry));
    }
    return m;
}

/// The file's new root: the list in place, `availableModels` (when the file keeps a non-empty
/// one) without the ids we took out and with every id of ours.
JsValue newRoot(const ModelsFile &file, const Merged &m)
{
    if (file.bareArray) {
        JsValue list = JsValue::array();
        list.setItems(m.entries);
        return list;
    }
    JsValue doc = file.doc;
    JsValue list = JsValue::array();
    list.setItems(m.entries);
    doc.insert(kModels, list);
    const JsValue &available = doc.value(kAvailable);
    if (available.isArray() && !available.items().empty()) {
        JsValue kept = JsValue::array();
        QSet<QString> listed;
        for (const JsValue &id : available.items()) {
            if (id.isString() && !m.removed.contains(id.toString())) {
                kept.append(id);
                listed.insert(id.toString());
            }
        }
        for (const QString &id : m.record.keys()) {
            if (!listed.contains(id))
                kept.append(id);
        }
        doc.insert(kAvailable, kept);
    }
    return doc;
}

} // namespace

QString modelsPath(const QString &kind, const QString &home, const QString &workspace)
{
    if (!workspace.isEmpty())
        return workspace + QStringLiteral("/.codebuddy/models.json");
    return home + QStringLiteral("/.") + kind + QStringLiteral("/models.json");
}

JsValue entryFor(const DeliveredModel &model)
{
    QString url = model.baseUrl;
    while (url.endsWith(u'/'))
        url.chop(1);
    if (!url.endsWith(QLatin1String("/chat/completions")))
        url += QStringLiteral("/chat/completions");
    JsValue entry = JsValue::object();
    entry.insert(QStringLiteral("id"), model.modelId);
    entry.insert(QStringLiteral("name"), model.name);
    entry.insert(QStringLiteral("vendor"), model.provider);
    entry.insert(QStringLiteral("apiKey"), model.apiKey);
    if (model.contextWindow)
        entry.insert(QStringLiteral("maxInputTokens"), *model.contextWindow);
    entry.insert(QStringLiteral("maxOutputTokens"), model.maxTokens);
    entry.insert(QStringLiteral("url"), url);
    entry.insert(QStringLiteral("supportsToolCall"), true);
    return entry;
}

std::vector<JsValue> readEntries(const QString &path)
{
    return loadFile(path, path).entries;
}

WriteOutcome reconcile(const Delivery &delivery, ModelManifest &manifest, const QString &kind, const QString &home,
                       const QString &workspace)
{
    const QString path = modelsPath(kind, home, workspace);
    const QString display = displayPath(path, home);
    const QString base = workspace.isEmpty() ? safepath::writeBase(home, QLatin1Char('.') + kind, path) : workspace;
    if (const safepath::Resolved checked = safepath::checkInside(base, path); !checked.ok)
        return WriteOutcome::failure(checked.error);
    const ModelsFile file = loadFile(path, display);
    if (!file.error.isEmpty())
        return WriteOutcome::failure(file.error);
    const Merged merged = merge(file.entries, delivery, manifest.record(kind, workspace));
    const JsValue root = newRoot(file, merged);
    // A file that would not change is not rewritten; a missing one is created only to hold something.
    const bool unchanged = file.exists ? root == file.original : merged.entries.empty();
    if (!unchanged) {
        if (!workspace.isEmpty()) {
            if (const Status ignored = ensureModelsIgnored(workspace); !ignored)
                return WriteOutcome::failure(ignored.error());
        }
        if (const Status written = writeToolJson(base, path, root); !written)
            return WriteOutcome::failure(written.error());
    }
    manifest.setRecord(kind, workspace, merged.record);
    WriteOutcome outcome;
    for (const QString &id : merged.usersIds)
        outcome.notes << QStringLiteral("%1: kept the user's model \"%2\" in %3 (not replaced)").arg(kind, id, display);
    outcome.detail = QStringLiteral("%1: %2 model(s) of ours in %3").arg(kind).arg(merged.record.size()).arg(display);
    return outcome;
}

} // namespace teamai::modelconfig::buddymodels
