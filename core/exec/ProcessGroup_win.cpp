// STARTUPINFOEXW and PROC_THREAD_ATTRIBUTE_JOB_LIST need the Windows 10 API level; set it before
// anything can pull in <windows.h>.
#if defined(_WIN32) && (!defined(_WIN32_WINNT) || _WIN32_WINNT < 0x0A00)
#undef _WIN32_WINNT
#define _WIN32_WINNT 0x0A00
#endif

#include "exec/ProcessGroup.h"

// Windows counterpart of ProcessGroup_posix.cpp. Not built on the Linux CI machines: review by
// reading. The child is created *inside* a job object (PROC_THREAD_ATTRIBUTE_JOB_LIST, Windows
// 10+), so there is no window in which it runs outside the job and could spawn escaping children.

#include "log/Logging.h"

#include <QProcess>

#include <vector>

#include <windows.h>

namespace teamai::exec {

struct ProcessGroup::Platform {
    HANDLE job = nullptr;
    std::vector<char> attributeStorage;  // backing memory of the PROC_THREAD_ATTRIBUTE_LIST
    LPPROC_THREAD_ATTRIBUTE_LIST attributes = nullptr;
    STARTUPINFOEXW startupInfo {};       // must outlive CreateProcessW, hence a member
};

ProcessGroup::ProcessGroup()
    : d(std::make_unique<Platform>())
{
}

ProcessGroup::~ProcessGroup()
{
    if (d->attributes)
        DeleteProcThreadAttributeList(d->attributes);
    // JOB_OBJECT_LIMIT_KILL_ON_JOB_CLOSE: closing the last handle ends anything still in the job.
    if (d->job)
        CloseHandle(d->job);
}

void ProcessGroup::prepare(QProcess &process)
{
    d->job = CreateJobObjectW(nullptr, nullptr);
    if (!d->job) {
        qCWarning(lcExec) << "CreateJobObject failed:" << GetLastError();
        return;
    }
    JOBOBJECT_EXTENDED_LIMIT_INFORMATION limits {};
    limits.BasicLimitInformation.LimitFlags = JOB_OBJECT_LIMIT_KILL_ON_JOB_CLOSE;
    SetInformationJobObject(d->job, JobObjectExtendedLimitInformation, &limits, sizeof limits);

    SIZE_T size = 0;
    InitializeProcThreadAttributeList(nullptr, 1, 0, &size);
    d->attributeStorage.resize(size);
    d->attributes = reinterpret_cast<LPPROC_THREAD_ATTRIBUTE_LIST>(d->attributeStorage.data());
    if (!InitializeProcThreadAttributeList(d->attributes, 1, 0, &size)
        || !UpdateProcThreadAttribute(d->attributes, 0, PROC_THREAD_ATTRIBUTE_JOB_LIST, &d->job,
                                      sizeof(HANDLE), nullptr, nullptr)) {
        qCWarning(lcExec) << "cannot prepare the job attribute:" << GetLastError();
        d->attributes = nullptr;
        return;
    }
    Platform *platform = d.get();
    process.setCreateProcessArgumentsModifier([platform](QProcess::CreateProcessArguments *args) {
        // Keep everything Qt set up (std handles, flags) and only add the attribute list.
        platform->startupInfo.StartupInfo = *args->startupInfo;
        platform->startupInfo.StartupInfo.cb = sizeof(STARTUPINFOEXW);
        platform->startupInfo.lpAttributeList = platform->attributes;
        args->startupInfo = &platform->startupInfo.StartupInfo;
        args->flags |= EXTENDED_STARTUPINFO_PRESENT;
    });
}

void ProcessGroup::attach(qint64 pid)
{
    Q_UNUSED(pid);
}

bool ProcessGroup::terminate()
{
    // Console programs have no polite stop that reaches a whole job; go straight to kill().
    return false;
}

void ProcessGroup::kill()
{
    if (d->job && !TerminateJobObject(d->job, 1))
        qCWarning(lcExec) << "TerminateJobObject failed:" << GetLastError();
}

bool ProcessGroup::reapAndCheckEmpty()
{
    if (!d->job)
        return true;
    JOBOBJECT_BASIC_ACCOUNTING_INFORMATION info {};
    if (!QueryInformationJobObject(d->job, JobObjectBasicAccountingInformation, &info, sizeof info, nullptr))
        return true;
    return info.ActiveProcesses == 0;
}

bool ProcessGroup::becomeSubreaper()
{
    return false; // jobs need no reaping
}

ProcessGroup::OrphanScan ProcessGroup::reapAdoptedOrphans()
{
    return {};
}

} // namespace teamai::exec
