/**
 * ES study runner: a grid of settings x seeds, each an `ahd run` (plus, for ES runs, an `ahd probe --run` of the
 * tuned model against its base), resumable and tabulated against the study's baseline at the same seeds.
 *
 *   node --import tsx benchmarks/es-study.ts --grid benchmarks/studies/<grid>.json --out <dir> [--parallel 2]
 *   node --import tsx benchmarks/es-study.ts --grid <grid>.json --from <dir>       (tabulate only)
 *   node --import tsx benchmarks/es-study.ts --grid a.json --grid b.json --out <dir> [--only <setting>]
 *
 * A grid file: { "problem", "scaffold", "budget", "seeds": [...], "probeSamples", "baseline": "<setting name>",
 * "model"?: "<model dir>", "settings": [{ "name", "flags": [ahd run flags] }] }. Settings and seeds are fixed in the file before a run.
 * Runs go to <dir>/runs/<setting>-s<seed>/ and are skipped once they have a summary.json; a run dir without one
 * is resumed (kill the study at any time and start it again). With --parallel k, k runs go at once, each with
 * one sandbox thread (results do not depend on it; times do). Writes <dir>/study.md and study.json.
 * Several grids share one queue (so k lanes stay busy across them); each then lives in <dir>/<grid file name>/.
 * --only <setting> (repeatable) runs just those settings of every grid, in the order given (for a study run in
 * pre-registered phases); tabulation always covers the whole grid. With several grids, <dir>/summary.md sets each
 * grid's settings' probes beside its baseline's, paired by seed, with gains signed so that positive is better.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { getProblem } from '../src/problems/index.ts';
import { mean, sampleSd, standardError } from '../src/ground/stats.ts';

interface Setting {
  readonly name: string;
  readonly flags: readonly string[];
}
interface Grid {
  readonly problem: string;
  readonly scaffold: string;
  readonly budget: number;
  readonly seeds: readonly number[];
  readonly probeSamples: number;
  readonly baseline: string;
  /** Model dir for every run and probe (default the bundled model); a probe names it so that runs copied in
   * from elsewhere, whose recorded base path is gone, still replay onto the same weights. */
  readonly model?: string;
  readonly settings: readonly Setting[];
}
interface Summary {
  readonly samples: number;
  readonly valid: number;
  readonly seconds: number;
  readonly best: { readonly objective: number; readonly test: Record<string, number | null> };
}
interface Probe {
  readonly paired?: { readonly pairs: number; readonly meanDiff: number | null; readonly pairedSe: number | null; readonly improvementInSe: number | null; readonly identicalShare: number };
  readonly base: { readonly mean: number | null; readonly validShare: number };
  readonly tuned?: { readonly mean: number | null; readonly validShare: number };
}

const { values: args } = parseArgs({
  options: {
    grid: { type: 'string', multiple: true },
    out: { type: 'string' },
    from: { type: 'string' },
    parallel: { type: 'string', default: '1' },
    only: { type: 'string', multiple: true },
  },
});
if (!args.grid?.length || !(args.out || args.from)) {
  process.stderr.write('usage: es-study.ts --grid <grid.json> [--grid ...] (--out <dir> [--parallel k] [--only <setting>] | --from <dir>)\n');
  process.exit(2);
}
interface Study {
  readonly file: string;
  readonly grid: Grid;
  readonly dir: string;
}
const root = resolve(args.out ?? args.from!);
const studies: Study[] = args.grid.map((file) => ({
  file,
  grid: JSON.parse(readFileSync(file, 'utf8')) as Grid,
  dir: args.grid!.length > 1 ? join(root, basename(file, '.json')) : root,
}));
const AHD = resolve(import.meta.dirname, '..', 'bin', 'ahd.js');
const parallel = Number(args.parallel);
const runDir = (study: Study, s: Setting, seed: number) => join(study.dir, 'runs', `${s.name}-s${seed}`);
const isEs = (s: Setting) => s.flags.includes('--es');
const model = (grid: Grid) => (grid.model ? ['--model', grid.model] : []);

