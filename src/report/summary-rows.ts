import type { Individual } from '../core/types.ts';
import { methodName } from '../compare/methods.ts';
import type { RunData } from '../engine/run-dir/index.ts';
import { countOutcomes, validObjectives } from './series.ts';
import { esParamsOf, llmSource } from '../config/stored.ts';
import { describeEs } from '../es/describe.ts';
import { naturalSign } from '../ground/natural-sign.ts';
import { formatSeconds } from '../ground/format-seconds.ts';
import { formatObjective, formatTestMeans } from '../ground/format-objective.ts';

/** The run's headline figures as label/value rows (plain text; the page escapes them). */
export interface SummaryRow {
  readonly label: string;
  readonly value: string;
}

/** Test-split means of the best heuristic: summary.json, else the log's end event; undefined before the run ends. */
export function testResults(run: RunData): Readonly<Record<string, number | null>> | undefined {
  if (run.summary?.best?.test) return run.summary.best.test;
  const end = [...run.events].reverse().find((e) => e.type === 'end');
  return end?.type === 'end' ? end.test : undefined;
}

/** The best heuristic of the newest population (the run's answer so far). */
export function bestIndividual(run: RunData): Individual | undefined {
  return run.snapshots.at(-1)?.population[0];
}

export function summaryRows(run: RunData): SummaryRow[] {
  const { config, problem, summary } = run;
  const es = esParamsOf(config.es);
  const natural = (objective: number) => naturalSign(problem.sense, objective);
  const samples = summary?.samples ?? countOutcomes(run.events);
  const valid = summary?.valid ?? validObjectives(run.events).size;
  const best = bestIndividual(run);
  const bestObjective = summary?.best?.objective ?? (best ? natural(best.objective) : undefined);
  const test = testResults(run);
  const times = run.events.map((e) => e.at).filter((at) => typeof at === 'string');
  const rows: SummaryRow[] = [
    { label: 'problem', value: `${problem.id}: ${problem.title} (${problem.sense === 'max' ? 'maximised' : 'minimised'})` },
    { label: 'method', value: methodName(config.search.scaffold, config.es.enabled, config.es.mode) },
    { label: 'scaffold', value: config.search.scaffold },
    { label: 'es', value: config.es.enabled ? `on${es ? ` (${describeEs(es, config.search.scaffold)})` : ''}` : 'off' },
    ...(config.es.initFrom ? [{ label: 'warm start', value: `from ${config.es.initFrom} (its tuned weights: not pure test-time search)` }] : []),
    { label: 'budget', value: String(config.search.budget) },
    { label: 'seed', value: String(config.search.seed) },
    { label: 'model', value: `${config.recorded.model} (${config.llm.backend}: ${llmSource(config)}, ${config.recorded.promptStyle} prompts)` },
    { label: 'sampling', value: settingsText(config.sampling) },
    { label: 'status', value: summary ? `finished in ${formatSeconds(summary.seconds)}` : 'not finished (no summary.json)' },
    { label: 'samples', value: String(samples) },
    { label: 'valid', value: samples > 0 ? `${valid} (${((100 * valid) / samples).toFixed(1)}%)` : '0' },
    { label: 'best train objective', value: formatObjective(bestObjective, undefined, 'no valid heuristic yet') },
    {
      label: 'test (best heuristic)',
      value: test
        ? formatTestMeans(test, ': ') || '-'
        : 'not evaluated (the run has not finished)',
    },
  ];
  if (config.es.enabled) rows.push({ label: 'ES updates', value: `${run.updates.length} (from ${run.updatesFrom})` });
  if (times.length > 0) rows.push({ label: 'logged', value: `${times[0]} to ${times.at(-1)}` });
  if (run.unreadableLines > 0) {
    rows.push({ label: 'event log', value: `${run.unreadableLines} unreadable line(s) left out (a run killed mid-write?)` });
  }
  return rows;
}

/** `{a: 1, b: [2, 3]}` -> `a 1, b 2,3`: compact text for settings objects of any shape. */
function settingsText(settings: object): string {
  return Object.entries(settings)
    .map(([key, value]) => `${key} ${typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value)}`)
    .join(', ');
}
