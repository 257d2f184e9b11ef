// bench_runner: runs two (or more) command lines alternately and measures each run's wall time
// and peak RSS, the way an agent hook experiences them. Part of tests/bench/compare.sh (issue #8).
//
//   bench_runner [--runs N] [--warmup N] [--settle-ms MS] [--json FILE] [--quiet]
//       --case NAME [--stdin FILE] [--stdout FILE] [--env K=V]... [--setup SH] [--until SH]
//                   [--max-repeat N] [--check SH] -- PROGRAM [ARGS...]
//       [--case NAME ... -- PROGRAM [ARGS...]]...
//
// Each iteration runs every case once; the order flips every iteration (A B, B A, A B, ...) so
// neither client always runs second on a warm cache. Per case and run:
//   1. --setup SH   (untimed) `/bin/sh -c SH`, must exit 0: e.g. queue commands on the devserver;
//   2. the program, exec'd directly (no shell), stdin from --stdin (default /dev/null), stdout to
//      --stdout (default /dev/null), stderr to /dev/null; timed from fork to its exit (wait4),
//      peak RSS from wait4's rusage (the same number `/usr/bin/time -v` prints);
//   3. settle: this process is a child subreaper (PR_SET_CHILD_SUBREAPER), so a detached
//      background process the program left behind (the reference client spawns one on
//      session-start; ours may start a worker) is re-parented here and waited for; after
//      --settle-ms it is SIGKILLed, by pid. "all done" is the time until the last one exited;
//   4. --until SH   (untimed) while it exits non-zero, run the program again (at most
//      --max-repeat times in all): the run's time is the sum, its RSS the maximum;
//   5. --check SH   (untimed) must exit 0, else the run is counted as failed.
// Nothing is left running when it returns. Exit status: 0, 1 when a run failed (the program
// exited non-zero, a check failed, or --until never held), 2 for bad usage.
//
//   bench_runner --probe-fsync DIR
// prints the median and p90 latency of 30 small write + fdatasync calls in DIR: how busy the
// disk is, which the fsync-heavy rows (ledger, manifest, lock files) depend on.
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <dirent.h>
#include <fcntl.h>
#include <fstream>
#include <sstream>
#include <string>
#include <thread>
#include <unistd.h>
#include <vector>

extern char **environ;

namespace {

using Clock = std::chrono::steady_clock;

struct Case {
    std::string name;
    std::string stdinPath = "/dev/null";
    std::string stdoutPath = "/dev/null";
    std::vector<std::string> env;
    std::string setup;
    std::string until;
    std::string check;
    int maxRepeat = 1;
    std::vector<std::string> argv;

    // Results, one entry per measured run.
    std::vector<double> wallMs;     // the program (summed over --until repeats)
    std::vector<double> allMs;      // until the last descendant exited
    std::vector<long> maxRssKiB;    // peak RSS of the program (max over repeats)
    std::vector<int> repeats;
    int background = 0;             // descendants reaped after the program exited
    int killed = 0;                 // descendants still running after --settle-ms
    int failures = 0;
    std::vector<std::string> failureNotes;
};

struct Options {
    int runs = 10;
    int warmup = 1;
    int settleMs = 10000;
    std::string json;
    bool quiet = false;
};

[[noreturn]] void usage(const char *why)
{
    std::fprintf(stderr, "bench_runner: %s\n"
                         "usage: bench_runner [--runs N] [--warmup N] [--settle-ms MS] [--json FILE] [--quiet]\n"
                         "         --case NAME [--stdin F] [--stdout F] [--env K=V]... [--setup SH] [--until SH]\n"
                         "                     [--max-repeat N] [--check SH] -- PROGRAM [ARGS...] [--case ...]\n",
                 why);
    std::exit(2);
}

double msSince(Clock::time_point start)
{
    return std::chrono::duration<double, std::milli>(Clock::now() - start).count();
}

/// Runs `/bin/sh -c script` with the case's extra environment; true when it exits 0.
bool shell(const std::string &script, const std::vector<std::string> &env)
{
    const pid_t pid = fork();
    if (pid < 0)
        return false;
    if (pid == 0) {
        for (const std::string &kv : env)
            putenv(const_cast<char *>(kv.c_str()));
        execl("/bin/sh", "sh", "-c", script.c_str(), static_cast<char *>(nullptr));
        _exit(127);
    }
    int status = 0;
    while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
    }
    return WIFEXITED(status) && WEXITSTATUS(status) == 0;
}