function ahd(argv: readonly string[], log: string): Promise<string> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [AHD, ...argv], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (c) => (out += c));
    child.stderr.on('data', (c) => (err = (err + c).slice(-4000)));
    child.on('close', (code) => {
      writeFileSync(log, err);
      if (code === 0) done(out.trimEnd().split('\n').at(-1) ?? '');
      else fail(new Error(`ahd ${argv.slice(0, 3).join(' ')} exited ${code}: ${err.trim().split('\n').at(-1)}`));
    });
  });
}

async function runOne(study: Study, s: Setting, seed: number): Promise<void> {
  const { grid, dir } = study;
  const out = runDir(study, s, seed);
  if (!existsSync(join(out, 'summary.json'))) {
    const resume = existsSync(join(out, 'config.json'));
    const argv = ['run', '--problem', grid.problem, '--scaffold', grid.scaffold, '--budget', String(grid.budget), '--seed', String(seed), ...model(grid), ...s.flags, '--out', out, '--json'];
    if (parallel > 1) argv.push('--threads', '1');
    if (resume) argv.push('--resume');
    mkdirSync(join(dir, 'logs'), { recursive: true });
    process.stderr.write(`study: ${grid.problem} ${s.name} seed ${seed}${resume ? ' (resumed)' : ''}\n`);
    await ahd(argv, join(dir, 'logs', `${s.name}-s${seed}.run.log`));
  }
  if (isEs(s) && grid.probeSamples > 0 && !existsSync(join(out, 'probe.json'))) {
    process.stderr.write(`study: probe ${grid.problem} ${s.name} seed ${seed}\n`);
    const line = await ahd(['probe', '--run', out, ...model(grid), '--samples', String(grid.probeSamples), '--json'], join(dir, 'logs', `${s.name}-s${seed}.probe.log`));
    writeFileSync(join(out, 'probe.json'), `${line}\n`);
  }
}

/** The jobs in order: per --only setting (or all settings at once), every grid, seeds outer. */
function jobs(): (readonly [Study, Setting, number])[] {
  const phases = args.only?.length ? args.only.map((name) => [name]) : [undefined];
  return phases.flatMap((names) =>
    studies.flatMap((study) =>
      study.grid.seeds.flatMap((seed) => study.grid.settings.filter((s) => !names || names.includes(s.name)).map((s) => [study, s, seed] as const)),
    ),
  );
}

async function runAll(): Promise<void> {
  const queue = jobs();
  if (queue.length === 0) throw new Error(`--only ${args.only?.join(', ')}: no such setting in the grids`);
  const failures: string[] = [];
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      for (let job = queue.shift(); job; job = queue.shift()) {
        try {
          await runOne(...job);
        } catch (error) {
          failures.push(`${job[0].grid.problem} ${job[1].name} s${job[2]}: ${(error as Error).message}`);
        }
        tabulate(job[0]); // results land as they come
      }
    }),
  );
  for (const f of failures) process.stderr.write(`study: failed: ${f}\n`);
}

const read = <T>(path: string): T | undefined => (existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as T) : undefined);
// A single seed's spread prints as 0, as it always has here.
const sd = (xs: readonly number[]) => sampleSd(xs) ?? 0;
const f = (x: number | null | undefined, d = 4) => (x === null || x === undefined || !Number.isFinite(x) ? '-' : x.toFixed(d));
const ms = (xs: readonly number[], d = 4) => (xs.length ? `${f(mean(xs), d)} ± ${f(sd(xs), d)}` : '-');

