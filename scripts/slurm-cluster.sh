#!/usr/bin/env bash
# A real one-node Slurm cluster in a folder of its own, for tests and for trying the farm
# recipes on one machine (docs/farm.md). /etc/slurm is never touched.
#   scripts/slurm-cluster.sh start DIR   starts munged, slurmctld and slurmd; prints
#                                        `export SLURM_CONF=…` once the node is idle
#   scripts/slurm-cluster.sh stop DIR    stops them by their pids (and any job still running)
# Needs the Debian packages slurmctld slurmd slurm-client munge (scripts/install-deps.sh test).
set -euo pipefail

command="${1:-}"; dir="${2:-}"
if [[ -z "$command" || -z "$dir" ]]; then echo "usage: $0 start|stop DIR" >&2; exit 2; fi

stop() {
    local conf="$dir/slurm.conf"
    if [[ -f "$conf" ]] && command -v scancel >/dev/null; then SLURM_CONF="$conf" timeout 5 scancel --full --quiet -u root 2>/dev/null || true; fi
    for name in slurmd slurmctld munged; do
        local pidfile="$dir/$name.pid"
        [[ -f "$pidfile" ]] || continue
        local pid; pid="$(cat "$pidfile")"
        if [[ -n "$pid" ]] && kill -0 "$pid" 2>/dev/null; then
            kill "$pid" 2>/dev/null || true
            for _ in $(seq 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
            kill -9 "$pid" 2>/dev/null || true
        fi
        rm -f "$pidfile"
    done
}

if [[ "$command" == "stop" ]]; then stop; exit 0; fi
if [[ "$command" != "start" ]]; then echo "usage: $0 start|stop DIR" >&2; exit 2; fi

for program in munged slurmctld slurmd sinfo; do
    if ! command -v "$program" >/dev/null && [[ ! -x "/usr/sbin/$program" ]]; then
        echo "slurm-cluster: $program is missing; install slurmctld slurmd slurm-client munge (scripts/install-deps.sh test)" >&2
        exit 3
    fi
done
export PATH="$PATH:/usr/sbin"
mkdir -p "$dir"/{state,spool,log,munge}
dir="$(cd "$dir" && pwd)"
chmod 755 "$dir" "$dir/munge"   # munged refuses a socket folder others cannot enter
trap 'echo "slurm-cluster: did not start; see $dir/log" >&2; stop' ERR

free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }
ctld_port="$(free_port)"; node_port="$(free_port)"
while [[ "$node_port" == "$ctld_port" ]]; do node_port="$(free_port)"; done

head -c 1024 /dev/urandom > "$dir/munge/munge.key"
chmod 400 "$dir/munge/munge.key"
munged --key-file="$dir/munge/munge.key" --socket="$dir/munge/munge.socket" --pid-file="$dir/munged.pid" \
       --log-file="$dir/log/munged.log" --seed-file="$dir/munge/seed" --force

node="$(slurmd -C | head -1 | sed -e 's/ UpTime.*//')"
name="$(echo "$node" | sed -e 's/^NodeName=\([^ ]*\).*/\1/')"
cat > "$dir/slurm.conf" <<CONF
ClusterName=aria
SlurmctldHost=$name(127.0.0.1)
SlurmctldPort=$ctld_port
SlurmdPort=$node_port
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
AuthInfo=socket=$dir/munge/munge.socket
CredType=cred/munge
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
AccountingStorageType=accounting_storage/none
JobAcctGatherType=jobacct_gather/none
JobCompType=jobcomp/none
MailProg=/bin/true
ReturnToService=2
StateSaveLocation=$dir/state
SlurmdSpoolDir=$dir/spool
SlurmctldPidFile=$dir/slurmctld.pid
SlurmdPidFile=$dir/slurmd.pid
SlurmctldLogFile=$dir/log/slurmctld.log
SlurmdLogFile=$dir/log/slurmd.log
$node NodeAddr=127.0.0.1 State=UNKNOWN
PartitionName=farm Nodes=$name Default=YES MaxTime=INFINITE State=UP
CONF

export SLURM_CONF="$dir/slurm.conf"
slurmctld -D -i -f "$SLURM_CONF" >"$dir/log/slurmctld.out" 2>&1 &
echo $! > "$dir/slurmctld.pid"
slurmd -D -f "$SLURM_CONF" >"$dir/log/slurmd.out" 2>&1 &
echo $! > "$dir/slurmd.pid"
for _ in $(seq 150); do
    if [[ "$(sinfo -h -o %T 2>/dev/null | head -1)" == "idle" ]]; then
        trap - ERR
        echo "export SLURM_CONF=$SLURM_CONF"
        exit 0
    fi
    sleep 0.1
done
echo "slurm-cluster: the node did not become idle in 15 s; see $dir/log" >&2
stop
exit 3
