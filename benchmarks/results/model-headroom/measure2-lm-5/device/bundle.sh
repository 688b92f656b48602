#!/bin/bash
# Builds what travels to the device for go.sh (run from the repo root; .devwork/ is in .git/info/exclude):
#   .devwork/rt/rt.tar.xz  node (this machine's v20.20.2, stripped) and the production node_modules, with
#                          onnxruntime-node's linux-x64 library only and isolated-vm's addon stripped (41.7 MB)
#   .devwork/b/repo        package.json, bin/, dist/, problems/, models/ahd-heuristic-lm-5/ of the measuring
#                          worktree, and the table's runs (markers.sh)
# The two go in two calls (carry .devwork/rt, then .devwork/b), each under the 64 MiB a call carries, from a
# throwaway branch whose tree is only .gitignore. The device has no Node.js of its own.
set -eu
WT=${WT:-/work/wt-m2}
B=$(mktemp -d)
mkdir -p "$B/bin" .devwork/rt .devwork/b
npm ls --omit=dev --all --parseable 2>/dev/null | sed "s|$PWD/||" | grep node_modules > "$B/prod.txt"
tar -cf - $(cat "$B/prod.txt") | tar -xf - -C "$B"
rm -rf "$B"/node_modules/onnxruntime-node/bin/napi-v6/{darwin,win32,linux/arm64} "$B/prod.txt"
strip "$B/node_modules/isolated-vm/out/isolated_vm.node"
cp "$(command -v node)" "$B/bin/node" && strip "$B/bin/node"
tar -cf - -C "$B" . | xz -T2 -6 > .devwork/rt/rt.tar.xz
rm -rf "$B" .devwork/b/repo && mkdir -p .devwork/b/repo/models
(cd "$WT" && cp -a package.json bin dist problems "$OLDPWD/.devwork/b/repo/" && cp -a models/ahd-heuristic-lm-5 "$OLDPWD/.devwork/b/repo/models/")
cp "$(dirname "$0")/go.sh" .devwork/b/go.sh
WT=$WT bash "$(dirname "$0")/markers.sh"
