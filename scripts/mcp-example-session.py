#!/usr/bin/env python3
"""Replays the docs/mcp.md example session against a throwaway devserver and HOME (127.0.0.1 only)
and prints it as the page shows it. Usage: scripts/mcp-example-session.py [PROJECT_ROOT] (built in build/)."""
import json, os, re, shutil, subprocess, sys, time, urllib.request, tempfile, signal

ROOT = sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
B = ROOT + "/build/app"
TEAMAI = B + "/teamai/teamai"
home = tempfile.mkdtemp(prefix="mcpdemo-")
env = dict(os.environ, HOME=home, TEAMAI_HOME=home + "/.teamai")
env.pop("TEAMAI_TOKEN", None)

dev = subprocess.Popen([B + "/teamai-devserver/teamai-devserver", "--quiet", "--queue",
                        ROOT + "/resources/devserver/sample-queue.json"],
                       stdout=subprocess.PIPE, text=True)
admin = dev.stdout.readline().split(": ")[1].strip()
url = dev.stdout.readline().split(" on ")[1].strip()

def adm(path, body):
    req = urllib.request.Request(url + path, data=json.dumps(body).encode(), method="POST",
                                 headers={"X-Admin-Token": admin, "Content-Type": "application/json"})
    return urllib.request.urlopen(req).read()

def run(*args):
    return subprocess.run([TEAMAI, *args], env=env, capture_output=True, text=True)

def render(s):
    """Request lines as sent; each answer as its text rendering plus structuredContent's keys."""
    home = re.search(r'/tmp/mcpdemo-[a-z0-9_]+', json.dumps(s)).group(0)
    port = re.search(r'Backend: http://127\.0\.0\.1:(\d+)', json.dumps(s)).group(1)
    def clean(t):
        return t.replace(home, '~').replace('127.0.0.1:' + port, '127.0.0.1:8787')
    def brief(v, depth=0):
        if isinstance(v, dict):
            if depth >= 1:
                return '{' + ', '.join(v.keys()) + '}'
            return '{' + ', '.join(f'"{k}": {brief(x, depth+1)}' for k, x in v.items()) + '}'
        if isinstance(v, list):
            return f'[{len(v)} item(s)]' if v else '[]'
        return json.dumps(v, ensure_ascii=False)
    out = []
    for x in s:
        if isinstance(x, str):
            out.append(clean(x)); continue
        a = x[1]
        if 'error' in a:
            out.append('< ' + clean(json.dumps(a, ensure_ascii=False, separators=(',', ':')))); continue
        r = a['result']
        if 'content' not in r:
            out.append('< ' + clean(json.dumps(a, ensure_ascii=False, separators=(',', ':')))); continue
        flag = ' (isError)' if r.get('isError') else ''
        out.append(f'< result {a["id"]}{flag}, text:')
        for line in clean(r['content'][0]['text']).split('\n'):
            out.append('    ' + line)
        if 'structuredContent' in r:
            out.append('  structuredContent: ' + clean(brief(r['structuredContent'])))
    return '\n'.join(out)


try:
    os.makedirs(home + "/.claude", exist_ok=True)
    r = run("init", "--http", url, "--token", "dev-token", "--token-store", "file", "--agents", "claude", "--mcp")
    if r.returncode != 0:
        sys.exit("teamai init failed: " + r.stderr)
    for _ in range(2):
        run("sync", "--tool", "claude")
    adm("/admin/commands", [{"id": 10, "type": "install_skill", "skill_slug": "code-review",
        "download_url": url + "/download/skill/code-review.zip?name=Code%20Review&version=1.2"}])
    run("sync", "--tool", "claude")
    adm("/admin/faults", {"route": "getConfig", "delayMs": 6000, "times": 1})
    adm("/admin/commands", [{"id": 11, "type": "cmd", "cmd": "teamai doctor"}])
    worker = subprocess.Popen([TEAMAI, "worker", "--tool", "claude"], env=env,
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    time.sleep(2.5)
    mcp = subprocess.Popen([TEAMAI, "mcp", "--tool", "claude"], env=env, stdin=subprocess.PIPE,
                           stdout=subprocess.PIPE, text=True)
    today = time.strftime("%Y-%m-%dT00:00:00Z", time.gmtime())
    msgs = [
        {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"protocolVersion": "2025-06-18",
         "capabilities": {}, "clientInfo": {"name": "claude-code", "version": "2.0"}}},
        {"jsonrpc": "2.0", "method": "notifications/initialized"},
        {"jsonrpc": "2.0", "id": 2, "method": "tools/call", "params": {"name": "teamai_commands", "arguments": {"since": today}}},
        {"jsonrpc": "2.0", "id": 3, "method": "tools/call", "params": {"name": "teamai_command", "arguments": {"id": 10}}},
        {"jsonrpc": "2.0", "id": 4, "method": "tools/call", "params": {"name": "teamai_command_output", "arguments": {"id": 11}}},
        {"jsonrpc": "2.0", "id": 5, "method": "tools/call", "params": {"name": "teamai_status", "arguments": {}}},
        {"jsonrpc": "2.0", "id": 6, "method": "tools/call", "params": {"name": "teamai_commands", "arguments": {"agent": "codex"}}},
        {"jsonrpc": "2.0", "id": 7, "method": "tools/call", "params": {"name": "teamai_disable_remote_commands", "arguments": {}}},
        {"jsonrpc": "2.0", "id": 8, "method": "tools/call", "params": {"name": "teamai_enable_remote_commands", "arguments": {}}},
    ]
    out = []
    for m in msgs:
        line = json.dumps(m, separators=(",", ":"))
        out.append("> " + line)
        mcp.stdin.write(line + "\n"); mcp.stdin.flush()
        if "id" not in m:
            continue
        ans = json.loads(mcp.stdout.readline())
        out.append(("<", ans))
    mcp.stdin.close(); mcp.wait(5)
    worker.wait(30)
    print(render(json.loads(json.dumps(out))))
finally:
    dev.send_signal(signal.SIGTERM); dev.wait(5)
    shutil.rmtree(home, ignore_errors=True)
