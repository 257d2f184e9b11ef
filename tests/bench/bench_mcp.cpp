// bench_mcp: how fast `teamai mcp` (the MCP stdio server, docs/mcp.md) answers an agent, over a
// big ledger (issue 17). Part of tests/bench/compare.sh; a benchmark, not a test.
//
//   bench_mcp TEAMAI HOME RUNS [--idle-seconds S] [--existing-id N] [--output-id N] [--tsv FILE]
//
// RUNS times, each with a fresh process: posix_spawn TEAMAI (an absolute path, no shell, no PATH
// lookup) as `teamai mcp --tool claude` with HOME=HOME (TEAMAI_HOME removed: HOME decides where
// the ledger is) and stdin/stdout on pipes, stderr to /dev/null, then
//   - initialize: wall time from just before posix_spawn to the whole response line (the request
//     is written into the pipe right after the spawn, as a client does); protocolVersion must be
//     2025-06-18;
//   - notifications/initialized (not answered);
//   - each tool call, timed from writing the request to reading its whole response line:
//     tools/list, teamai_status, teamai_commands (limit 50; type install_skill; since 30 days
//     ago; state failed; state rejected + type install_skill, which no generated row has),
//     teamai_command (an existing id and a missing one), teamai_command_output
//     (--output-id, else the existing id: the "no output here" error path);
//   - stdin closed: the server must exit 0 within 5 s.
// The existing id is --existing-id, else the newest one teamai_commands listed. Each response is
// checked (isError as expected, the five tools listed); a wrong one fails the benchmark (exit 1).
// Prints median and max per row. Then one more server is left idle for --idle-seconds (default 5)
// after initialize and one call: CPU from /proc/PID/stat (utime + stime, in clock ticks), plus the
// threads' schedstat run time (ns) and context switches, which resolve far below one tick.
#include <QDate>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

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
#include <iterator>
#include <map>
#include <optional>
#include <poll.h>
#include <spawn.h>
#include <sstream>
#include <string>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>
#include <vector>

extern char **environ;

namespace {

using Clock = std::chrono::steady_clock;
constexpr int kResponseTimeoutMs = 30000;
constexpr qint64 kMissingId = 9007199254740991;  // the largest id the schema accepts: never in a ledger

double msSince(Clock::time_point start)
{
    return std::chrono::duration<double, std::milli>(Clock::now() - start).count();
}

struct Options {
    std::string teamai;
    std::string home;
    int runs = 0;
    int idleSeconds = 5;
    qint64 existingId = 0;  // 0: the newest one teamai_commands lists
    qint64 outputId = 0;    // 0: the existing id (error path)
    std::string tsv;
};

/// A running `teamai mcp` with our ends of its stdin and stdout.
struct Server {
    pid_t pid = -1;
    int toServer = -1;
    int fromServer = -1;
    std::string buffer;  // bytes read but not yet a whole line
};

std::vector<std::string> childEnvironment(const std::string &home)
{
    std::vector<std::string> env;
    for (char **e = environ; *e; ++e) {
        if (std::strncmp(*e, "HOME=", 5) != 0 && std::strncmp(*e, "TEAMAI_HOME=", 12) != 0)
            env.emplace_back(*e);
    }
    env.push_back("HOME=" + home);
    return env;
}

/// Spawns `TEAMAI mcp --tool claude`; pipes are close-on-exec, so the child holds only fds 0-2.
std::optional<Server> spawnServer(const Options &options)
{
    int in[2], out[2];
    if (::pipe2(in, O_CLOEXEC) != 0 || ::pipe2(out, O_CLOEXEC) != 0)
        return std::nullopt;
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_adddup2(&actions, in[0], 0);
    posix_spawn_file_actions_adddup2(&actions, out[1], 1);
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0);
    std::vector<std::string> env = childEnvironment(options.home);
    std::vector<char *> envp;
    for (std::string &e : env)
        envp.push_back(e.data());
    envp.push_back(nullptr);
    std::string a0 = options.teamai, a1 = "mcp", a2 = "--tool", a3 = "claude";
    char *argv[] = {a0.data(), a1.data(), a2.data(), a3.data(), nullptr};
    Server server;
    const int spawned = posix_spawn(&server.pid, options.teamai.c_str(), &actions, nullptr, argv, envp.data());
    posix_spawn_file_actions_destroy(&actions);
    ::close(in[0]);
    ::close(out[1]);
    if (spawned != 0) {
        std::fprintf(stderr, "bench_mcp: cannot start %s: %s\n", options.teamai.c_str(), std::strerror(spawned));
        ::close(in[1]);
        ::close(out[0]);
        return std::nullopt;
    }
    server.toServer = in[1];
    server.fromServer = out[0];
    return server;
}

