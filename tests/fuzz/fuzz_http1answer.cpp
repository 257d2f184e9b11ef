// libFuzzer target for the HTTP/1.1 answer reader (net/Http1Answer) that reads the backend's
// answers to acks: bytes from the network, so nothing in them may crash it, grow it past its caps
// or make its reading depend on how the bytes were cut into reads. For every input, read once
// whole and once in pieces whose sizes come from the input itself, then closed:
//  1. both readings end in the same state, status, body, keep-alive and size verdict;
//  2. a finished answer is final (status 200–599), its body within the cap, equal in length to a
//     Content-Length it announced;
//  3. a failed answer says why and is never kept alive.
// A violation traps (__builtin_trap), so libFuzzer keeps the input.
#include "net/Http1Answer.h"

#include <cstdint>
#include <cstdio>

namespace {

constexpr qint64 kCap = 4096;

[[noreturn]] void fail(const char *what)
{
    std::fprintf(stderr, "property violated: %s\n", what);
    __builtin_trap();
}

teamai::Http1Answer readInPieces(const QByteArray &bytes, const QByteArray &cuts)
{
    teamai::Http1Answer answer(kCap);
    QByteArray pending;
    qsizetype at = 0;
    for (qsizetype i = 0; at < bytes.size(); ++i) {
        const qsizetype piece = cuts.isEmpty() ? 1 : 1 + quint8(cuts.at(i % cuts.size())) % 16;
        pending += bytes.mid(at, piece);
        at += piece;
        answer.feed(pending);
    }
    answer.closedByPeer();
    return answer;
}

void check(const teamai::Http1Answer &whole, const teamai::Http1Answer &pieces)
{
    if (whole.state() != pieces.state() || whole.status() != pieces.status() || whole.body() != pieces.body()
        || whole.keepAlive() != pieces.keepAlive() || whole.tooLarge() != pieces.tooLarge())
        fail("the reading depends on how the bytes arrived");
    if (whole.done()) {
        if (whole.status() < 200 || whole.status() > 599)
            fail("a finished answer with a status outside 200-599");
        if (whole.body().size() > kCap)
            fail("a body past the cap");
        if (whole.contentLength() >= 0 && whole.body().size() != whole.contentLength())
            fail("a body shorter or longer than its Content-Length");
    } else if (!whole.failed()) {
        fail("neither finished nor failed after the peer closed");
    } else if (whole.error().isEmpty() || whole.keepAlive()) {
        fail("a failure without a reason, or kept alive");
    }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    // The first 4 bytes choose the cuts; the rest is the answer.
    const QByteArray input = QByteArray::fromRawData(reinterpret_cast<const char *>(data), qsizetype(size));
    const QByteArray cuts = input.left(4);
    const QByteArray bytes = input.mid(4);
    teamai::Http1Answer whole(kCap);
    QByteArray all = bytes;
    whole.feed(all);
    whole.closedByPeer();
    check(whole, readInPieces(bytes, cuts));
    return 0;
}
