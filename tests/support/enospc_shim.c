/* An LD_PRELOAD library that makes a folder behave like a full disk, for the fault tests.
 *
 * For files whose path starts with $TEAMAI_ENOSPC_PREFIX, writes succeed until
 * $TEAMAI_ENOSPC_AFTER bytes (default 0) have been written by this process, then write(),
 * pwrite(), writev() and pwritev() fail with ENOSPC — or the errno named by $TEAMAI_ENOSPC_ERRNO
 * (EDQUOT, EIO) — and once one has, so do fsync(), fdatasync(), fallocate() and
 * posix_fallocate() on those files. A write that straddles the limit is cut short, as a real full disk does. Opening,
 * reading, renaming and creating files keep working, as they do on a full ext4 with free inodes.
 * Deterministic and needs no root, unlike a size-limited tmpfs. Linux only (/proc/self/fd).
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/uio.h>
#include <unistd.h>

static atomic_llong written_so_far;
static atomic_int refused;  /* a write was refused or cut short: fsync reports it, as the kernel does */

static int failure_errno(void)
{
    const char *name = getenv("TEAMAI_ENOSPC_ERRNO");
    if (name && strcmp(name, "EDQUOT") == 0)
        return EDQUOT;
    if (name && strcmp(name, "EIO") == 0)
        return EIO;
    return ENOSPC;
}

/* Non-zero when @p fd is a file below the prefix. */
static int is_target(int fd)
{
    const char *prefix = getenv("TEAMAI_ENOSPC_PREFIX");
    if (!prefix || !*prefix)
        return 0;
    char link[64];
    char path[4096];
    snprintf(link, sizeof link, "/proc/self/fd/%d", fd);
    const ssize_t n = readlink(link, path, sizeof path - 1);
    if (n <= 0)
        return 0;
    path[n] = '\0';
    return strncmp(path, prefix, strlen(prefix)) == 0;
}

/* How many of @p wanted bytes may still be written; -1 (errno set) when none. */
static ssize_t allowance(size_t wanted)
{
    const char *after = getenv("TEAMAI_ENOSPC_AFTER");
    const long long limit = after ? atoll(after) : 0;
    const long long before = atomic_fetch_add(&written_so_far, (long long)wanted);
    if (before >= limit) {
        atomic_fetch_sub(&written_so_far, (long long)wanted);
        atomic_store(&refused, 1);
        errno = failure_errno();
        return -1;
    }
    const long long left = limit - before;
    if ((long long)wanted > left) {
        atomic_fetch_sub(&written_so_far, (long long)wanted - left);
        atomic_store(&refused, 1);
        return (ssize_t)left;
    }
    return (ssize_t)wanted;
}

static int exhausted(void)
{
    return atomic_load(&refused);
}

#define NEXT(name) ((__typeof__(&name))dlsym(RTLD_NEXT, #name))

/* Cuts *@p count to what may still be written when @p fd is a target: -1 (errno set) when
 * nothing may. */
static int cut_to_allowance(int fd, size_t *count)
{
    if (*count && is_target(fd)) {
        const ssize_t ok = allowance(*count);
        if (ok < 0)
            return -1;
        *count = (size_t)ok;
    }
    return 0;
}

ssize_t write(int fd, const void *buf, size_t count)
{
    if (cut_to_allowance(fd, &count) < 0)
        return -1;
    return NEXT(write)(fd, buf, count);
}

ssize_t pwrite(int fd, const void *buf, size_t count, off_t offset)
{
    if (cut_to_allowance(fd, &count) < 0)
        return -1;
    return NEXT(pwrite)(fd, buf, count, offset);
}

ssize_t pwrite64(int fd, const void *buf, size_t count, off64_t offset)
{
    if (cut_to_allowance(fd, &count) < 0)
        return -1;
    return NEXT(pwrite64)(fd, buf, count, offset);
}

static size_t total(const struct iovec *iov, int iovcnt)
{
    size_t sum = 0;
    for (int i = 0; i < iovcnt; ++i)
        sum += iov[i].iov_len;
    return sum;
}

ssize_t writev(int fd, const struct iovec *iov, int iovcnt)
{
    if (is_target(fd) && total(iov, iovcnt)) {
        const ssize_t ok = allowance(total(iov, iovcnt));
        if (ok < 0)
            return -1;
        if ((size_t)ok < total(iov, iovcnt))
            return write(fd, iov[0].iov_base, iov[0].iov_len < (size_t)ok ? iov[0].iov_len : (size_t)ok);
    }
    return NEXT(writev)(fd, iov, iovcnt);
}

ssize_t pwritev(int fd, const struct iovec *iov, int iovcnt, off_t offset)
{
    if (is_target(fd) && total(iov, iovcnt) && allowance(total(iov, iovcnt)) < (ssize_t)total(iov, iovcnt)) {
        errno = failure_errno();
        return -1;
    }
    return NEXT(pwritev)(fd, iov, iovcnt, offset);
}

int fsync(int fd)
{
    if (is_target(fd) && exhausted()) {
        errno = failure_errno();
        return -1;
    }
    return NEXT(fsync)(fd);
}

int fdatasync(int fd)
{
    if (is_target(fd) && exhausted()) {
        errno = failure_errno();
        return -1;
    }
    return NEXT(fdatasync)(fd);
}

int fallocate(int fd, int mode, off_t offset, off_t len)
{
    if (is_target(fd) && exhausted()) {
        errno = failure_errno();
        return -1;
    }
    return NEXT(fallocate)(fd, mode, offset, len);
}

int posix_fallocate(int fd, off_t offset, off_t len)
{
    if (is_target(fd) && exhausted())
        return failure_errno();
    return NEXT(posix_fallocate)(fd, offset, len);
}