bool sendLine(Server &server, const QJsonObject &message)
{
    const QByteArray line = QJsonDocument(message).toJson(QJsonDocument::Compact) + '\n';
    qsizetype done = 0;
    while (done < line.size()) {
        const ssize_t n = ::write(server.toServer, line.constData() + done, size_t(line.size() - done));
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            return false;
        done += n;
    }
    return true;
}

/// The next whole line from the server, or nullopt on EOF / timeout.
std::optional<std::string> readLine(Server &server, int timeoutMs)
{
    const Clock::time_point start = Clock::now();
    for (;;) {
        const size_t newline = server.buffer.find('\n');
        if (newline != std::string::npos) {
            std::string line = server.buffer.substr(0, newline);
            server.buffer.erase(0, newline + 1);
            return line;
        }
        const int left = timeoutMs - int(msSince(start));
        pollfd fd{server.fromServer, POLLIN, 0};
        if (left <= 0 || ::poll(&fd, 1, left) <= 0)
            return std::nullopt;
        char chunk[65536];
        const ssize_t n = ::read(server.fromServer, chunk, sizeof chunk);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            return std::nullopt;
        server.buffer.append(chunk, size_t(n));
    }
}

/// Reads lines until the response to @p id (anything else the server writes is skipped).
std::optional<QJsonObject> readResponse(Server &server, int id)
{
    while (const std::optional<std::string> line = readLine(server, kResponseTimeoutMs)) {
        const QJsonObject message = QJsonDocument::fromJson(QByteArray::fromStdString(*line)).object();
        if (message.value(QStringLiteral("id")).toInt(-1) == id)
            return message;
    }
    return std::nullopt;
}

QJsonObject request(int id, const QString &method, const QJsonObject &params)
{
    return QJsonObject{{QStringLiteral("jsonrpc"), QStringLiteral("2.0")}, {QStringLiteral("id"), id},
                       {QStringLiteral("method"), method}, {QStringLiteral("params"), params}};
}

/// Closes stdin and waits up to 5 s for the exit; the exit status, or -1 (then it was killed).
int closeAndWait(Server &server)
{
    ::close(server.toServer);
    ::close(server.fromServer);
    const Clock::time_point start = Clock::now();
    int status = 0;
    while (msSince(start) < 5000) {
        const pid_t done = ::waitpid(server.pid, &status, WNOHANG);
        if (done == server.pid)
            return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
        std::this_thread::sleep_for(std::chrono::milliseconds(2));
    }
    ::kill(server.pid, SIGKILL);
    ::waitpid(server.pid, &status, 0);
    return -1;
}

} // namespace

