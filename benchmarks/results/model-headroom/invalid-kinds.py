"""Why a search's samples are invalid, pooled per task over runs with their event logs:
    python3 benchmarks/results/model-headroom/invalid-kinds.py [--holding TEXT] <run dir>...
Each candidate's outcome (its last answer's) falls in one class: valid; parse: brackets never close (the answer
stopped inside a function); parse: another syntax error (a slipped token); run: a name used but never declared
(ReferenceError); run: another failure; load, timeout, error. Prints one markdown table per task, shares of all
samples, then the valid share per operator, the undeclared names and how many unparsed answers hold a stray pipe; of
the answers whose brackets never close, how each ended (the model's end mark or the token cap), how many brackets short
(opening minus closing bracket characters of the text) and, with --holding TEXT, how many contain TEXT.
Event logs are not committed (runs are packed without them), so this reads run directories on disk."""
import argparse
import collections
import json
import os
import re

CLASSES = ['valid', 'parse: brackets never close', 'parse: other syntax error', 'run: undeclared name',
           'run: other', 'load', 'timeout', 'error']
UNDECLARED = re.compile(r'ReferenceError: (\S+) is not defined')
# A `|` outside a `||`, or three in a row: the tokenizer has no `||` token, so the model counts single pipes.
STRAY_PIPE = re.compile(r'(?<!\|)\|(?!\|)|\|\|\|')


def classify(outcome):
    status = outcome['status']
    if status == 'ok':
        return 'valid'
    if status != 'invalid':
        return status
    reason, stage = outcome.get('reason', ''), outcome.get('stage')
    if stage == 'parse':
        return 'parse: brackets never close' if 'never close' in reason else 'parse: other syntax error'
    if stage == 'run':
        return 'run: undeclared name' if UNDECLARED.search(reason) else 'run: other'
    return stage or 'invalid'


def brackets_short(text):
    return sum(text.count(c) for c in '([{') - sum(text.count(c) for c in ')]}')


def read_run(path):
    """(operator, class, stray pipe) per candidate, the undeclared names used, and (finish reason, text) of each
    answer whose brackets never close."""
    operators, texts, finishes, classes, names = {}, {}, {}, {}, collections.Counter()
    with open(os.path.join(path, 'events.jsonl'), encoding='utf-8') as f:
        for line in f:
            event = json.loads(line)
            if event['type'] == 'generation':
                operators.setdefault(event['index'], event['operator'])
                texts[event['index']] = event['text']  # the last answer's, as the outcome
                finishes[event['index']] = event.get('finishReason')
            elif event['type'] == 'outcome':
                classes[event['index']] = classify(event['outcome'])
                found = UNDECLARED.search(event['outcome'].get('reason', ''))
                if found:
                    names[found.group(1)] += 1
    rows = [(operators.get(i), c, c.startswith('parse') and bool(STRAY_PIPE.search(texts.get(i, ''))))
            for i, c in classes.items()]
    unclosed = [(finishes.get(i), texts.get(i, '')) for i, c in classes.items() if c == 'parse: brackets never close']
    return rows, names, unclosed


def main(paths, holding):
    tasks = collections.defaultdict(lambda: {'runs': 0, 'rows': [], 'names': collections.Counter(), 'unclosed': []})
    for path in paths:
        with open(os.path.join(path, 'config.json'), encoding='utf-8') as f:
            task = json.load(f)['problem']
        rows, names, unclosed = read_run(path)
        tasks[task]['runs'] += 1
        tasks[task]['rows'] += rows
        tasks[task]['names'] += names
        tasks[task]['unclosed'] += unclosed
    for task, t in tasks.items():
        n = len(t['rows'])
        counts = collections.Counter(c for _, c, _ in t['rows'])
        print(f"\n### {task}: {t['runs']} runs, {n} samples\n\n| class | samples | share |\n|---|---:|---:|")
        for c in CLASSES:
            if counts[c]:
                print(f'| {c} | {counts[c]} | {100 * counts[c] / n:.1f}% |')
        per_op = collections.defaultdict(collections.Counter)
        for op, c, _ in t['rows']:
            per_op[op][c == 'valid'] += 1
        print('\nvalid per operator: ' + ', '.join(
            f'{op} {100 * v[True] / (v[True] + v[False]):.1f}% of {v[True] + v[False]}' for op, v in sorted(per_op.items())))
        if t['names']:
            print('undeclared names, most used: ' + ', '.join(f'`{k}` {v}' for k, v in t['names'].most_common(8)))
        pipes = sum(stray for _, _, stray in t['rows'])
        print(f'unparsed answers holding a stray `|` (outside a `||`, or `|||`): {pipes} ({100 * pipes / n:.1f}% of all)')
        if t['unclosed']:
            ends = collections.Counter(f for f, _ in t['unclosed'])
            short = collections.Counter(min(brackets_short(text), 4) for _, text in t['unclosed'])
            line = (f"brackets never close in {len(t['unclosed'])}: ended by " +
                    ', '.join(f'{k} {v}' for k, v in ends.most_common()) + '; short by ' +
                    ', '.join(f"{'4+' if k == 4 else k} {v}" for k, v in sorted(short.items())))
            if holding:
                line += f"; holding `{holding}` {sum(holding in text for _, text in t['unclosed'])}"
            print(line)


if __name__ == '__main__':
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--holding', help='count the unclosed answers that contain this text')
    ap.add_argument('runs', nargs='+', help='run directories with their event logs')
    args = ap.parse_args()
    main(args.runs, args.holding)
