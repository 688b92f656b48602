#!/bin/bash
# Amendment 26's consequence, Amendment 25's measure 2 (Amendment 23's, I in G's place): I's
# (models/ahd-heuristic-lm-13) EoH budget 1000, seeds 0-5, all six tasks (`../measure2-run.sh` says how). aco-bpp500's
# six are `../i-bpp/`'s (the same arguments), copied in, not rerun. Resumable: run it again.
#   bash benchmarks/results/model-headroom/i-measure2/run.sh <table dir>
# Run from a checkout whose dist/ is built (npm run build). Each session packs its finished runs with
#   bash benchmarks/results/model-headroom/pack-part.sh <table dir> i-measure2/part-<k> i-bpp/part-*/runs.zip i-measure2/part-*/runs.zip
here=$(cd "$(dirname "$0")" && pwd)
exec bash "$here/../measure2-run.sh" models/ahd-heuristic-lm-13 "${1:?usage: bash run.sh <table dir>}" "$here"/../i-bpp/part-*/runs.zip
