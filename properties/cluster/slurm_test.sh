#!/usr/bin/env bash
# `./boa measure --slurm` on a real Slurm (issue 53; a step of .ci/run, README § Measuring at
# scale): starts a one-node cluster on this machine from Debian's slurm-wlm and munge (munged,
# slurmctld, slurmd; proctrack/linuxproc, task/none, every file in one scratch folder), then
#   1. submits a small σ measurement as 4 shards plus the merge (afterok on the array), waits, and
#      compares the merged record with the unsharded run's, byte for byte;
#   2. submits 2 shards held, cancels shard 1, releases shard 0: the merge job never runs (its
#      dependency cannot be met) and a merge of the parts by hand refuses, naming shard 1/2;
#   3. submits a small report (`./boa measure report`) as 3 shards plus the merge and compares the
#      folder with the unsharded run's: every file byte for byte but the timing fields;
# and stops the daemons it started by their pid files. Needs root (the daemons run as root) and
# the built boa program (BOA_PROGRAM, default build/reports/boa).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
export BOA_PROGRAM="${BOA_PROGRAM:-$root/build/reports/boa}"
say() { printf 'slurm_test: %s\n' "$*" >&2; }
fail() { say "FAIL: $*"; exit 1; }
[ "$(id -u)" -eq 0 ] || fail "run as root: the test starts munged, slurmctld and slurmd"
[ -x "$BOA_PROGRAM" ] || fail "no built boa program at $BOA_PROGRAM (./boa test builds it)"
for tool in munged mungekey slurmctld slurmd sbatch squeue scancel scontrol sinfo; do
  command -v "$tool" >/dev/null || fail "$tool is missing: apt-get install slurm-wlm munge"
done

tmp="$(mktemp -d /tmp/boa-slurm.XXXXXX)"
stop() {
  local pids=() pid_file
  for pid_file in "$tmp"/slurmd.pid "$tmp"/slurmctld.pid "$tmp"/munged.pid; do
    [ -f "$pid_file" ] && pids+=("$(cat "$pid_file")")
  done
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  # Wait (up to 10 s) until they are gone, so that their ports and files are free again.
  for _ in $(seq 100); do
    local alive=0
    for pid in "${pids[@]}"; do kill -0 "$pid" 2>/dev/null && alive=1; done
    [ "$alive" -eq 0 ] && break
    sleep 0.1
  done
  rm -rf "$tmp"
}
trap stop EXIT

# munge: its own key, socket and files.
mkdir -p "$tmp/munge" "$tmp/state" "$tmp/spool"
chmod 700 "$tmp/munge"
mungekey --create --keyfile "$tmp/munge/munge.key"
munged --force --socket "$tmp/munge/munge.socket" --key-file "$tmp/munge/munge.key" \
  --pid-file "$tmp/munged.pid" --log-file "$tmp/munged.log" --seed-file "$tmp/munge/munge.seed"

host="$(hostname -s)"
export SLURM_CONF="$tmp/slurm.conf"
cat >"$SLURM_CONF" <<EOF
ClusterName=boa-test
SlurmctldHost=$host
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
AuthInfo=socket=$tmp/munge/munge.socket
CredType=cred/munge
SlurmctldPort=16817
SlurmdPort=16818
StateSaveLocation=$tmp/state
SlurmdSpoolDir=$tmp/spool
SlurmctldPidFile=$tmp/slurmctld.pid
SlurmdPidFile=$tmp/slurmd.pid
SlurmctldLogFile=$tmp/slurmctld.log
SlurmdLogFile=$tmp/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
MpiDefault=none
ReturnToService=2
SchedulerType=sched/builtin
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
JobCompType=jobcomp/none
AccountingStorageType=accounting_storage/none
NodeName=$host CPUs=$(nproc) State=UNKNOWN
PartitionName=test Nodes=ALL Default=YES MaxTime=INFINITE State=UP
EOF
slurmctld -i
slurmd
for _ in $(seq 60); do
  sinfo -h -o '%T' 2>/dev/null | grep -qx idle && break
  sleep 1
done
sinfo -h -o '%T' | grep -qx idle || fail "the node never came up idle: $(tail -5 "$tmp"/slurm*.log)"
say "cluster up ($host, $(nproc) CPUs) in $SECONDS s"

# Waits until no job of this test is in the queue (at most 300 s).
drain() {
  for _ in $(seq 300); do
    [ -z "$(squeue -h -o %i)" ] && return 0
    # A shard failed: its merge can never run, so say so now, with the shards' logs.
    squeue -h -o %r | grep -q DependencyNeverSatisfied &&
      fail "a shard failed: $(tail -n 20 "$tmp"/parts*/*.log 2>/dev/null)"
    sleep 1
  done
  fail "jobs still queued after 300 s: $(squeue; tail -n 20 "$tmp"/parts*/*.log 2>/dev/null)"
}