namespace {

/// One timed request of a run.
struct Probe {
    std::string key;
    std::string label;
    QString method;
    QJsonObject params;
    bool expectError = false;
};

QJsonObject toolCall(const char *name, const QJsonObject &arguments)
{
    return QJsonObject{{QStringLiteral("name"), QString::fromLatin1(name)}, {QStringLiteral("arguments"), arguments}};
}

/// The calls that need no command id; since = 30 days ago (UTC midnight).
std::vector<Probe> listProbes()
{
    const QString since = QDate::currentDate().addDays(-30).toString(Qt::ISODate);
    const auto commands = [](const QJsonObject &arguments) { return toolCall("teamai_commands", arguments); };
    return {
        {"tools_list", "tools/list", QStringLiteral("tools/list"), {}, false},
        {"status", "teamai_status", QStringLiteral("tools/call"), toolCall("teamai_status", {}), false},
        {"commands", "teamai_commands limit 50", QStringLiteral("tools/call"), commands({{QStringLiteral("limit"), 50}}), false},
        {"commands_type", "teamai_commands type install_skill, limit 50", QStringLiteral("tools/call"),
         commands({{QStringLiteral("type"), QStringLiteral("install_skill")}, {QStringLiteral("limit"), 50}}), false},
        {"commands_since", ("teamai_commands since " + since.toStdString() + ", limit 50"), QStringLiteral("tools/call"),
         commands({{QStringLiteral("since"), since}, {QStringLiteral("limit"), 50}}), false},
        {"commands_state", "teamai_commands state failed, limit 50", QStringLiteral("tools/call"),
         commands({{QStringLiteral("state"), QStringLiteral("failed")}, {QStringLiteral("limit"), 50}}), false},
        // Two filters that no row matches together: the worst case of a filter combination.
        {"commands_state_type", "teamai_commands state rejected + type install_skill (none)", QStringLiteral("tools/call"),
         commands({{QStringLiteral("state"), QStringLiteral("rejected")}, {QStringLiteral("type"), QStringLiteral("install_skill")},
                   {QStringLiteral("limit"), 50}}), false},
    };
}

std::vector<Probe> idProbes(qint64 existingId, qint64 outputId)
{
    const auto withId = [](const char *tool, qint64 id) { return toolCall(tool, {{QStringLiteral("id"), id}}); };
    const qint64 outputOf = outputId ? outputId : existingId;
    const std::string outputLabel = outputId ? "teamai_command_output id " + std::to_string(outputId) + " (has output)"
                                             : "teamai_command_output id " + std::to_string(existingId) + " (no output: error path)";
    return {
        {"command", "teamai_command id " + std::to_string(existingId) + " (exists)", QStringLiteral("tools/call"),
         withId("teamai_command", existingId), false},
        {"command_missing", "teamai_command id 2^53-1 (missing: error path)", QStringLiteral("tools/call"),
         withId("teamai_command", kMissingId), true},
        {"command_output", outputLabel, QStringLiteral("tools/call"), withId("teamai_command_output", outputOf), outputId == 0},
    };
}

/// content[0].text of a tool result (at() is Undefined, not a crash, when content is empty).
QString contentText(const QJsonObject &result)
{
    return result.value(QStringLiteral("content")).toArray().at(0).toObject().value(QStringLiteral("text")).toString();
}

/// Empty when @p response is what @p probe expects, else why not.
std::string checkResponse(const Probe &probe, const QJsonObject &response)
{
    if (response.contains(QStringLiteral("error")))
        return "JSON-RPC error " + QJsonDocument(response.value(QStringLiteral("error")).toObject()).toJson(QJsonDocument::Compact).toStdString();
    const QJsonObject result = response.value(QStringLiteral("result")).toObject();
    if (probe.method == QLatin1String("tools/list")) {
        QStringList names;
        for (const QJsonValue &tool : result.value(QStringLiteral("tools")).toArray())
            names << tool.toObject().value(QStringLiteral("name")).toString();
        for (const char *name : {"teamai_status", "teamai_commands", "teamai_command", "teamai_command_output", "teamai_disable_remote_commands"})
            if (!names.contains(QLatin1String(name)))
                return std::string("tools/list lacks ") + name;
        return {};
    }
    if (result.value(QStringLiteral("isError")).toBool() != probe.expectError) {
        const QString text = contentText(result);
        return std::string(probe.expectError ? "expected a tool error, got a result: " : "tool error: ") + text.left(200).toStdString();
    }
    return {};
}

/// What a result held, for the table: the commands' count, or the tool error's first words.
std::string resultNote(const QJsonObject &response)
{
    const QJsonObject result = response.value(QStringLiteral("result")).toObject();
    if (result.value(QStringLiteral("isError")).toBool())
        return "isError: " + contentText(result).left(60).toStdString();
    const QJsonObject structured = result.value(QStringLiteral("structuredContent")).toObject();
    if (structured.contains(QStringLiteral("count")))
        return std::to_string(structured.value(QStringLiteral("count")).toInt()) + " commands";
    if (result.contains(QStringLiteral("tools")))
        return std::to_string(result.value(QStringLiteral("tools")).toArray().size()) + " tools";
    return std::to_string(QJsonDocument(response).toJson(QJsonDocument::Compact).size()) + " bytes";
}

/// Times per row, in the order rows first appeared.
struct Table {
    std::vector<std::string> keys;
    std::map<std::string, std::string> labels, notes;
    std::map<std::string, std::vector<double>> ms;

