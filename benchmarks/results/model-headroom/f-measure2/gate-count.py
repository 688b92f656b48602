#!/usr/bin/env python3
"""How often F's aco-tsp50 searches write Amendment 17's tour gate, and whether their best program holds it.

    python3 benchmarks/results/model-headroom/f-measure2/gate-count.py <runs dir or runs.zip>...

Reads each aco-tsp50 run's events.jsonl and best.js (a run directory), or only its best.js (a packed run: the
archives keep no event log, so its counts print as -). A program holds the gate when its code builds a
2-opt-improved tour (the grammar's `improved` loop and its `tour` array). Prints one markdown row per run: answers
written (retries included), answers with the gate, the candidates among them that were valid, and whether best.js
has it.
"""
import json
import os
import sys
import zipfile


def has_gate(code):
    return 'improved' in code and 'tour' in code


def from_dir(run):
    answers = gated = 0
    gate_index = set()
    ok = set()
    with open(os.path.join(run, 'events.jsonl')) as f:
        for line in f:
            e = json.loads(line)
            if e['type'] == 'generation':
                answers += 1
                if has_gate(e.get('text', '')):
                    gated += 1
                    gate_index.add(e['index'])
            elif e['type'] == 'outcome' and e['outcome']['status'] == 'ok':
                ok.add(e['index'])
    valid_gated = len(gate_index & ok)
    with open(os.path.join(run, 'best.js')) as f:
        best = f.read()
    return answers, gated, valid_gated, has_gate(best)


def main():
    print('| run | answers | with the gate | valid with the gate | best holds the gate |')
    print('|---|---:|---:|---:|---|')
    for source in sys.argv[1:]:
        if source.endswith('.zip'):
            with zipfile.ZipFile(source) as z:
                for name in sorted(n for n in z.namelist() if n.endswith('/best.js') and 'aco-tsp50' in n):
                    print(f"| {name.split('/')[-2]} | - | - | - | {'yes' if has_gate(z.read(name).decode()) else 'no'} |")
            continue
        for run in sorted(os.listdir(source)):
            if 'aco-tsp50' in run and os.path.exists(os.path.join(source, run, 'events.jsonl')):
                a, g, v, b = from_dir(os.path.join(source, run))
                print(f"| {run} | {a} | {g} | {v} | {'yes' if b else 'no'} |")


if __name__ == '__main__':
    main()
