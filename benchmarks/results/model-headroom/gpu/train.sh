#!/bin/bash
# Amendment 5's training, as run on the device machine from the repository root, with the encoded corpus carried in
# .devwork/ (tokens.bin.gz, tokens.json, corpus-head.jsonl: the corpus's first 200 lines for train.py's tokenizer
# cross-check, tokenizer/). A 60-step probe of each model (both at once), then both plans at once, each the fewer
# of 12 epochs and the steps 5 minutes hold at its probe's speed; weights-only checkpoints come back in 15 MiB pieces.
set -u
# DEVICE=cpu PROBE=2 MINUTES=0.2 BLOCK=64 BATCH=4 dry-runs the script's plumbing without a GPU.
# MODELS picks the architectures to train (Amendment 6: MODELS=a BLOCK=4096 BATCH=8).
DEVICE=${DEVICE:-cuda} PROBE=${PROBE:-60} MINUTES=${MINUTES:-5} BLOCK=${BLOCK:-2048} BATCH=${BATCH:-16} MODELS=${MODELS:-a b}
D=$PWD/.devwork
R=$PWD/models/recipe
export PYTHONUNBUFFERED=1
nvidia-smi 2>/dev/null --query-gpu=name,memory.total,driver_version --format=csv,noheader
python3 -c 'import torch; print("torch", torch.__version__)'
gunzip -c $D/tokens.bin.gz > $D/tokens.bin
prep() {
  mkdir -p $1
  ln -sf $D/tokens.bin $1/tokens.bin; ln -sf $D/tokens.json $1/tokens.json
  ln -sf $D/corpus-head.jsonl $1/corpus.jsonl; ln -sfn $D/tokenizer $1/tokenizer
}
declare -A ARCH=([a]="--n-layer 5 --n-embd 256 --n-head 8" [b]="--n-layer 6 --n-embd 320 --n-head 8")
COMMON="--block $BLOCK --batch $BATCH --lr 1e-3 --warmup 200 --holdout 300 --seed 0 --device $DEVICE --threads 4"
for m in $MODELS; do
  prep /tmp/probe-$m
  python3 $R/train.py --work /tmp/probe-$m --steps $PROBE --log-every 20 ${ARCH[$m]} $COMMON > /tmp/probe-$m.out 2>&1 &
done
wait
TOKENS=$(python3 -c "import json; print(json.load(open('$D/tokens.json'))['tokens'])")
for m in $MODELS; do
  SPEED=$(grep -o 'tok/s [0-9]*' /tmp/probe-$m.out | tail -1 | cut -d' ' -f2)
  STEPS=$(python3 -c "import math; print(min(math.ceil(12 * $TOKENS / ($BATCH * $BLOCK)), int($SPEED * $MINUTES * 60 / ($BATCH * $BLOCK))))")
  echo "model $m: probe $SPEED tok/s, corpus $TOKENS tokens, plan $STEPS steps"
  prep /tmp/$m
  python3 $R/train.py --work /tmp/$m --steps $STEPS --chunk-minutes 6 --save-minutes 2 --log-every 200 ${ARCH[$m]} $COMMON > /tmp/$m.out 2>&1 &
done
wait
for m in $MODELS; do cat /tmp/probe-$m.out; done > $OUT/probes.log
for m in $MODELS; do
  cp /tmp/$m/train.log $OUT/$m-train.log; tail -3 /tmp/$m.out
  python3 -c "import torch; c = torch.load('/tmp/$m/ckpt.pt', map_location='cpu', weights_only=False); torch.save({'config': c['config'], 'model': c['model']}, '/tmp/$m/weights.pt')"
  (cd /tmp/$m && sha256sum weights.pt >> $OUT/$m-train.log && split -b 15m weights.pt $OUT/$m-weights.pt.part-)
done
ls -l $OUT