function tabulate(study: Study): void {
  const { grid, dir } = study;
  const splits = new Set<string>();
  const rows = grid.settings.map((s) => {
    const runs = grid.seeds.map((seed) => ({ seed, summary: read<Summary>(join(runDir(study, s, seed), 'summary.json')), probe: read<Probe>(join(runDir(study, s, seed), 'probe.json')) }));
    for (const r of runs) for (const k of Object.keys(r.summary?.best.test ?? {})) splits.add(k);
    return { setting: s, runs };
  });
  const testSplits = [...splits].sort();
  const baseline = rows.find((r) => r.setting.name === grid.baseline);
  const header = ['setting', 'seeds done', 'best train', ...testSplits.map((t) => `best ${t}`), 'valid share', 'samples/min', ...testSplits.map((t) => `${t} vs ${grid.baseline} (paired)`), 'probe: tuned - base', 'probe beyond 2 SE'];
  const table = rows.map(({ setting, runs }) => {
    const done = runs.filter((r) => r.summary);
    const test = (t: string, rs = done) => rs.map((r) => r.summary!.best.test[t]).filter((v): v is number => typeof v === 'number');
    const paired = testSplits.map((t) => {
      if (!baseline || setting === baseline.setting) return '';
      const diffs = done.flatMap((r) => {
        const b = baseline.runs.find((x) => x.seed === r.seed)?.summary?.best.test[t];
        const v = r.summary!.best.test[t];
        return typeof b === 'number' && typeof v === 'number' ? [v - b] : [];
      });
      const wins = diffs.filter((d) => d < 0).length;
      return diffs.length ? `${ms(diffs)} (n ${diffs.length}; lower ${wins}, higher ${diffs.filter((d) => d > 0).length})` : '-';
    });
    const probes = done.map((r) => r.probe?.paired).filter((p): p is NonNullable<Probe['paired']> => Boolean(p));
    return [
      setting.name,
      `${done.length}/${runs.length}`,
      ms(done.map((r) => r.summary!.best.objective)),
      ...testSplits.map((t) => ms(test(t))),
      ms(done.map((r) => r.summary!.valid / r.summary!.samples), 3),
      ms(done.map((r) => (60 * r.summary!.samples) / r.summary!.seconds), 0),
      ...paired,
      probes.length ? ms(probes.map((p) => p.meanDiff ?? NaN).filter(Number.isFinite)) : '-',
      probes.length ? `${probes.filter((p) => (p.improvementInSe ?? 0) > 2).length} better, ${probes.filter((p) => (p.improvementInSe ?? 0) < -2).length} worse of ${probes.length}` : '-',
    ];
  });
  const md = [
    `# ES study: ${grid.problem}, ${grid.scaffold}, budget ${grid.budget}, seeds ${grid.seeds.join(', ')}`,
    '',
    `Grid: \`${study.file}\` (settings and seeds fixed before the runs). Cells: mean ± sd over the seeds done (natural sign; ` +
      `${grid.problem} objectives as the task reports them). Paired: setting minus ${grid.baseline} at the same seed. ` +
      `Probe: ${grid.probeSamples} i1 samples of the tuned model minus the base model on the same sampler seeds (mean over seeds of ` +
      'the per-run paired mean difference); "beyond 2 SE": runs whose paired difference exceeds two paired standard errors.',
    '',
    `| ${header.join(' | ')} |`,
    `|${header.map(() => '---').join('|')}|`,
    ...table.map((r) => `| ${r.join(' | ')} |`),
    '',
    '## Settings',
    '',
    ...grid.settings.map((s) => `- \`${s.name}\`: \`ahd run --problem ${grid.problem} --scaffold ${grid.scaffold} --budget ${grid.budget} --seed <s> ${s.flags.join(' ')}\``),
    '',
    `Made by: \`node --import tsx benchmarks/es-study.ts ${studies.map((x) => `--grid ${x.file}`).join(' ')} --out ${args.out ?? args.from} --parallel ${parallel}${(args.only ?? []).map((o) => ` --only ${o}`).join('')}\``,
    '',
  ].join('\n');
  writeFileSync(join(dir, 'study.md'), md);
  writeFileSync(join(dir, 'study.json'), `${JSON.stringify({ grid, rows: rows.map((r) => ({ setting: r.setting.name, runs: r.runs })) }, null, 1)}\n`);
}

/**
 * Across grids: per grid, the probe gain (tuned - base, signed so that positive is better for the task) of each
 * setting over its seeds, and each setting minus the baseline setting paired by seed; then per seed.
 */
