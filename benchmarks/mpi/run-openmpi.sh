#!/usr/bin/env bash
# run-openmpi.sh: build ox4j_mpi_bench.c with mpicc and run it with Open MPI over TCP, for p = 2, 4, 8.
#
#   benchmarks/mpi/run-openmpi.sh [--np "2 4 8"] [--sizes 8,65536,1048576,16777216] [--ops LIST]
#                                 [--csv FILE] [--max-seconds S] [--cluster]
#
# Prints CSV `collective,algorithm,p,bytes,median_s` (one header) on stdout and, with --csv, writes it
# to FILE too. Loopback (default): all ranks on this machine, `--oversubscribe --mca btl tcp,self`.
# --cluster: run inside the emulated cluster of integration-tests/cluster/ox-cluster (it must be up,
# with at least max(np) hosts): mpirun in the master namespace, one rank per host from the cluster's
# hostfile, orted started over the cluster's ssh, TCP on 10.77.0.0/24 only.
# When openmpi-bin/libopenmpi-dev are missing they are installed with apt-get (root only); otherwise
# the script prints why it cannot run and exits with status 77 (skipped).
set -euo pipefail

HERE=$(cd "$(dirname "$0")" && pwd)
OX4J_HOME=$(cd "$HERE/../.." && pwd)
NPS="2 4 8"
SIZES=8,65536,1048576,16777216
OPS=""
CSV=""
MAXSEC=8
CLUSTER=no
while [ $# -gt 0 ]; do
  case "$1" in
    --np) NPS=$2; shift 2 ;;
    --sizes) SIZES=$2; shift 2 ;;
    --ops) OPS=$2; shift 2 ;;
    --csv) CSV=$2; shift 2 ;;
    --max-seconds) MAXSEC=$2; shift 2 ;;
    --cluster) CLUSTER=yes; shift ;;
    -h|--help) sed -n '2,14p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "run-openmpi.sh: unknown option '$1'" >&2; exit 2 ;;
  esac
done

skip() { echo "run-openmpi.sh: SKIPPED: $*" >&2; exit 77; }

if ! command -v mpicc >/dev/null 2>&1 || ! command -v mpirun >/dev/null 2>&1; then
  [ "$(id -u)" -eq 0 ] || skip "Open MPI (mpicc, mpirun) is not installed and installing it needs root (apt-get install openmpi-bin libopenmpi-dev)"
  command -v apt-get >/dev/null 2>&1 || skip "Open MPI is not installed and there is no apt-get"
  echo "run-openmpi.sh: installing openmpi-bin libopenmpi-dev ..." >&2
  { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq openmpi-bin libopenmpi-dev; } >&2 \
    || skip "apt-get install openmpi-bin libopenmpi-dev failed"
fi

BUILD="$OX4J_HOME/benchmarks/target/mpi"
BIN="$BUILD/ox4j_mpi_bench"
mkdir -p "$BUILD"
if [ ! -x "$BIN" ] || [ "$HERE/ox4j_mpi_bench.c" -nt "$BIN" ]; then
  mpicc -O2 -Wall -Wextra -std=c11 -D_POSIX_C_SOURCE=200809L -o "$BIN" "$HERE/ox4j_mpi_bench.c"
fi
echo "run-openmpi.sh: $(mpirun --version 2>/dev/null | head -n 1), binary $BIN" >&2

MPIRUN=(mpirun --mca btl tcp,self)
[ "$(id -u)" -eq 0 ] && MPIRUN+=(--allow-run-as-root)
PREFIX=()
if [ "$CLUSTER" = yes ]; then
  STATE=${OX4J_CLUSTER_STATE:-/tmp/ox4j-cluster}
  [ -f "$STATE/hostfile" ] || skip "--cluster: no cluster is up (run integration-tests/cluster/ox-cluster up 8 first)"
  HOSTS=$(wc -l <"$STATE/hostfile")
  MPIRUN+=(--hostfile "$STATE/hostfile" --mca plm_rsh_agent "$STATE/bin/ssh" --mca plm_rsh_no_tree_spawn 1
           --mca btl_tcp_if_include 10.77.0.0/24 --mca oob_tcp_if_include 10.77.0.0/24 --map-by node)
  PREFIX=("$OX4J_HOME/integration-tests/cluster/ox-cluster" exec master)
else
  MPIRUN+=(--oversubscribe)
fi

ARGS=(--sizes "$SIZES" --max-seconds "$MAXSEC")
[ -n "$OPS" ] && ARGS+=(--ops "$OPS")
OUT=$(mktemp)
trap 'rm -f "$OUT"' EXIT
echo "collective,algorithm,p,bytes,median_s" | tee "$OUT"
for p in $NPS; do
  if [ "$CLUSTER" = yes ] && [ "$p" -gt "$HOSTS" ]; then
    echo "run-openmpi.sh: p=$p needs $p hosts, the cluster has $HOSTS; skipped" >&2
    continue
  fi
  echo "run-openmpi.sh: p=$p ..." >&2
  "${PREFIX[@]}" "${MPIRUN[@]}" -np "$p" "$BIN" "${ARGS[@]}" | tail -n +2 | tee -a "$OUT"
done
[ -n "$CSV" ] && cp "$OUT" "$CSV"
exit 0
