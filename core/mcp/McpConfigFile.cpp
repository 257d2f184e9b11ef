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

    Result<QString> put(const McpServer &server) override
    {
        const JsonNode entry = render::jsonEntry(m_format, server);
        if (!m_text.set(m_path + QStringList{server.name}, entry))
            return Error{QStringLiteral("%1 is not an object").arg(m_path.value(0))};
        return render::entryHash(entry);
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

    Result<QString> put(const McpServer &server) override
    {
        if (!codextoml::isBareKey(server.name))
            return Error{QStringLiteral("server name \"%1\" cannot be a Codex table name (letters, digits, - and _ only)").arg(server.name)};
        if (codextoml::scan(m_text).inlineTable)
            return Error{QStringLiteral("it defines mcp_servers as an inline table; TeamAI cannot add a [mcp_servers.%1] table to it").arg(server.name)};
        const QString block = render::codexBlock(server);
        m_text = codextoml::splice(m_text, server.name, block);
        return render::entryHash(block);
    }

    void remove(const QString &name) override { m_text = codextoml::splice(m_text, name, QString()); }
    QByteArray bytes() const override { return m_text.toUtf8(); }

private:
    QString m_text;
};

} // namespace

Result<std::unique_ptr<McpConfigFile>> McpConfigFile::open(McpFormat format, bool allowBare, const QByteArray &bytes, bool exists)
{
    if (format == McpFormat::Codex) {
        QStringDecoder utf8(QStringDecoder::Utf8);
        const QString text = utf8.decode(bytes);
        if (utf8.hasError())
            return Error{QStringLiteral("it is not valid UTF-8")};
        if (codextoml::scan(text).unterminatedString)
            return Error{QStringLiteral("a multi-line string in it never ends")};
        return std::unique_ptr<McpConfigFile>(std::make_unique<CodexConfigFile>(text));
    }
    JsonText::Parsed parsed = JsonText::parse(bytes);
    if (!parsed.doc)
        return Error{parsed.error};
    const QString key = render::serverKey(format);
    // A missing file gets the server key; a blank one, or one without the key, may be bare. A
    // null server key counts as none (the reference reads it with `?? {}`).
    const bool bare = allowBare && exists && (bytes.trimmed().isEmpty() || parsed.doc->valueAt({key}).isUndefined());
    if (!bare) {
        const QJsonValue servers = parsed.doc->valueAt({key});
        if (!servers.isUndefined() && !servers.isNull() && !servers.isObject())
            return Error{QStringLiteral("its %1 is not an object").arg(key)};
    }
    return std::unique_ptr<McpConfigFile>(std::make_unique<JsonConfigFile>(format, std::move(*parsed.doc), bare));
}

} // namespace teamai::mcp