    void add(const std::string &key, const std::string &label, double value, const std::string &note)
    {
        if (!ms.count(key)) {
            keys.push_back(key);
            labels[key] = label;
            notes[key] = note;
        }
        ms[key].push_back(value);
    }
};

struct Session {
    Server server;
    int nextId = 1;
};

/// Spawns a server and initializes it; the spawn-to-response time in @p ms.
std::optional<Session> startSession(const Options &options, double *ms, std::string *error)
{
    const Clock::time_point start = Clock::now();
    std::optional<Server> server = spawnServer(options);
    if (!server) {
        *error = "cannot spawn " + options.teamai;
        return std::nullopt;
    }
    Session session{*server, 2};
    const QJsonObject params{{QStringLiteral("protocolVersion"), QStringLiteral("2025-06-18")},
                             {QStringLiteral("capabilities"), QJsonObject{}},
                             {QStringLiteral("clientInfo"), QJsonObject{{QStringLiteral("name"), QStringLiteral("bench_mcp")},
                                                                        {QStringLiteral("version"), QStringLiteral("1")}}}};
    const bool sent = sendLine(session.server, request(1, QStringLiteral("initialize"), params));
    const std::optional<QJsonObject> response = sent ? readResponse(session.server, 1) : std::nullopt;
    *ms = msSince(start);
    const QString revision = response ? response->value(QStringLiteral("result")).toObject().value(QStringLiteral("protocolVersion")).toString() : QString();
    if (revision != QLatin1String("2025-06-18")) {
        *error = response ? "initialize answered protocolVersion \"" + revision.toStdString() + "\"" : "no answer to initialize";
        closeAndWait(session.server);
        return std::nullopt;
    }
    sendLine(session.server, QJsonObject{{QStringLiteral("jsonrpc"), QStringLiteral("2.0")},
                                         {QStringLiteral("method"), QStringLiteral("notifications/initialized")}});
    return session;
}

/// Sends @p probe, times it, checks the answer; the response, or nullopt with @p error set.
std::optional<QJsonObject> timeProbe(Session &session, const Probe &probe, Table &table, std::string *error)
{
    const int id = session.nextId++;
    const Clock::time_point start = Clock::now();
    const bool sent = sendLine(session.server, request(id, probe.method, probe.params));
    const std::optional<QJsonObject> response = sent ? readResponse(session.server, id) : std::nullopt;
    const double ms = msSince(start);
    if (!response) {
        *error = probe.label + ": no answer";
        return std::nullopt;
    }
    if (const std::string wrong = checkResponse(probe, *response); !wrong.empty()) {
        *error = probe.label + ": " + wrong;
        return std::nullopt;
    }
    table.add(probe.key, probe.label, ms, resultNote(*response));
    return response;
}

/// The first command id in a teamai_commands response, or 0.
qint64 firstCommandId(const QJsonObject &response)
{
    const QJsonArray commands = response.value(QStringLiteral("result")).toObject().value(QStringLiteral("structuredContent"))
                                    .toObject().value(QStringLiteral("commands")).toArray();
    return commands.isEmpty() ? 0 : commands.first().toObject().value(QStringLiteral("id")).toInteger();
}

/// One run: a fresh server, initialize, every probe, stdin closed, exit 0.
bool measureRun(const Options &options, Table &table, qint64 *existingId, std::string *error)
{
    double initMs = 0;
    std::optional<Session> session = startSession(options, &initMs, error);
    if (!session)
        return false;
    table.add("initialize", "initialize, spawn to response", initMs, "protocolVersion 2025-06-18");
    bool ok = true;
    for (const Probe &probe : listProbes()) {
        const std::optional<QJsonObject> response = timeProbe(*session, probe, table, error);
        ok = ok && response;
        if (!response)
            break;
        if (probe.key == "commands" && *existingId == 0)
            *existingId = firstCommandId(*response);
    }
    if (ok && *existingId == 0) {
        *error = "teamai_commands listed no command: the ledger is empty (run bench_ledger first)";
        ok = false;
    }
    for (const Probe &probe : ok ? idProbes(*existingId, options.outputId) : std::vector<Probe>{}) {
        if (!timeProbe(*session, probe, table, error)) {
            ok = false;
            break;
        }
    }
    const int status = closeAndWait(session->server);
    if (ok && status != 0) {
        *error = "after stdin closed the server exited with " + std::to_string(status) + " (-1: not within 5 s, killed)";
        ok = false;
    }
    return ok;
}

} // namespace