function summarise(): void {
  const gainOf = (study: Study, s: Setting, seed: number) => {
    const paired = read<Probe>(join(runDir(study, s, seed), 'probe.json'))?.paired;
    if (!paired || paired.meanDiff === null) return undefined;
    const sign = getProblem(study.grid.problem).sense === 'max' ? 1 : -1;
    return { gain: sign * paired.meanDiff, inSe: paired.improvementInSe ?? 0 };
  };
  const lines: string[] = [
    '# ES study summary: the probe, setting against setting, paired by seed',
    '',
    'Probe gain: the tuned model minus the base on the same sampler seeds, signed so that positive is better for the',
    'task (tour length and bins lower, value and set size higher), in the task\'s units; mean ± sd over seeds, with',
    'how many seeds are better than the base beyond two paired standard errors ("> 2 SE") and worse beyond two',
    '("< -2 SE"). "gain / its SE over seeds": the mean gain over its standard error across seeds (sd / sqrt(n)).',
    '"vs <baseline>": the setting\'s gain minus the baseline\'s at the same seed.',
    '',
  ];
  const header = ['task', 'setting', 'seeds', 'probe gain', 'gain / its SE over seeds', 'better / worse than base', '> 2 SE / < -2 SE', 'vs baseline (paired)', 'better than baseline'];
  // The gain over seeds in units of its standard error across seeds (sd / sqrt(n)): the task-level signal.
  const overSeeds = (xs: readonly number[]) => {
    const se = standardError(xs);
    return se ? f(mean(xs) / se, 2) : '-';
  };
  lines.push(`| ${header.join(' | ')} |`, `|${header.map(() => '---').join('|')}|`);
  for (const study of studies) {
    const base = study.grid.settings.find((s) => s.name === study.grid.baseline);
    for (const s of study.grid.settings) {
      const gains = study.grid.seeds.map((seed) => gainOf(study, s, seed));
      const done = gains.filter((g): g is NonNullable<typeof g> => g !== undefined);
      const paired = base && s !== base
        ? study.grid.seeds.flatMap((seed, i) => {
            const b = gainOf(study, base, seed);
            return b && gains[i] ? [gains[i]!.gain - b.gain] : [];
          })
        : [];
      lines.push(
        `| ${study.grid.problem} | ${s.name} | ${done.length} | ${ms(done.map((g) => g.gain))} | ${overSeeds(done.map((g) => g.gain))} | ` +
          `${done.filter((g) => g.gain > 0).length} / ${done.filter((g) => g.gain < 0).length} | ` +
          `${done.filter((g) => g.inSe > 2).length} / ${done.filter((g) => g.inSe < -2).length} | ` +
          `${s === base ? '' : paired.length ? `${ms(paired)} (n ${paired.length})` : '-'} | ` +
          `${s === base ? '' : `${paired.filter((d) => d > 0).length} of ${paired.length}`} |`,
      );
    }
  }
  lines.push('', '## Per seed: probe gain (paired SE units)', '');
  const names = [...new Set(studies.flatMap((st) => st.grid.settings.map((s) => s.name)))];
  lines.push(`| task | seed | ${names.join(' | ')} |`, `|---|---|${names.map(() => '---').join('|')}|`);
  for (const study of studies) {
    for (const seed of study.grid.seeds) {
      const cells = names.map((name) => {
        const s = study.grid.settings.find((x) => x.name === name);
        const g = s && gainOf(study, s, seed);
        return g ? `${f(g.gain)} (${f(g.inSe, 2)})` : '-';
      });
      lines.push(`| ${study.grid.problem} | ${seed} | ${cells.join(' | ')} |`);
    }
  }
  writeFileSync(join(root, 'summary.md'), `${lines.join('\n')}\n`);
}

for (const study of studies) mkdirSync(study.dir, { recursive: true });
if (!args.from) await runAll();
for (const study of studies) {
  tabulate(study);
  process.stderr.write(`study: wrote ${join(study.dir, 'study.md')}\n`);
}
if (studies.length > 1) {
  summarise();
  process.stderr.write(`study: wrote ${join(root, 'summary.md')}\n`);
}
