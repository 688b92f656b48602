"""How often one run of a Sample+ES setting would meet issue 10's probe line, read from its committed probes (an
after-the-fact model of the measured gains, not a test: it decides nothing).

For each task: the mean gain over the seeds (mu), the per-pair standard deviation of the paired differences (pooled
over the seeds: pairedSe * sqrt(pairs)) and the share of samples valid in both models. A probe of N samples then has
an expected z of mu / (sd / sqrt(N * share)). Printed: that z at 200 samples (the line's probe), and the N at which
it reaches 2 (half the runs of that true gain would clear two SE) and 2.84 (four in five would).

Then the chance that one run meets the probe line (better on all six tasks, beyond two SE on at least four) if each
task's z were normal around its expected z with unit spread, independent across tasks (the seeds' own spread of the
true gain left out, so it flatters), at the measured gains and at k times them.

    python3 benchmarks/probe-power.py [<study dir> <setting name>] [--seeds 0,1,2]   (no study: the default's probes)
"""
import argparse
import math
import pathlib
import sys
from importlib import import_module

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
study = import_module('probe-study')
read_json = import_module('runfiles').read_json
SIGN = study.SIGN
SAMPLES = 200


def expected_z(setting, seeds):
    """Prints the per-task table and returns each task's expected z at 200 samples."""
    expected = {}
    print('| task | mean gain over seeds | per-pair SD | valid pairs | expected z at 200 | samples for z = 2 | samples for z = 2.84 |')
    print('|---|---|---|---|---|---|---|')
    for task in SIGN:
        probes = [read_json(setting.probe(task, s))['paired'] for s in seeds]
        n = len(probes)
        mu = sum(SIGN[task] * p['meanDiff'] for p in probes) / n
        sd = math.sqrt(sum(p['pairedSe'] ** 2 * p['pairs'] for p in probes) / n)
        share = sum(p['pairs'] for p in probes) / (n * SAMPLES)
        z = mu / (sd / math.sqrt(SAMPLES * share))
        need = lambda target: math.ceil((target * sd / mu) ** 2 / share) if mu > 0 else float('inf')
        print(f'| {task} | {mu:+.4g} | {sd:.4g} | {share:.0%} | {z:.2f} | {need(2)} | {need(2.84)} |')
        expected[task] = z
    return expected


def phi(x):
    return 0.5 * (1 + math.erf(x / math.sqrt(2)))


def p_line(expected, k):
    """P(every z > 0 and at least four z > 2) with z_t ~ N(k * expected z_t, 1), by counting tasks beyond 2."""
    beyond = [1.0]  # beyond[j]: P(no task so far <= 0, j of them > 2)
    for z in expected.values():
        up, pos = 1 - phi(2 - k * z), phi(2 - k * z) - phi(-k * z)
        beyond = [(beyond[j] * pos if j < len(beyond) else 0) + (beyond[j - 1] * up if j > 0 else 0) for j in range(len(beyond) + 1)]
    return sum(beyond[4:])


def k_for(expected, target):
    k = 1.0
    while p_line(expected, k) < target:
        k += 0.05
    return k


def main(argv):
    parser = argparse.ArgumentParser(description='How often one run would meet the probe line, from committed probes.')
    parser.add_argument('study', type=pathlib.Path, nargs='?')
    parser.add_argument('name', nargs='?')
    parser.add_argument('--seeds', default='0,1,2', help='run seeds, comma-separated (default 0,1,2)')
    args = parser.parse_args(argv)
    if (args.study is None) != (args.name is None):
        parser.error('give both a study dir and a setting name, or neither (the default)')
    setting = study.study_setting(args.study.resolve(), args.name) if args.study else study.DEFAULT
    expected = expected_z(setting, [int(s) for s in args.seeds.split(',')])
    print()
    print(f'P(one run meets the line) at the measured gains: {p_line(expected, 1):.2f}; at 2x them {p_line(expected, 2):.2f}; '
          f'half the runs at {k_for(expected, 0.5):.2f}x, four in five at {k_for(expected, 0.8):.2f}x (tsp50 alone: better in '
          f'{phi(expected["tsp50"]):.0%} of runs at 1x, {phi(2 * expected["tsp50"]):.0%} at 2x)')


if __name__ == '__main__':
    main(sys.argv[1:])