struct Run {
    double ms = 0;
    long maxRssKiB = 0;
    int status = 0;
    bool started = false;
};

Run runProgram(const Case &c)
{
    Run run;
    std::vector<char *> argv;
    for (const std::string &arg : c.argv)
        argv.push_back(const_cast<char *>(arg.c_str()));
    argv.push_back(nullptr);
    const int in = open(c.stdinPath.c_str(), O_RDONLY | O_CLOEXEC);
    const int out = open(c.stdoutPath.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
    const int err = open("/dev/null", O_WRONLY | O_CLOEXEC);
    if (in < 0 || out < 0 || err < 0) {
        std::fprintf(stderr, "bench_runner: cannot open %s or %s: %s\n", c.stdinPath.c_str(), c.stdoutPath.c_str(),
                     std::strerror(errno));
        std::exit(1);
    }
    const Clock::time_point start = Clock::now();
    const pid_t pid = fork();
    if (pid == 0) {
        dup2(in, 0);
        dup2(out, 1);
        dup2(err, 2);
        for (const std::string &kv : c.env)
            putenv(const_cast<char *>(kv.c_str()));
        execvp(argv[0], argv.data());
        _exit(127);
    }
    close(in);
    close(out);
    close(err);
    if (pid < 0)
        return run;
    int status = 0;
    rusage usage {};
    while (wait4(pid, &status, 0, &usage) < 0 && errno == EINTR) {
    }
    run.ms = msSince(start);
    run.maxRssKiB = usage.ru_maxrss;  // KiB on Linux
    run.status = status;
    run.started = true;
    return run;
}

/// Children of this process (the orphans re-parented to us), from /proc.
std::vector<pid_t> ourChildren()
{
    std::vector<pid_t> children;
    const pid_t self = getpid();
    DIR *proc = opendir("/proc");
    if (!proc)
        return children;
    while (dirent *entry = readdir(proc)) {
        const pid_t pid = pid_t(std::atoi(entry->d_name));
        if (pid <= 0)
            continue;
        std::ifstream stat("/proc/" + std::to_string(pid) + "/stat");
        std::string text((std::istreambuf_iterator<char>(stat)), std::istreambuf_iterator<char>());
        const std::size_t close = text.rfind(')');
        if (close == std::string::npos)
            continue;
        std::istringstream rest(text.substr(close + 2));
        char state = 0;
        long ppid = 0;
        rest >> state >> ppid;
        if (ppid == self)
            children.push_back(pid);
    }
    closedir(proc);
    return children;
}

/// Waits for every descendant left behind; returns how many were reaped, counts the killed ones.
int settle(int settleMs, int *killed)
{
    int reaped = 0;
    const Clock::time_point start = Clock::now();
    for (;;) {
        const pid_t pid = waitpid(-1, nullptr, WNOHANG);
        if (pid > 0) {
            ++reaped;
            continue;
        }
        if (pid < 0 && errno == ECHILD)
            return reaped;
        if (msSince(start) > settleMs) {
            for (const pid_t child : ourChildren()) {
                kill(child, SIGKILL);
                ++*killed;
            }
            while (waitpid(-1, nullptr, 0) > 0)
                ++reaped;
            return reaped;
        }
        std::this_thread::sleep_for(std::chrono::microseconds(500));
    }
}

void measure(Case &c, const Options &options, bool record)
{
    if (!c.setup.empty() && !shell(c.setup, c.env)) {
        std::fprintf(stderr, "bench_runner: %s: setup failed: %s\n", c.name.c_str(), c.setup.c_str());
        std::exit(1);
    }
    const Clock::time_point start = Clock::now();
    double wall = 0;
    long rss = 0;
    int repeats = 0;
    bool failed = false;
    std::string note;
    int killed = 0;
    int background = 0;
    for (;;) {
        const Run run = runProgram(c);
        ++repeats;
        wall += run.ms;
        rss = std::max(rss, run.maxRssKiB);
        if (!run.started || !WIFEXITED(run.status) || WEXITSTATUS(run.status) != 0) {
            failed = true;
            note = "exit status " + std::to_string(WIFEXITED(run.status) ? WEXITSTATUS(run.status) : 128 + WTERMSIG(run.status));
        }
        // What the program left running finishes before the next run (or the next case) starts.
        background += settle(options.settleMs, &killed);
        if (c.until.empty() || shell(c.until, c.env))
            break;
        if (repeats >= c.maxRepeat) {
            failed = true;
            note = "--until never held after " + std::to_string(repeats) + " runs";
            break;
        }
    }
    const double all = msSince(start);
    if (!c.check.empty() && !shell(c.check, c.env)) {
        failed = true;
        note = "check failed";
    }
    if (!record)
        return;
    c.wallMs.push_back(wall);
    c.allMs.push_back(std::max(all, wall));
    c.maxRssKiB.push_back(rss);
    c.repeats.push_back(repeats);
    c.background += background;
    c.killed += killed;
    if (failed) {
        ++c.failures;
        if (c.failureNotes.size() < 5)
            c.failureNotes.push_back(note);
    }
}

template <typename T>
T percentile(std::vector<T> values, double p)
{
    if (values.empty())
        return T();
    std::sort(values.begin(), values.end());
    const std::size_t index = std::min(values.size() - 1, std::size_t(p * double(values.size() - 1) + 0.5));
    return values[index];
}

double median(const std::vector<double> &values)
{
    if (values.empty())
        return 0;
    std::vector<double> sorted = values;
    std::sort(sorted.begin(), sorted.end());
    const std::size_t n = sorted.size();
    return n % 2 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
}

std::string jsonString(const std::string &text)
{
    std::string out = "\"";
    for (const char ch : text) {
        if (ch == '"' || ch == '\\')
            out += '\\';
        if (static_cast<unsigned char>(ch) < 0x20) {
            char buf[8];
            std::snprintf(buf, sizeof buf, "\\u%04x", ch);
            out += buf;
            continue;
        }
        out += ch;
    }
    return out + "\"";
}

template <typename T>
std::string jsonArray(const std::vector<T> &values)
{
    std::ostringstream out;
    out << '[';
    for (std::size_t i = 0; i < values.size(); ++i)
        out << (i ? "," : "") << values[i];
    out << ']';
    return out.str();
}

/// Median and p90 of 30 small appends + fdatasync in @p dir.
int probeFsync(const std::string &dir)
{
    const std::string path = dir + "/bench-fsync-probe." + std::to_string(getpid());
    const int fd = open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
    if (fd < 0) {
        std::fprintf(stderr, "bench_runner: cannot create %s: %s\n", path.c_str(), std::strerror(errno));
        return 1;
    }
    std::vector<double> ms;
    const char block[512] = {};
    for (int i = 0; i < 30; ++i) {
        if (write(fd, block, sizeof block) != ssize_t(sizeof block))
            break;
        const Clock::time_point start = Clock::now();
        fdatasync(fd);
        ms.push_back(msSince(start));
    }
    close(fd);
    unlink(path.c_str());
    std::printf("fdatasync median %.2f ms, p90 %.2f ms\n", median(ms), percentile(ms, 0.9));
    return 0;
}

} // namespace

