#pragma once

#include "config/TokenStore.h"

#include <QElapsedTimer>

namespace teamai::test {

/// @brief What TokenStore::save() answered and how long it took: the token store tests bound the
/// time a save may take, whatever the credential store does.
struct TimedSave {
    TokenStore::SaveResult saved;
    qint64 ms = 0;
};

inline TimedSave timedSave(const QString &endpoint, const QString &token)
{
    QElapsedTimer timer;
    timer.start();
    return {TokenStore::save(endpoint, token), timer.elapsed()};  // in this order: braces sequence them
}

} // namespace teamai::test
