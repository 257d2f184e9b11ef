#include "store/ProcessIdentity_platform.h"

#include <QFile>
#include <QList>

namespace teamai::processidentity {
namespace {

// Fields 3.. of /proc/<pid>/stat (state first). The command name (field 2) may hold spaces and
// parentheses, so count fields after its closing ')'. Empty when there is no such process.
QList<QByteArray> statFieldsOf(qint64 pid)
{
    QFile stat(QStringLiteral("/proc/%1/stat").arg(pid));
    if (!stat.open(QIODevice::ReadOnly))
        return {};
    const QByteArray line = stat.readAll();
    const qsizetype close = line.lastIndexOf(')');
    if (close < 0)
        return {};
    return line.mid(close + 2).split(' ');
}

} // namespace

// A zombie (state Z: exited, not reaped yet by its parent) or a dead task (X) runs nothing.
bool isZombie(qint64 pid)
{
    const QList<QByteArray> fields = statFieldsOf(pid);
    return !fields.isEmpty() && (fields.at(0).startsWith('Z') || fields.at(0).startsWith('X'));
}

QString startTimeOf(qint64 pid)
{
    // Field 22 is the start time in clock ticks since boot; field 22 is index 19 here.
    const QList<QByteArray> fields = statFieldsOf(pid);
    return fields.size() > 19 ? QString::fromLatin1(fields.at(19)) : QString();
}

} // namespace teamai::processidentity