int main(int argc, char **argv)
{
    if (argc == 3 && std::strcmp(argv[1], "--probe-fsync") == 0)
        return probeFsync(argv[2]);
    Options options;
    std::vector<Case> cases;
    int i = 1;
    auto value = [&](const char *flag) -> std::string {
        if (i + 1 >= argc)
            usage((std::string(flag) + " needs a value").c_str());
        return argv[++i];
    };
    for (; i < argc && std::strcmp(argv[i], "--case") != 0; ++i) {
        const std::string flag = argv[i];
        if (flag == "--runs")
            options.runs = std::max(1, std::atoi(value("--runs").c_str()));
        else if (flag == "--warmup")
            options.warmup = std::max(0, std::atoi(value("--warmup").c_str()));
        else if (flag == "--settle-ms")
            options.settleMs = std::max(0, std::atoi(value("--settle-ms").c_str()));
        else if (flag == "--json")
            options.json = value("--json");
        else if (flag == "--quiet")
            options.quiet = true;
        else
            usage(("unknown option " + flag).c_str());
    }
    while (i < argc) {  // argv[i] == "--case"
        Case c;
        c.name = value("--case");
        ++i;
        for (; i < argc && std::strcmp(argv[i], "--") != 0; ++i) {
            const std::string flag = argv[i];
            if (flag == "--stdin")
                c.stdinPath = value("--stdin");
            else if (flag == "--stdout")
                c.stdoutPath = value("--stdout");
            else if (flag == "--env")
                c.env.push_back(value("--env"));
            else if (flag == "--setup")
                c.setup = value("--setup");
            else if (flag == "--until")
                c.until = value("--until");
            else if (flag == "--check")
                c.check = value("--check");
            else if (flag == "--max-repeat")
                c.maxRepeat = std::max(1, std::atoi(value("--max-repeat").c_str()));
            else
                usage(("unknown case option " + flag).c_str());
        }
        if (i >= argc)
            usage("a case needs `-- PROGRAM [ARGS...]`");
        for (++i; i < argc && std::strcmp(argv[i], "--case") != 0; ++i)
            c.argv.emplace_back(argv[i]);
        if (c.argv.empty())
            usage("a case needs a program");
        if (!c.until.empty() && c.maxRepeat == 1)
            c.maxRepeat = 100;
        cases.push_back(std::move(c));
    }
    if (cases.empty())
        usage("no --case given");

    // Orphans of the programs we run become our children, so we can wait for them and kill them.
    if (prctl(PR_SET_CHILD_SUBREAPER, 1) != 0)
        std::fprintf(stderr, "bench_runner: PR_SET_CHILD_SUBREAPER failed: %s (background work not waited for)\n",
                     std::strerror(errno));
    std::signal(SIGPIPE, SIG_IGN);

    const int total = options.warmup + options.runs;
    for (int iteration = 0; iteration < total; ++iteration) {
        const bool record = iteration >= options.warmup;
        for (std::size_t k = 0; k < cases.size(); ++k) {
            Case &c = cases[iteration % 2 ? cases.size() - 1 - k : k];
            measure(c, options, record);
        }
    }

    int failures = 0;
    std::ostringstream json;
    json << "{\"runs\":" << options.runs << ",\"warmup\":" << options.warmup << ",\"cases\":[";
    for (std::size_t k = 0; k < cases.size(); ++k) {
        const Case &c = cases[k];
        failures += c.failures;
        std::vector<double> rss(c.maxRssKiB.begin(), c.maxRssKiB.end());
        std::vector<double> reps(c.repeats.begin(), c.repeats.end());
        if (!options.quiet) {
            std::printf("%-14s median %9.2f ms  min %9.2f  p90 %9.2f  all-done median %9.2f ms  peak RSS median %7.1f MiB max %7.1f MiB"
                        "  repeats %.0f  background %d  killed %d  failed %d/%d\n",
                        c.name.c_str(), median(c.wallMs), percentile(c.wallMs, 0.0), percentile(c.wallMs, 0.9), median(c.allMs),
                        median(rss) / 1024.0, percentile(rss, 1.0) / 1024.0, median(reps), c.background, c.killed, c.failures,
                        options.runs);
            for (const std::string &note : c.failureNotes)
                std::printf("%-14s   failure: %s\n", "", note.c_str());
        }
        json << (k ? "," : "") << "{\"name\":" << jsonString(c.name) << ",\"median_ms\":" << median(c.wallMs)
             << ",\"min_ms\":" << percentile(c.wallMs, 0.0) << ",\"p90_ms\":" << percentile(c.wallMs, 0.9)
             << ",\"all_done_median_ms\":" << median(c.allMs) << ",\"peak_rss_median_kib\":" << median(rss)
             << ",\"peak_rss_max_kib\":" << percentile(rss, 1.0) << ",\"repeats_median\":" << median(reps)
             << ",\"background\":" << c.background << ",\"killed\":" << c.killed << ",\"failures\":" << c.failures
             << ",\"wall_ms\":" << jsonArray(c.wallMs) << ",\"all_done_ms\":" << jsonArray(c.allMs)
             << ",\"peak_rss_kib\":" << jsonArray(c.maxRssKiB) << "}";
    }
    json << "]}\n";
    if (!options.json.empty()) {
        std::ofstream file(options.json);
        file << json.str();
        if (!file) {
            std::fprintf(stderr, "bench_runner: cannot write %s\n", options.json.c_str());
            return 1;
        }
    }
    return failures ? 1 : 0;
}