sigma="$root/theory/claims/records/sigma.csv"
run=(--claims 'magen24.snr.threshold_sa,magen24.snr.threshold_sb' --replicates 2 --jobs 1)
cp "$sigma" "$tmp/whole.csv"
cp "$sigma" "$tmp/sharded.csv"
"$root/boa" measure sigma "${run[@]}" --record "$tmp/whole.csv"

# 1. Four shards and the merge, submitted by boa.
"$root/boa" measure sigma "${run[@]}" --record "$tmp/sharded.csv" --slurm 4 --parts "$tmp/parts4" \
  --submit
drain
for k in 0 1 2 3; do
  [ -f "$tmp/parts4/part-$k.json" ] || fail "shard $k/4 wrote no part: $(cat "$tmp/parts4/shard-$k.log")"
done
cmp -s "$tmp/whole.csv" "$tmp/sharded.csv" ||
  fail "the merged record differs from the unsharded one: $(diff "$tmp/whole.csv" "$tmp/sharded.csv"; cat "$tmp/parts4/merge.log")"
say "4 shards + merge on Slurm: the record is the unsharded run's, byte for byte"

# 2. A cancelled shard: the merge never runs, and a merge by hand refuses.
cp "$sigma" "$tmp/cancelled.csv"
"$root/boa" measure sigma "${run[@]}" --record "$tmp/cancelled.csv" --slurm 2 --parts "$tmp/parts2" \
  >/dev/null
array="$(sbatch --parsable --hold "$tmp/parts2/shards.sbatch" | cut -d';' -f1)"
merge="$(sbatch --parsable --dependency="afterok:$array" "$tmp/parts2/merge.sbatch" | cut -d';' -f1)"
scancel "${array}_1"
scontrol release "$array"
for _ in $(seq 300); do
  squeue -h -j "$array" -o %i 2>/dev/null | grep -q . || break
  sleep 1
done
[ -f "$tmp/parts2/part-0.json" ] || fail "shard 0/2 wrote no part: $(cat "$tmp/parts2/shard-0.log")"
[ ! -f "$tmp/parts2/part-1.json" ] || fail "the cancelled shard 1/2 wrote a part"
reason="$(squeue -h -j "$merge" -o %r 2>/dev/null || true)"
[ ! -f "$tmp/parts2/merge.log" ] || fail "the merge ran after a cancelled shard: $(cat "$tmp/parts2/merge.log")"
scancel "$merge" 2>/dev/null || true
cmp -s "$sigma" "$tmp/cancelled.csv" || fail "the record changed although a shard was cancelled"
if out="$("$root/boa" measure merge "$tmp"/parts2/part-*.json --record "$tmp/cancelled.csv" 2>&1)"; then
  fail "a merge without shard 1/2 succeeded"
fi
grep -q 'shards missing: 1/2' <<<"$out" || fail "the merge did not name the missing shard: $out"
cmp -s "$sigma" "$tmp/cancelled.csv" || fail "a refused merge wrote the record"
say "a cancelled shard: the merge job did not run (${reason:-gone}), a merge by hand refused"

# 3. A report in 3 shards and the merge (one claim with cells, one figure).
report=(--budget quick --claims 'magen24.maxmargin.gd_weight_decay_*' --figures growth_function)
"$root/boa" measure report "${report[@]}" --record "$tmp/report-whole" 2>/dev/null
"$root/boa" measure report "${report[@]}" --record "$tmp/report-sharded" --slurm 3 \
  --parts "$tmp/parts-report" --submit
drain
[ -f "$tmp/report-sharded/REPORT.md" ] ||
  fail "the sharded report was not written: $(cat "$tmp"/parts-report/*.log)"
diff -r -x REPORT.md -x summary.json "$tmp/report-whole" "$tmp/report-sharded" >&2 ||
  fail "the sharded report's files differ from the unsharded one's"
untimed() { python3 -c 'import json, sys; s = json.load(open(sys.argv[1]))
print(json.dumps({k: v for k, v in s.items() if k not in ("seconds", "shards", "cost")}, sort_keys=True))' "$1"; }
[ "$(untimed "$tmp/report-whole/summary.json")" = "$(untimed "$tmp/report-sharded/summary.json")" ] ||
  fail "the sharded report's summary.json differs from the unsharded one's"
untimed_md() { sed -E 's/, [0-9.e+]+ s( measuring in [0-9]+ shards)?, SIMD target/, S, SIMD target/' "$1"; }
[ "$(untimed_md "$tmp/report-whole/REPORT.md")" = "$(untimed_md "$tmp/report-sharded/REPORT.md")" ] ||
  fail "the sharded report's REPORT.md differs from the unsharded one's beyond its timing"
say "a report in 3 shards + merge on Slurm: the unsharded report's files"
say "ok in $SECONDS s"
