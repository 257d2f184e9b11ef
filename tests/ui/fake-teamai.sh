#!/bin/sh
# Stand-in for `teamai` in tst_syncworker: `history --limit N` (a form the pushed-command
# allowlist lets through) prints N lines 0.2 s apart (live output, cancelling); anything else
# echoes its arguments.
case "$1" in
    history)
        i=1
        while [ "$i" -le "${3:-5}" ]; do
            echo "line $i"
            i=$((i + 1))
            sleep 0.2
        done
        echo "finished" >&2
        ;;
    *)
        echo "fake teamai $*"
        ;;
esac