namespace {

/// CPU used so far by a process: utime + stime in clock ticks (/proc/PID/stat, all threads), and
/// the sum of its threads' schedstat run time (ns) and run count (-1 when schedstat is missing).
struct CpuSample {
    long long ticks = -1;
    long long runNs = -1;
    long long runs = -1;
};

CpuSample sampleCpu(pid_t pid)
{
    CpuSample sample;
    std::ifstream stat("/proc/" + std::to_string(pid) + "/stat");
    std::string all((std::istreambuf_iterator<char>(stat)), std::istreambuf_iterator<char>());
    const size_t paren = all.rfind(')');
    if (paren != std::string::npos) {
        std::istringstream fields(all.substr(paren + 2));  // from field 3 (state) on
        std::vector<std::string> f((std::istream_iterator<std::string>(fields)), std::istream_iterator<std::string>());
        if (f.size() > 12)
            sample.ticks = std::stoll(f[11]) + std::stoll(f[12]);  // fields 14 and 15
    }
    const std::string tasks = "/proc/" + std::to_string(pid) + "/task";
    if (DIR *dir = ::opendir(tasks.c_str())) {
        while (const dirent *entry = ::readdir(dir)) {
            if (entry->d_name[0] == '.')
                continue;
            std::ifstream schedstat(tasks + "/" + entry->d_name + "/schedstat");
            long long runNs = 0, waitNs = 0, runs = 0;
            if (schedstat >> runNs >> waitNs >> runs) {
                sample.runNs = std::max(0LL, sample.runNs) + runNs;
                sample.runs = std::max(0LL, sample.runs) + runs;
            }
        }
        ::closedir(dir);
    }
    return sample;
}

int threadCount(pid_t pid)
{
    std::ifstream status("/proc/" + std::to_string(pid) + "/status");
    std::string line;
    while (std::getline(status, line))
        if (line.rfind("Threads:", 0) == 0)
            return std::atoi(line.c_str() + 8);
    return -1;
}

struct IdleResult {
    double percent = -1;
    std::string detail;
    int exitStatus = -1;
};

/// A server left idle after initialize and one teamai_status call.
std::optional<IdleResult> measureIdle(const Options &options, std::string *error)
{
    double initMs = 0;
    std::optional<Session> session = startSession(options, &initMs, error);
    if (!session)
        return std::nullopt;
    Table scratch;
    if (!timeProbe(*session, listProbes()[1], scratch, error)) {
        closeAndWait(session->server);
        return std::nullopt;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(200));  // let the answer's write settle
    const pid_t pid = session->server.pid;
    const CpuSample before = sampleCpu(pid);
    std::this_thread::sleep_for(std::chrono::seconds(options.idleSeconds));
    const CpuSample after = sampleCpu(pid);
    const int threads = threadCount(pid);
    IdleResult idle;
    const long hz = ::sysconf(_SC_CLK_TCK);
    const long long ticks = after.ticks - before.ticks;
    idle.percent = 100.0 * double(ticks) / double(hz * options.idleSeconds);
    char detail[256];
    std::snprintf(detail, sizeof detail, "%lld ticks (1/%ld s) of utime+stime in %d s; schedstat: %.3f ms on CPU, scheduled %lld times; %d thread(s)",
                  ticks, hz, options.idleSeconds, after.runNs < 0 ? -1.0 : double(after.runNs - before.runNs) / 1e6,
                  after.runs < 0 ? -1 : after.runs - before.runs, threads);
    idle.detail = detail;
    idle.exitStatus = closeAndWait(session->server);
    return idle;
}

double median(std::vector<double> values)
{
    std::sort(values.begin(), values.end());
    const size_t n = values.size();
    return n % 2 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2;
}

void printTable(const Table &table, const Options &options, FILE *tsv)
{
    std::printf("%-58s %10s %10s  %s\n", "row", "median ms", "max ms", "result");
    for (const std::string &key : table.keys) {
        const std::vector<double> &values = table.ms.at(key);
        const double mid = median(values), top = *std::max_element(values.begin(), values.end());
        std::printf("%-58s %10.2f %10.2f  %s\n", table.labels.at(key).c_str(), mid, top, table.notes.at(key).c_str());
        if (tsv)
            std::fprintf(tsv, "%s\t%.3f\t%.3f\t%zu\t%s\t%s\n", key.c_str(), mid, top, values.size(), table.labels.at(key).c_str(),
                         table.notes.at(key).c_str());
    }
    std::printf("(%d runs, a fresh `teamai mcp --tool claude` each; HOME=%s)\n", options.runs, options.home.c_str());
}

bool parseOptions(int argc, char **argv, Options *options)
{
    std::vector<std::string> positional;
    for (int i = 1; i < argc; ++i) {
        const std::string arg = argv[i];
        const bool hasValue = i + 1 < argc;
        if (arg == "--idle-seconds" && hasValue)
            options->idleSeconds = std::atoi(argv[++i]);
        else if (arg == "--existing-id" && hasValue)
            options->existingId = std::atoll(argv[++i]);
        else if (arg == "--output-id" && hasValue)
            options->outputId = std::atoll(argv[++i]);
        else if (arg == "--tsv" && hasValue)
            options->tsv = argv[++i];
        else if (arg.rfind("--", 0) == 0)
            return false;
        else
            positional.push_back(arg);
    }
    if (positional.size() != 3)
        return false;
    options->teamai = positional[0];
    options->home = positional[1];
    options->runs = std::atoi(positional[2].c_str());
    return options->teamai.rfind('/', 0) == 0 && options->runs >= 1 && options->idleSeconds >= 1;
}

} // namespace

