#!/usr/bin/env bash
# Smoke test of the vLLM ES server on a GPU machine with vLLM installed. It has NOT been run: no GPU or vLLM was
# available where it was written (see DEPLOY.md).
#
#   servers/vllm/smoke_gpu.sh MODEL [TENSOR_PARALLEL_SIZE]      e.g. servers/vllm/smoke_gpu.sh Qwen/Qwen2.5-0.5B-Instruct 1
#
# Starts servers/vllm/vllm_server.py (--master-copy --exact-reset, a free port), then checks over HTTP: status before init, init,
# apply / same apply / other apply (409), seeded chat twice (same text), greedy changed by a perturbation, revert
# (weights back to the base fingerprint), update, reset (back to the base fingerprint), bad requests (400), and a clean SIGTERM. Exit 0 = all passed.
set -euo pipefail
MODEL=${1:?usage: smoke_gpu.sh MODEL [TENSOR_PARALLEL_SIZE]}
TP=${2:-1}
HERE=$(cd "$(dirname "$0")" && pwd)
PY=${PYTHON:-python3}
LOG=$(mktemp -d)/vllm-server

"$PY" "$HERE/vllm_server.py" --model "$MODEL" --tensor-parallel-size "$TP" --port 0 --master-copy \
  --exact-reset --max-model-len 4096 >"$LOG.out" 2>"$LOG.err" &
SERVER=$!
trap 'kill "$SERVER" 2>/dev/null || true' EXIT
for _ in $(seq 900); do
  grep -q ' listening on ' "$LOG.out" 2>/dev/null && break
  kill -0 "$SERVER" 2>/dev/null || { echo "smoke: server exited"; tail -50 "$LOG.err"; exit 1; }
  sleep 1
done
READY=$(head -1 "$LOG.out")
[ "$(wc -l <"$LOG.out")" -eq 1 ] && [[ $READY == "ahd-vllm-server listening on http://"* ]] || {
  echo "smoke: stdout is not the one ready line:"; cat "$LOG.out"; tail -50 "$LOG.err"; exit 1; }
URL=${READY##* on }
echo "smoke: $READY"

"$PY" - "$URL" <<'PYEOF'
import json, sys, urllib.error, urllib.request

url = sys.argv[1]

def post(path, body=None, method="POST"):
    data = None if body is None else json.dumps(body).encode()
    req = urllib.request.Request(url + path, data=data, method=method, headers={"content-type": "application/json"})
    try:
        with urllib.request.urlopen(req, timeout=600) as r:
            return r.status, json.loads(r.read())
    except urllib.error.HTTPError as e:
        return e.code, json.loads(e.read())

def check(what, ok):
    print(("ok   " if ok else "FAIL ") + what, flush=True)
    if not ok:
        sys.exit(1)

chat = {"messages": [{"role": "user", "content": "Write a one-line Python function that adds two numbers."}], "max_tokens": 48}
s, st = post("/es/status", method="GET")
check("status before init", s == 200 and st["initialized"] is False and st["noise"] == "torch" and st["weights_fingerprint"] == st["base_fingerprint"])
base = st["base_fingerprint"]
s, r = post("/es/init", {"parameter_scope": "full"})
check(f"init: {r.get('n_tensors')} tensors, {r.get('total_params')} params", s == 200 and r["n_tensors"] > 0)
greedy = post("/v1/chat/completions", {**chat, "temperature": 0})[1]["choices"][0]["message"]["content"]
check("greedy chat", isinstance(greedy, str) and len(greedy) > 0)
a = post("/v1/chat/completions", {**chat, "temperature": 1.0, "seed": 1234})[1]
b = post("/v1/chat/completions", {**chat, "temperature": 1.0, "seed": 1234})[1]
check("seeded chat repeatable", a["choices"][0]["message"]["content"] == b["choices"][0]["message"]["content"])
check("apply", post("/es/apply", {"seed": 17, "sigma": 0.003})[1].get("already_applied") is False)
check("apply same", post("/es/apply", {"seed": 17, "sigma": 0.003})[1].get("already_applied") is True)
check("apply other -> 409", post("/es/apply", {"seed": 18, "sigma": 0.003})[0] == 409)
check("update while perturbed -> 409", post("/es/update", {"seeds": [1], "rewards": [1.0], "alpha": 0.001})[0] == 409)
check("revert", post("/es/revert", {"seed": 17, "sigma": 0.003})[1].get("already_reverted") is False)
# The edits must reach the forward pass (weights derived at load, e.g. repacked or absorbed, would ignore them).
post("/es/apply", {"seed": 19, "sigma": 0.02})
perturbed = post("/v1/chat/completions", {**chat, "temperature": 0})[1]["choices"][0]["message"]["content"]
post("/es/revert", {"seed": 19, "sigma": 0.02})
check("greedy under a perturbation (sigma 0.02) differs: the edits reach the forward pass", perturbed != greedy)
s, st = post("/es/status")
check("revert restores the base weights exactly (master copy)", st["weights_fingerprint"] == base)
check("greedy after revert equals greedy before", post("/v1/chat/completions", {**chat, "temperature": 0})[1]["choices"][0]["message"]["content"] == greedy)
s, u = post("/es/update", {"seeds": [1, 2, 3, 4], "rewards": [1.0, -1.0, 0.5, -0.5], "alpha": 0.0005, "reward_normalization": "none"})
check("update", s == 200 and u["n"] == 4)
s, st = post("/es/status")
check("update moved the weights", st["update_history"] == 1 and st["weights_fingerprint"] != base)
s, r = post("/es/reset", {})
check("reset", s == 200 and r["reverted_updates"] == 1)
check("reset restores the base weights exactly (exact reset)", post("/es/status")[1]["weights_fingerprint"] == base)
check("bad body -> 400", post("/es/apply", {"seed": "x", "sigma": 0.1})[0] == 400)
check("sigma out of range -> 400, weights unchanged", post("/es/apply", {"seed": 1, "sigma": 1e39})[0] == 400 and post("/es/status")[1]["active_perturbation"] is None)
PYEOF

kill -TERM "$SERVER"
# A bare `wait` would hang the smoke test on a server that does not stop: give it 120 s, then kill it and fail.
for _ in $(seq 120); do kill -0 "$SERVER" 2>/dev/null || break; sleep 1; done
if kill -0 "$SERVER" 2>/dev/null; then
  kill -KILL "$SERVER"; echo "FAIL SIGTERM: still running after 120 s"; exit 1
fi
wait "$SERVER" && echo "ok   SIGTERM: clean exit" || { echo "FAIL SIGTERM exit status $?"; exit 1; }
trap - EXIT
echo "smoke: all passed"
