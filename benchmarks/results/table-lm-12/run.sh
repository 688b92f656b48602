#!/bin/bash
# Amendment 21's table on H (models/ahd-heuristic-lm-12) by Amendments 23-24, H's EoH budget-1000 seeds 0-2 from its
# measure 2 copied in (`../model-headroom/table-run.sh` says how). Resumable: run it again.
#   bash benchmarks/results/table-lm-12/run.sh <table dir>
# Each session packs its finished runs with
#   bash benchmarks/results/model-headroom/pack-part.sh <table dir> table-lm-12/part-<k> table-lm-12/part-*/runs.zip
here=$(cd "$(dirname "$0")" && pwd)
exec bash "$here/../model-headroom/table-run.sh" models/ahd-heuristic-lm-12 "$here/../model-headroom/h-measure2" "${1:?usage: bash run.sh <table dir>}"