int main(int argc, char **argv)
{
    Options options;
    if (!parseOptions(argc, argv, &options)) {
        std::fprintf(stderr, "usage: bench_mcp /ABS/teamai HOME RUNS [--idle-seconds S] [--existing-id N] [--output-id N] [--tsv FILE]\n");
        return 2;
    }
    std::signal(SIGPIPE, SIG_IGN);  // a server that died is an error to report, not a crash
    Table table;
    qint64 existingId = options.existingId;
    std::string error;
    for (int run = 0; run < options.runs; ++run) {
        if (!measureRun(options, table, &existingId, &error)) {
            std::fprintf(stderr, "bench_mcp: run %d: %s\n", run + 1, error.c_str());
            return 1;
        }
    }
    FILE *tsv = options.tsv.empty() ? nullptr : std::fopen(options.tsv.c_str(), "w");
    printTable(table, options, tsv);
    const std::optional<IdleResult> idle = measureIdle(options, &error);
    if (!idle) {
        std::fprintf(stderr, "bench_mcp: idle server: %s\n", error.c_str());
        return 1;
    }
    std::printf("idle CPU over %d s: %.2f %% (%s)\n", options.idleSeconds, idle->percent, idle->detail.c_str());
    std::printf("exit status after stdin closed: %d (and 0 in each of the %d runs)\n", idle->exitStatus, options.runs);
    if (tsv) {
        std::fprintf(tsv, "idle_cpu\t%.3f\t%.3f\t1\tidle CPU %% over %d s\t%s\n", idle->percent, idle->percent, options.idleSeconds, idle->detail.c_str());
        std::fclose(tsv);
    }
    return idle->exitStatus == 0 ? 0 : 1;
}
