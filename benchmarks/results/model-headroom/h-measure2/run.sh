#!/bin/bash
# Amendment 24's measure 2 (Amendment 23's, H in G's place): H's (models/ahd-heuristic-lm-12) EoH budget 1000, seeds
# 0-5, all six tasks (`../measure2-run.sh` says how). Resumable: run it again.
#   bash benchmarks/results/model-headroom/h-measure2/run.sh <table dir>
# Run from a checkout whose dist/ is built (npm run build). Each session packs its finished runs with
#   bash benchmarks/results/model-headroom/pack-part.sh <table dir> h-measure2/part-<k> h-measure2/part-*/runs.zip
here=$(cd "$(dirname "$0")" && pwd)
exec bash "$here/../measure2-run.sh" models/ahd-heuristic-lm-12 "${1:?usage: bash run.sh <table dir>}"
