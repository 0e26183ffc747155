#!/usr/bin/env bash
# What PostgreSQL alone can do of a deal's move, with no app, no row-level security, no read of
# the neighbours and no lock: one statement that updates a deal of the bench's large agency
# (non-HOT: its order key changes), writes its timeline entry and its audit row, and commits.
# pgbench runs it from 16 connections; the script prints moves/s and PostgreSQL's CPU per move
# (the machine's busy time less pgbench's own). The deal-move bar (decision 022) is a share of the
# bare Hono baseline's req/s: compare it with this ceiling.
#
#   bench/deal-move-floor.sh [bench database, default nexo_bench_small] [seconds, default 8]
#
# Runs on a copy of the bench database (the moves rewrite order keys), dropped at the end. Needs
# pgbench and psql, and no other connection to the bench database while it is copied.
set -euo pipefail

source_db="${1:-nexo_bench_small}"
seconds="${2:-8}"
connect=(-h "${PGHOST:-127.0.0.1}" -U "${PGUSER:-postgres}")
copy_db="deal_move_floor_$$"
script="$(mktemp)"

cleanup() {
  rm -f "$script"
  psql "${connect[@]}" -d postgres -qc "drop database if exists $copy_db" >/dev/null
}
trap cleanup EXIT

psql "${connect[@]}" -d postgres -qc "create database $copy_db template $source_db" >/dev/null
psql "${connect[@]}" -d "$copy_db" -qAt >/dev/null <<'SQL'
create table move_floor_deals as
  select row_number() over (order by id) as n, id
    from leads
   where deleted_at is null
     and agency_id = (select agency_id from leads where deleted_at is null group by 1 order by count(*) desc limit 1);
alter table move_floor_deals add primary key (n);
analyze;
SQL
deals="$(psql "${connect[@]}" -d "$copy_db" -qAtc "select count(*) from move_floor_deals")"

cat >"$script" <<SQL
\set n random(1, $deals)
WITH moved AS (
  UPDATE leads l SET position = md5(random()::text), version = l.version + 1, updated_at = now()
    FROM move_floor_deals d WHERE d.n = :n AND l.id = d.id
  RETURNING l.id, l.agency_id),
noted AS (
  INSERT INTO timeline_events (agency_id, record_type, record_id, kind, details)
  SELECT agency_id, 'deal', id, 'stage_changed', jsonb_build_object('from', 'a', 'to', 'b') FROM moved)
INSERT INTO audit_logs (agency_id, action, resource_type, resource_id, details, ip_address, user_agent)
SELECT agency_id, 'update', 'deal', id::text, jsonb_build_object('stage', jsonb_build_object('from', 'a', 'to', 'b')),
       '127.0.0.1', 'floor'
  FROM moved;
SQL

# Busy and total jiffies of the whole machine (user, nice, system, irq, softirq; plus idle, iowait).
busy_total() { awk '/^cpu /{ print $2 + $3 + $4 + $7 + $8, $2 + $3 + $4 + $5 + $6 + $7 + $8 }' /proc/stat; }

for run in 1 2 3; do
  read -r busy_before total_before < <(busy_total)
  output="$({ /usr/bin/time -f "pgbench-cpu %U %S" pgbench "${connect[@]}" -n -c 16 -j 2 -T "$seconds" \
    -M prepared -f "$script" "$copy_db"; } 2>&1)"
  read -r busy_after total_after < <(busy_total)
  moves="$(awk '/actually processed/ { print $NF }' <<<"$output")"
  pgbench_ms="$(awk '/^pgbench-cpu/ { print ($2 + $3) * 1000 }' <<<"$output")"
  ticks="$(getconf CLK_TCK)"
  awk -v moves="$moves" -v s="$seconds" -v pgb="$pgbench_ms" -v tick="$ticks" \
    -v busy="$((busy_after - busy_before))" -v total="$((total_after - total_before))" -v run="$run" 'BEGIN {
      busy_ms = busy * 1000 / tick
      printf "run %d: %d moves/s, machine busy %.0f%%, PostgreSQL %.3f ms of CPU a move, pgbench %.3f ms\n",
        run, moves / s, 100 * busy / total, (busy_ms - pgb) / moves, pgb / moves
    }'
done
