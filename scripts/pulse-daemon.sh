#!/bin/sh
# A private PulseAudio daemon with a null sink, for tests and CI (root, no sound card).
#
#   scripts/pulse-daemon.sh start DIR SINKNAME   start it; prints `export VAR=...` lines to eval
#   scripts/pulse-daemon.sh stop DIR             stop it (and its monitor keeper) by pid
#
# DIR is a fresh folder of the caller's (created, mode 0700) holding the socket, state, log
# and pids. After `start`, SINKNAME plays into nothing and SINKNAME.monitor records what was
# played. An idle null sink works in 2-second blocks, so `start` also keeps one 10 ms
# recording open on the monitor and waits 2.2 s before returning. Exit 0 on success; 3 if
# pulseaudio or pactl is missing or the daemon does not answer within 10 s.
set -eu

usage() { echo "usage: $0 start DIR SINKNAME | stop DIR" >&2; exit 2; }

environment() {
    dir=$1
    HOME=$dir XDG_RUNTIME_DIR=$dir PULSE_RUNTIME_PATH=$dir PULSE_STATE_PATH=$dir
    PULSE_SERVER=unix:$dir/native
    export HOME XDG_RUNTIME_DIR PULSE_RUNTIME_PATH PULSE_STATE_PATH PULSE_SERVER
}

start() {
    [ $# -eq 2 ] || usage
    mkdir -p "$1"
    dir=$(cd "$1" && pwd)
    sink=$2
    chmod 0700 "$dir"
    for tool in pulseaudio pactl pacat; do
        command -v "$tool" >/dev/null 2>&1 || { echo "pulse-daemon: $tool is not installed (apt-get install pulseaudio pulseaudio-utils)" >&2; exit 3; }
    done
    environment "$dir"
    pulseaudio -n --daemonize=no --exit-idle-time=-1 --realtime=no --high-priority=no \
        --log-target=file:"$dir/daemon.log" \
        -L "module-native-protocol-unix auth-anonymous=1 socket=$dir/native" \
        -L "module-null-sink sink_name=$sink" </dev/null >/dev/null 2>&1 &
    echo $! >"$dir/daemon.pid"
    tries=0
    until timeout 2 pactl info >/dev/null 2>&1; do
        tries=$((tries + 1))
        if [ $tries -ge 100 ] || ! kill -0 "$(cat "$dir/daemon.pid")" 2>/dev/null; then
            echo "pulse-daemon: the PulseAudio daemon did not answer within 10 s (see $dir/daemon.log)" >&2
            stop "$dir"
            exit 3
        fi
        sleep 0.1
    done
    pactl set-default-sink "$sink" >/dev/null 2>&1 || true
    pactl set-default-source "$sink.monitor" >/dev/null 2>&1 || true
    # Keep the null sink awake in small blocks (see REAL-PARTS.md).
    pacat --record --latency-msec=10 --device="$sink.monitor" >/dev/null 2>&1 </dev/null &
    echo $! >"$dir/keeper.pid"
    sleep 2.2
    for var in HOME XDG_RUNTIME_DIR PULSE_RUNTIME_PATH PULSE_STATE_PATH PULSE_SERVER; do
        eval "echo \"export $var='\$$var'\""
    done
}

stop_pid() {
    file=$1
    [ -f "$file" ] || return 0
    pid=$(cat "$file")
    if kill "$pid" 2>/dev/null; then
        n=0
        while kill -0 "$pid" 2>/dev/null && [ $n -lt 50 ]; do sleep 0.1; n=$((n + 1)); done
        kill -9 "$pid" 2>/dev/null || true
    fi
    rm -f "$file"
}

stop() {
    [ $# -eq 1 ] || usage
    stop_pid "$1/keeper.pid"
    stop_pid "$1/daemon.pid"
}

[ $# -ge 1 ] || usage
command=$1
shift
case $command in
    start) start "$@" ;;
    stop) stop "$@" ;;
    *) usage ;;
esac
