#include "store/TextPacking.h"

#include <zlib.h>

namespace teamai::textpacking {
namespace {

constexpr int kRawDeflate = -15;  // negative window bits: no zlib header or checksum (6 bytes a row)
constexpr uInt kMaxDictionary = 32 * 1024;  // DEFLATE's window: more would be ignored

// One stream per thread, reset for each use: setting one up allocates ~270 KiB, which would be
// most of the cost of packing a 150-byte row.
struct Deflater {
    z_stream stream{};
    bool ready = false;
    Deflater() { ready = deflateInit2(&stream, Z_DEFAULT_COMPRESSION, Z_DEFLATED, kRawDeflate, 8, Z_DEFAULT_STRATEGY) == Z_OK; }
    ~Deflater() { if (ready) deflateEnd(&stream); }
};

struct Inflater {
    z_stream stream{};
    bool ready = false;
    Inflater() { ready = inflateInit2(&stream, kRawDeflate) == Z_OK; }
    ~Inflater() { if (ready) inflateEnd(&stream); }
};

const Bytef *bytes(QByteArrayView view)
{
    return reinterpret_cast<const Bytef *>(view.data());
}

uInt dictionaryLength(QByteArrayView dictionary)
{
    return uInt(std::min<qsizetype>(dictionary.size(), kMaxDictionary));
}

} // namespace

QByteArray pack(QByteArrayView data, QByteArrayView dictionary)
{
    thread_local Deflater deflater;
    z_stream &z = deflater.stream;
    if (!deflater.ready || deflateReset(&z) != Z_OK)
        return {};
    // The tail of a long dictionary is what DEFLATE can still reach back to.
    if (!dictionary.isEmpty()
        && deflateSetDictionary(&z, bytes(dictionary.last(dictionaryLength(dictionary))), dictionaryLength(dictionary)) != Z_OK)
        return {};
    QByteArray out(qsizetype(deflateBound(&z, uLong(data.size()))), Qt::Uninitialized);
    z.next_in = const_cast<Bytef *>(bytes(data));
    z.avail_in = uInt(data.size());
    z.next_out = reinterpret_cast<Bytef *>(out.data());
    z.avail_out = uInt(out.size());
    if (deflate(&z, Z_FINISH) != Z_STREAM_END)
        return {};
    out.truncate(out.size() - qsizetype(z.avail_out));
    return out;
}

std::optional<QByteArray> unpack(QByteArrayView packed, QByteArrayView dictionary, qsizetype maxSize)
{
    thread_local Inflater inflater;
    z_stream &z = inflater.stream;
    if (!inflater.ready || inflateReset(&z) != Z_OK)
        return std::nullopt;
    // A raw stream takes its dictionary before the first byte, not when inflate() asks for it.
    if (!dictionary.isEmpty()
        && inflateSetDictionary(&z, bytes(dictionary.last(dictionaryLength(dictionary))), dictionaryLength(dictionary)) != Z_OK)
        return std::nullopt;
    QByteArray out;
    z.next_in = const_cast<Bytef *>(bytes(packed));
    z.avail_in = uInt(packed.size());
    char chunk[16 * 1024];
    int result = Z_OK;
    while (result == Z_OK) {
        z.next_out = reinterpret_cast<Bytef *>(chunk);
        z.avail_out = sizeof chunk;
        result = inflate(&z, Z_NO_FLUSH);
        if (result != Z_OK && result != Z_STREAM_END)
            return std::nullopt;
        out.append(chunk, qsizetype(sizeof chunk - z.avail_out));
        if (out.size() > maxSize || (result == Z_OK && z.avail_in == 0 && z.avail_out != 0))
            return std::nullopt;  // too large, or the stream ended before its end marker
    }
    return out;
}

} // namespace teamai::textpacking
