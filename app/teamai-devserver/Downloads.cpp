#include "Downloads.h"

#include "Gzip.h"
#include "ZipBuilder.h"

#include <QStringList>

namespace teamai::devserver {

namespace {

constexpr qint64 maxBlobBytes = 1024LL * 1024 * 1024;

QString queryValue(const QUrlQuery &query, const QString &key)
{
    return query.queryItemValue(key, QUrl::FullyDecoded);
}

/// The slug in "/download/<kind>/<slug><extension>", or empty if the path is not of that shape.
QString slugFrom(const QString &path, const QString &kind, const QString &extension)
{
    const QString prefix = QStringLiteral("/download/") + kind + QLatin1Char('/');
    if (!path.startsWith(prefix) || !path.endsWith(extension))
        return {};
    const QString slug = path.mid(prefix.size(), path.size() - prefix.size() - extension.size());
    return slug.contains(QLatin1Char('/')) ? QString() : slug;
}

HttpReply markdownReply(const QString &text)
{
    return HttpReply::data(text.toUtf8(), QByteArrayLiteral("text/markdown; charset=utf-8"));
}

HttpReply finishArchive(ZipBuilder &builder, const QByteArray &contentType)
{
    QString error;
    const QByteArray bytes = builder.finish(&error);
    if (bytes.isEmpty())
        return HttpReply::error(500, error);
    return HttpReply::data(bytes, contentType);
}

/// A served Markdown file: @p heading, the version line when there is one, then @p body.
QString markdownText(const QString &heading, const QString &version, const QString &body)
{
    QString text = heading + QStringLiteral("\n\n");
    if (!version.isEmpty())
        text += QStringLiteral("Version: ") + version + QStringLiteral("\n\n");
    return text + body;
}

QString ruleText(const QString &slug, const QString &version)
{
    return markdownText(QStringLiteral("# Rule ") + slug, version,
                        QStringLiteral("Follow the %1 conventions. Served by teamai-devserver.\n").arg(slug));
}

QString claudemdText(const QString &slug, const QString &version)
{
    return markdownText(QStringLiteral("## TeamAI block ") + slug, version,
                        QStringLiteral("Instructions from the %1 block. Served by teamai-devserver.\n").arg(slug));
}

HttpReply skillArchive(const QString &slug, const QUrlQuery &query)
{
    const QString name = queryValue(query, QStringLiteral("name")).isEmpty() ? slug : queryValue(query, QStringLiteral("name"));
    const QString version = queryValue(query, QStringLiteral("version"));
    const QString layout = queryValue(query, QStringLiteral("layout"));
    const QString format = queryValue(query, QStringLiteral("format"));
    const QStringList evil = queryValue(query, QStringLiteral("evil")).split(QLatin1Char(','), Qt::SkipEmptyParts);

    static const QStringList layouts{QString(), QStringLiteral("flat"), QStringLiteral("nested"), QStringLiteral("noskill")};
    static const QStringList evils{QStringLiteral("dotdot"), QStringLiteral("absolute"), QStringLiteral("symlink"), QStringLiteral("hardlink")};
    if (!layouts.contains(layout))
        return HttpReply::error(400, QStringLiteral("layout must be flat, nested or noskill"));
    for (const QString &kind : evil) {
        if (!evils.contains(kind))
            return HttpReply::error(400, QStringLiteral("evil must be dotdot, absolute, symlink or hardlink"));
    }
    if (!format.isEmpty() && format != QLatin1String("zip") && format != QLatin1String("tar"))
        return HttpReply::error(400, QStringLiteral("format must be zip or tar"));
    // A zip cannot hold a hardlink (libarchive would write an empty regular file), so a hardlink
    // request gets a tar unless the caller insists on zip.
    const bool tar = format == QLatin1String("tar") || (format.isEmpty() && evil.contains(QStringLiteral("hardlink")));

    QString dir;
    if (layout == QLatin1String("nested"))
        dir = QStringLiteral("package/") + name + QLatin1Char('/');
    else if (layout != QLatin1String("flat"))
        dir = name + QLatin1Char('/');

    ZipBuilder builder(tar ? ZipBuilder::Format::Tar : ZipBuilder::Format::Zip);
    if (layout == QLatin1String("nested"))
        builder.addDirectory(QStringLiteral("package/"));
    if (!dir.isEmpty())
        builder.addDirectory(dir);
    if (layout == QLatin1String("noskill")) {
        builder.addFile(dir + QStringLiteral("README.md"), QByteArrayLiteral("# Not a skill\n\nThere is no SKILL.md here.\n"));
    } else {
        QString skill = QStringLiteral("---\nname: ") + name + QLatin1Char('\n');
        if (!version.isEmpty())
            skill += QStringLiteral("version: ") + version + QLatin1Char('\n');
        skill += QStringLiteral("description: Development skill %1 served by teamai-devserver\n---\n\n").arg(slug)
                 + QStringLiteral("# %1\n\nUse this skill when testing TeamAI skill installs.\n").arg(name);
        builder.addFile(dir + QStringLiteral("SKILL.md"), skill.toUtf8());
    }
    builder.addDirectory(dir + QStringLiteral("reference/"));
    builder.addFile(dir + QStringLiteral("reference/notes.md"),
                    QStringLiteral("# Notes for %1\n\nReference material that ships with the skill.\n").arg(name).toUtf8());

    const QByteArray payload = QByteArrayLiteral("written by a hostile archive from teamai-devserver\n");
    if (evil.contains(QStringLiteral("dotdot")))
        builder.addFile(QStringLiteral("../evil.txt"), payload);
    if (evil.contains(QStringLiteral("absolute")))
        builder.addFile(QStringLiteral("/tmp/evil.txt"), payload);
    if (evil.contains(QStringLiteral("symlink")))
        builder.addSymlink(dir + QStringLiteral("link"), QStringLiteral("/etc/passwd"));
    if (evil.contains(QStringLiteral("hardlink")))
        builder.addHardlink(dir + QStringLiteral("hardlink"), QStringLiteral("/etc/passwd"));

    return finishArchive(builder, tar ? QByteArrayLiteral("application/x-tar") : QByteArrayLiteral("application/zip"));
}

HttpReply markdownArchive(const QString &slug, const QString &text)
{
    ZipBuilder builder;
    builder.addFile(slug + QStringLiteral(".md"), text.toUtf8());
    return finishArchive(builder, QByteArrayLiteral("application/zip"));
}

HttpReply blob(const QUrlQuery &query)
{
    bool ok = false;
    const qint64 bytes = queryValue(query, QStringLiteral("bytes")).toLongLong(&ok);
    if (!ok || bytes < 0 || bytes > maxBlobBytes)
        return HttpReply::error(400, QStringLiteral("bytes must be an integer from 0 to %1").arg(maxBlobBytes));
    return HttpReply::filler(bytes);
}

/// A decompression bomb: `Content-Encoding: gzip` whatever the client accepts, inflating to
/// `bytes` zeros (default 64 MiB, above the client's 50 MiB cap).
HttpReply gzipBomb(const QUrlQuery &query)
{
    qint64 bytes = 64LL * 1024 * 1024;
    if (query.hasQueryItem(QStringLiteral("bytes"))) {
        bool ok = false;
        bytes = queryValue(query, QStringLiteral("bytes")).toLongLong(&ok);
        if (!ok || bytes < 0 || bytes > maxBlobBytes)
            return HttpReply::error(400, QStringLiteral("bytes must be an integer from 0 to %1").arg(maxBlobBytes));
    }
    QString error;
    const QByteArray body = gzipOfZeros(bytes, &error);
    if (body.isEmpty())
        return HttpReply::error(500, error);
    HttpReply reply = HttpReply::data(body, QByteArrayLiteral("text/markdown; charset=utf-8"));
    reply.headers.append({QByteArrayLiteral("Content-Encoding"), QByteArrayLiteral("gzip")});
    return reply;
}

HttpReply redirect(const QUrlQuery &query)
{
    const QString to = queryValue(query, QStringLiteral("to"));
    if (to.isEmpty() || to.contains(QLatin1Char('\r')) || to.contains(QLatin1Char('\n')))
        return HttpReply::error(400, QStringLiteral("to must be a URL (URL-encode it inside the query)"));
    int status = 302;
    if (query.hasQueryItem(QStringLiteral("status"))) {
        status = queryValue(query, QStringLiteral("status")).toInt();
        if (status != 301 && status != 302 && status != 303 && status != 307 && status != 308)
            return HttpReply::error(400, QStringLiteral("status must be 301, 302, 303, 307 or 308"));
    }
    return HttpReply::redirect(to.toUtf8(), status);
}

} // namespace

HttpReply downloadReply(const QString &path, const QUrlQuery &query)
{
    const QString version = queryValue(query, QStringLiteral("version"));

    if (const QString slug = slugFrom(path, QStringLiteral("skill"), QStringLiteral(".zip")); !slug.isEmpty())
        return skillArchive(slug, query);
    if (const QString slug = slugFrom(path, QStringLiteral("rule"), QStringLiteral(".md")); !slug.isEmpty())
        return markdownReply(ruleText(slug, version));
    if (const QString slug = slugFrom(path, QStringLiteral("rule"), QStringLiteral(".zip")); !slug.isEmpty())
        return markdownArchive(slug, ruleText(slug, version));
    if (const QString slug = slugFrom(path, QStringLiteral("claudemd"), QStringLiteral(".md")); !slug.isEmpty())
        return markdownReply(claudemdText(slug, version));
    if (const QString slug = slugFrom(path, QStringLiteral("claudemd"), QStringLiteral(".zip")); !slug.isEmpty())
        return markdownArchive(slug, claudemdText(slug, version));
    if (path == QLatin1String("/download/blob"))
        return blob(query);
    if (path == QLatin1String("/download/gzip-bomb") || path.startsWith(QLatin1String("/download/gzip-bomb/")))
        return gzipBomb(query);
    if (path == QLatin1String("/download/redirect"))
        return redirect(query);
    // A redirect to itself, for clients that must give up after a bounded number of hops.
    if (path == QLatin1String("/download/loop"))
        return HttpReply::redirect(QByteArrayLiteral("/download/loop"));
    return HttpReply::error(404, QStringLiteral("no such download"));
}

} // namespace teamai::devserver
