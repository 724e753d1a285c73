#!/usr/bin/env bash
# Runs a command with a private PulseAudio daemon (null sink "aria_test") and an Xvfb
# screen, and stops both afterwards whatever the command's outcome. Tests that need them
# read PULSE_SERVER / ARIA_TEST_SINK and DISPLAY; a daemon that cannot start is reported
# and its variables left unset, so those tests fail with a clear message.
set -uo pipefail

root="$(cd "$(dirname "$0")/.." && pwd)"
state="$(mktemp -d /tmp/aria-daemons.XXXXXX)"
xvfb_pid=""

cleanup() {
    if [[ -x "$root/scripts/pulse-daemon.sh" ]]; then "$root/scripts/pulse-daemon.sh" stop "$state/pulse" >/dev/null 2>&1 || true; fi
    if [[ -n "$xvfb_pid" ]]; then kill "$xvfb_pid" 2>/dev/null || true; wait "$xvfb_pid" 2>/dev/null || true; fi
    rm -rf "$state"
}
trap cleanup EXIT INT TERM

if [[ -x "$root/scripts/pulse-daemon.sh" && -z "${PULSE_SERVER:-}" ]]; then
    if exports="$("$root/scripts/pulse-daemon.sh" start "$state/pulse" aria_test)"; then
        eval "$exports"
    else
        echo "with-daemons: PulseAudio did not start; audio tests will say so" >&2
    fi
fi

if command -v Xvfb >/dev/null 2>&1 && [[ -z "${DISPLAY:-}" ]]; then
    for display in $(seq 91 99); do
        if [[ ! -e "/tmp/.X11-unix/X$display" && ! -e "/tmp/.X$display-lock" ]]; then
            # -noreset: a server resetting as its last client leaves refuses the next one for a moment.
            Xvfb ":$display" -screen 0 1280x720x24 -nolisten tcp -noreset >"$state/xvfb.log" 2>&1 &
            xvfb_pid=$!
            for _ in $(seq 1 50); do
                [[ -e "/tmp/.X11-unix/X$display" ]] && break
                sleep 0.1
            done
            export DISPLAY=":$display"
            break
        fi
    done
fi

"$@"
