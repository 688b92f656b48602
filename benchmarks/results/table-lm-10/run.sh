#!/bin/bash
# Amendment 21's table on F (models/ahd-heuristic-lm-10), F's EoH budget-1000 seeds 0-2 from Amendment 20's measure 2
# copied in (`../model-headroom/table-run.sh` says how). Stopped at 63 of 144 runs when H replaced F (README).
#   bash benchmarks/results/table-lm-10/run.sh <table dir>
# Each session packs its finished runs with
#   bash benchmarks/results/model-headroom/pack-part.sh <table dir> table-lm-10/part-<k> table-lm-10/part-*/runs.zip
here=$(cd "$(dirname "$0")" && pwd)
exec bash "$here/../model-headroom/table-run.sh" models/ahd-heuristic-lm-10 "$here/../model-headroom/f-measure2" "${1:?usage: bash run.sh <table dir>}"
