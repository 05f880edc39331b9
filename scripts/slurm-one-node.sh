#!/usr/bin/env bash
# A throwaway one-node Slurm cluster on this machine, for trying scripts/slurm-array.sh and for the
# project's Slurm test: its own munge key and munged, a minimal slurm.conf naming this host,
# slurmctld and slurmd as daemons (proctrack/linuxproc, no cgroups, no accounting database; job
# completions are logged to DIR/log/jobcomp.txt). Everything lives in DIR; /etc is not touched.
#
#   scripts/slurm-one-node.sh start DIR   # installs slurm-wlm and munge (Debian) if missing, as root
#   export SLURM_CONF=DIR/slurm.conf      # then sbatch, squeue, sinfo talk to it
#   scripts/slurm-one-node.sh stop DIR    # stops the daemons it started
#
# Runs as root (the daemons run as root, SlurmUser=root).
set -euo pipefail
usage() { echo "usage: $0 start|stop DIR" >&2; exit 2; }
[ $# -eq 2 ] || usage
dir=$(realpath -m "$2")

stop() {
  local name pid
  for name in slurmd slurmctld munged; do
    [ -f "$dir/run/$name.pid" ] || continue
    pid=$(cat "$dir/run/$name.pid")
    kill "$pid" 2>/dev/null || true
    for _ in $(seq 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
    kill -9 "$pid" 2>/dev/null || true
    rm -f "$dir/run/$name.pid"
  done
}

free_port() {
  python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}

start() {
  if ! command -v slurmctld >/dev/null || ! command -v slurmd >/dev/null || ! command -v munged >/dev/null; then
    [ "$(id -u)" = 0 ] || { echo "$0: Slurm is not installed; as root: apt-get install -y slurm-wlm munge" >&2; exit 1; }
    echo "$0: installing slurm-wlm and munge" >&2
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq slurm-wlm munge >&2
  fi
  [ "$(id -u)" = 0 ] || { echo "$0: the one-node cluster runs its daemons as root" >&2; exit 1; }
  mkdir -p "$dir"/{run,log,state,spool,munge}
  chmod 700 "$dir/munge" "$dir/run"
  head -c 1024 /dev/urandom > "$dir/munge/munge.key"
  chmod 400 "$dir/munge/munge.key"
  munged --force --key-file="$dir/munge/munge.key" --socket="$dir/run/munge.socket" \
    --pid-file="$dir/run/munged.pid" --log-file="$dir/log/munged.log" --seed-file="$dir/munge/munged.seed"

  local host cpus ctld_port d_port
  host=$(hostname -s)
  cpus=$(nproc)
  ctld_port=$(free_port)
  d_port=$(free_port)
  cat > "$dir/slurm.conf" <<CONF
ClusterName=cryptorder-one-node
SlurmctldHost=$host
SlurmctldPort=$ctld_port
SlurmdPort=$d_port
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$dir/run/munge.socket
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
MpiDefault=none
SwitchType=switch/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/filetxt
JobCompLoc=$dir/log/jobcomp.txt
SchedulerType=sched/backfill
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
ReturnToService=2
StateSaveLocation=$dir/state
SlurmdSpoolDir=$dir/spool
SlurmctldPidFile=$dir/run/slurmctld.pid
SlurmdPidFile=$dir/run/slurmd.pid
SlurmctldLogFile=$dir/log/slurmctld.log
SlurmdLogFile=$dir/log/slurmd.log
NodeName=$host CPUs=$cpus State=UNKNOWN
PartitionName=one Nodes=$host Default=YES MaxTime=INFINITE State=UP
CONF
  export SLURM_CONF="$dir/slurm.conf"
  slurmctld -i -f "$SLURM_CONF"
  slurmd -f "$SLURM_CONF"
  local state=""
  for _ in $(seq 120); do
    state=$(sinfo -h -n "$host" -o %T 2>/dev/null || true)
    case $state in idle*|mixed*|allocated*) echo "$0: one-node cluster up: export SLURM_CONF=$SLURM_CONF"; return 0;; esac
    sleep 0.5
  done
  echo "$0: the node did not come up (state: ${state:-none}); see $dir/log" >&2
  tail -n 5 "$dir"/log/*.log >&2 || true
  stop
  exit 1
}

case $1 in
  start) start ;;
  stop) stop ;;
  *) usage ;;
esac
