#!/usr/bin/env bash
# scripts/run.sh twice (issue 16 item 8): the demo's output is the same on every run once times,
# ports and the throw-away folder are masked — in particular a sync after a hook does not race the
# hook's detached worker (no "already succeeded earlier", no duplicate acks). Its output is not a
# terminal here, so it must hold no escape codes; what it is doing (the build) goes to stderr.
set -euo pipefail
cd "$(dirname "$0")/../.."
work=$(mktemp -d "${TMPDIR:-/tmp}/teamai-run-demo.XXXXXX")
trap 'rm -rf "$work"' EXIT
fail() { echo "run-demo-twice: FAIL: $*" >&2; exit 1; }

# Times (ISO and "YYYY-MM-DD HH:MM:SS"), durations, ports and the mktemp folders vary by run.
mask() {
    sed -E -e 's#/tmp/tmp\.[A-Za-z0-9]+#<HOME>#g' \
           -e 's#127\.0\.0\.1:[0-9]+#127.0.0.1:<PORT>#g' \
           -e 's#[0-9]{4}-[0-9]{2}-[0-9]{2}[T ][0-9]{2}:[0-9]{2}:[0-9]{2}(\.[0-9]+)?Z?#<TIME>#g' \
           -e 's#[0-9]+ ms\b#<N> ms#g'
}

for run in 1 2; do
    status=0
    scripts/run.sh >"$work/out$run" 2>"$work/err$run" </dev/null || status=$?
    [ "$status" -eq 0 ] || { cat "$work/err$run" >&2; fail "run $run of scripts/run.sh exited $status"; }
    mask <"$work/out$run" >"$work/masked$run"
done

if grep -l $'\033' "$work/out1" "$work/err1" "$work/out2" "$work/err2"; then
    fail "escape codes in output that is not a terminal (files above)"
fi
grep -q '^run.sh: .*teamai and the development backend' "$work/err1" || fail "no build step line on stderr: $(cat "$work/err1")"
if grep -Eq 'already (succeeded|failed|rejected) earlier|in another agent process' "$work/out1" "$work/out2"; then
    grep -En 'already (succeeded|failed|rejected) earlier|in another agent process' "$work/out1" "$work/out2" >&2
    fail "a sync raced the hook's worker for the same commands"
fi
# Each command acknowledged once: the acks the backend received, by id.
duplicates=$(sed -n '/^== Acknowledgements the backend received/,/^== /p' "$work/out1" | grep -o '"id":[0-9]*' | sort | uniq -d)
[ -z "$duplicates" ] || fail "the backend received more than one ack for: $duplicates"
diff -u "$work/masked1" "$work/masked2" >&2 || fail "the two runs printed different things (diff above)"
echo "run-demo-twice: both runs printed the same $(wc -l <"$work/masked1") lines; no escape codes; one ack per command"
