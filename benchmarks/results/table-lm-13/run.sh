#!/bin/bash
# Amendment 21's table on I (models/ahd-heuristic-lm-13) by Amendments 25-26, I's EoH budget-1000 seeds 0-2 from its
# measure 2 copied in (`../model-headroom/table-run.sh` says how; aco-bpp500's are i-bpp's, the same arguments).
# Resumable: run it again.
#   bash benchmarks/results/table-lm-13/run.sh <table dir>
# Each session packs its finished runs with
#   bash benchmarks/results/model-headroom/pack-part.sh <table dir> table-lm-13/part-<k> table-lm-13/part-*/runs.zip
here=$(cd "$(dirname "$0")" && pwd)
exec bash "$here/../model-headroom/table-run.sh" models/ahd-heuristic-lm-13 "$here/../model-headroom/i-measure2" \
  "${1:?usage: bash run.sh <table dir>}" "$here/../model-headroom/i-bpp"
