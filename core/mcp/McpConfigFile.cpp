#include "mcp/McpConfigFile.h"

#include "mcp/CodexToml.h"
#include "mcp/JsonText.h"
#include "mcp/McpRender.h"

#include <QStringDecoder>

namespace teamai::mcp {
namespace {

/// The JSON formats: the servers are the members of the server key's object (or of the top
/// level, for a bare file).
class JsonConfigFile : public McpConfigFile
{
public:
    JsonConfigFile(McpFormat format, JsonText text, bool bare)
        : m_format(format)
        , m_text(std::move(text))
        , m_path(bare ? QStringList() : QStringList{render::serverKey(format)})
    {
    }

    QStringList servers() const override { return m_text.keysAt(m_path).value_or(QStringList()); }

    bool put(const McpServer &server, QString *hash, QString *error) override
    {
        const JsonNode entry = render::jsonEntry(m_format, server);
        *hash = render::entryHash(entry);
        if (!m_text.set(m_path + QStringList{server.name}, entry)) {
            *error = QStringLiteral("%1 is not an object").arg(m_path.value(0));
            return false;
        }
        return true;
    }

    void remove(const QString &name) override { m_text.remove(m_path + QStringList{name}); }
    QByteArray bytes() const override { return m_text.bytes(); }

private:
    McpFormat m_format;
    JsonText m_text;
    QStringList m_path;
};

/// Codex: `[mcp_servers.<name>]` blocks in config.toml.
class CodexConfigFile : public McpConfigFile
{
public:
    explicit CodexConfigFile(QString text) : m_text(std::move(text)) {}

    QStringList servers() const override { return codextoml::scan(m_text).servers; }

    bool put(const McpServer &server, QString *hash, QString *error) override
    {
        if (!codextoml::isBareKey(server.name)) {
            *error = QStringLiteral("server name \"%1\" cannot be a Codex table name (letters, digits, - and _ only)").arg(server.name);
            return false;
        }
        if (codextoml::scan(m_text).inlineTable) {
            *error = QStringLiteral("it defines mcp_servers as an inline table; TeamAI cannot add a [mcp_servers.%1] table to it").arg(server.name);
            return false;
        }
        const QString block = render::codexBlock(server);
        *hash = render::entryHash(block);
        m_text = codextoml::splice(m_text, server.name, block);
        return true;
    }

    void remove(const QString &name) override { m_text = codextoml::splice(m_text, name, QString()); }
    QByteArray bytes() const override { return m_text.toUtf8(); }

private:
    QString m_text;
};

} // namespace

std::unique_ptr<McpConfigFile> McpConfigFile::open(McpFormat format, bool allowBare, const QByteArray &bytes, bool exists,
                                                   QString *error)
{
    if (format == McpFormat::Codex) {
        QStringDecoder utf8(QStringDecoder::Utf8);
        const QString text = utf8.decode(bytes);
        if (utf8.hasError()) {
            *error = QStringLiteral("it is not valid UTF-8");
            return nullptr;
        }
        if (codextoml::scan(text).unterminatedString) {
            *error = QStringLiteral("a multi-line string in it never ends");
            return nullptr;
        }
        return std::make_unique<CodexConfigFile>(text);
    }
    JsonText::Parsed parsed = JsonText::parse(bytes);
    if (!parsed.doc) {
        *error = parsed.error;
        return nullptr;
    }
    const QString key = render::serverKey(format);
    // A missing file gets the server key; a blank one, or one without the key, may be bare. A
    // null server key counts as none (the reference reads it with `?? {}`).
    const bool bare = allowBare && exists && (bytes.trimmed().isEmpty() || parsed.doc->valueAt({key}).isUndefined());
    if (!bare) {
        const QJsonValue servers = parsed.doc->valueAt({key});
        if (!servers.isUndefined() && !servers.isNull() && !servers.isObject()) {
            *error = QStringLiteral("its %1 is not an object").arg(key);
            return nullptr;
        }
    }
    return std::make_unique<JsonConfigFile>(format, std::move(*parsed.doc), bare);
}

} // namespace teamai::mcp
