// libFuzzer target for the MCP file writers (core/mcp): an arbitrary file in any tool format,
// then our server put in and taken out again. These files are the user's, so the properties are
// about keeping them intact:
//  1. nothing crashes, hangs or reads out of bounds on any input;
//  2. JSON: after put(), the document still parses, its servers object holds exactly our entry
//     under our name, and every other value compares equal to the original's (nothing else of
//     the user's changed); after remove(), our name is gone and the rest is still the original's;
//  3. Codex: after put(), scan() finds our server and every server it found before; after
//     remove() it no longer finds ours (unless the file defined that name before, some other way).
// A violation traps (__builtin_trap), so libFuzzer keeps the input.
#include "mcp/CodexToml.h"
#include "mcp/McpConfigFile.h"
#include "mcp/McpDefinition.h"

#include <QJsonDocument>
#include <QJsonObject>

#include <cstdint>
#include <cstdio>

using namespace teamai;
using namespace teamai::mcp;

namespace {

[[noreturn]] void fail(const char *what, const QByteArray &input)
{
    std::fprintf(stderr, "property violated: %s\ninput: %s\n", what, input.constData());
    __builtin_trap();
}

McpServer server()
{
    McpServer s;
    s.name = QStringLiteral("teamai-fuzz");
    s.command = QStringLiteral("npx");
    s.args = {QStringLiteral("-y"), QStringLiteral("x\ny")};
    s.env = {{QStringLiteral("A"), QStringLiteral("${B}")}};
    s.timeoutMs = 1500;
    return s;
}

QJsonObject without(QJsonObject object, const QString &serverKey, const QString &name)
{
    QJsonObject servers = object.value(serverKey).toObject();
    servers.remove(name);
    object.remove(serverKey);
    if (!servers.isEmpty())
        object.insert(serverKey, servers);
    return object;
}

void checkJson(McpFormat format, const QByteArray &input)
{
    Result<std::unique_ptr<McpConfigFile>> opened = McpConfigFile::open(format, false, input, true);
    if (!opened)
        return;
    McpConfigFile *file = opened->get();
    const QString key = format == McpFormat::Opencode ? QStringLiteral("mcp") : QStringLiteral("mcpServers");
    const QJsonObject before = QJsonDocument::fromJson(input.trimmed().isEmpty() ? QByteArray("{}") : input).object();
    if (!file->put(server()))
        return;
    const QJsonDocument after = QJsonDocument::fromJson(file->bytes());
    if (!after.isObject())
        fail("the file no longer parses after put()", input);
    if (!after.object().value(key).toObject().contains(server().name))
        fail("our server is not in the file after put()", input);
    if (without(after.object(), key, server().name) != without(before, key, server().name))
        fail("put() changed something else", input);
    file->remove(server().name);
    const QJsonDocument removed = QJsonDocument::fromJson(file->bytes());
    if (!removed.isObject() || removed.object().value(key).toObject().contains(server().name))
        fail("remove() left our server or broke the file", input);
    if (without(removed.object(), key, server().name) != without(before, key, server().name))
        fail("remove() changed something else", input);
}

void checkCodex(const QByteArray &input)
{
    Result<std::unique_ptr<McpConfigFile>> opened = McpConfigFile::open(McpFormat::Codex, false, input, true);
    if (!opened)
        return;
    McpConfigFile *file = opened->get();
    const QStringList before = file->servers();
    if (!file->put(server()))
        return;
    const QStringList after = codextoml::scan(QString::fromUtf8(file->bytes())).servers;
    if (!after.contains(server().name))
        fail("our server is not found after put()", input);
    for (const QString &name : before) {
        if (!after.contains(name))
            fail("put() lost a server", input);
    }
    file->remove(server().name);
    if (file->servers().contains(server().name) && !before.contains(server().name))
        fail("remove() left our server", input);
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1)
        return 0;
    const QByteArray input(reinterpret_cast<const char *>(data) + 1, qsizetype(size - 1));
    switch (data[0] % 4) {
    case 0: checkJson(McpFormat::Claude, input); break;
    case 1: checkJson(McpFormat::Opencode, input); break;
    case 2: checkJson(McpFormat::Copilot, input); break;
    default: checkCodex(input); break;
    }
    return 0;
}
