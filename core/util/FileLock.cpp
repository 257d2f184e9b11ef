#include "util/FileLock.h"

#include <QLockFile>

namespace teamai {

FileLock::FileLock(QString path)
    : FileLock(std::move(path), Options{})
{
}

FileLock::FileLock(QString path, Options options)
    : m_path(std::move(path))
    , m_options(options)
{
}

FileLock::~FileLock()
{
    release();
}

bool FileLock::isHeld() const
{
    return m_fd >= 0 || m_lock;
}

int FileLock::descriptor() const
{
    return m_fd;
}

} // namespace teamai
