/**
 * Where a run's wall time went, read from its event log (events.jsonl): per operator, over its calls (one call =
 * the candidates of one produce(): consecutive candidates of one operator between two population snapshots), the
 * generation span (first answer started to last answer done), the evaluation tail after the last answer, and the
 * ES update after the last outcome; then start-up before the first answer, the time between calls (population
 * management, prompts, snapshots) and the test-split evaluation after the last call. Sums are wall seconds; with
 * overlapping phases (evaluation while generating) only the part after the last answer counts as the tail.
 *
 *   node --import tsx benchmarks/run-time.ts <run-dir> [<run-dir> ...]
 */
import { join } from 'node:path';
import { readEvents, type LoggedEvent } from '../src/engine/events.ts';

interface Call {
  readonly operator: string;
  readonly indices: Set<number>;
  start: number;
  generated: number;
  evaluated: number;
  updated?: number;
}

const time = (e: LoggedEvent) => Date.parse(e.at);

function calls(events: readonly LoggedEvent[]): Call[] {
  const boundaries = new Set(events.flatMap((e) => (e.type === 'snapshot' ? [e.samples] : [])));
  const firsts = events
    .filter((e): e is Extract<LoggedEvent, { type: 'generation' }> => e.type === 'generation' && e.attempt === 0)
    .sort((a, b) => a.index - b.index);
  const list: Call[] = [];
  for (const g of firsts) {
    const last = list.at(-1);
    if (!last || last.operator !== g.operator || boundaries.has(g.index)) {
      list.push({ operator: g.operator, indices: new Set([g.index]), start: Infinity, generated: 0, evaluated: 0 });
    } else last.indices.add(g.index);
  }
  const byIndex = new Map<number, Call>();
  for (const c of list) for (const i of c.indices) byIndex.set(i, c);
  for (const e of events) {
    if (e.type === 'generation') {
      const c = byIndex.get(e.index)!;
      c.start = Math.min(c.start, time(e) - e.ms);
      c.generated = Math.max(c.generated, time(e));
    } else if (e.type === 'outcome') {
      const c = byIndex.get(e.index);
      if (c) c.evaluated = Math.max(c.evaluated, time(e));
    }
  }
  // Updates come in the order of the perturbed calls (one each).
  const perturbed = list.filter((c) => events.some((e) => e.type === 'generation' && c.indices.has(e.index) && e.perturbation));
  const updates = events.filter((e) => e.type === 'update');
  perturbed.forEach((c, k) => {
    if (updates[k]) c.updated = time(updates[k]);
  });
  return list;
}

function report(dir: string): string {
  const events = readEvents(join(dir, 'events.jsonl'));
  const start = events.find((e) => e.type === 'start');
  const end = events.findLast((e) => e.type === 'end');
  const list = calls(events);
  if (!start || !end || list.length === 0) return `${dir}: not a finished run with an event log\n`;
  const s = (ms: number) => (ms / 1000).toFixed(1);
  const ops = new Map<string, { calls: number; candidates: number; generation: number; tail: number; update: number }>();
  let between = 0;
  list.forEach((c, k) => {
    const row = ops.get(c.operator) ?? { calls: 0, candidates: 0, generation: 0, tail: 0, update: 0 };
    row.calls++;
    row.candidates += c.indices.size;
    row.generation += c.generated - c.start;
    row.tail += Math.max(0, c.evaluated - c.generated);
    const done = Math.max(c.evaluated, c.updated ?? 0);
    if (c.updated) row.update += Math.max(0, c.updated - c.evaluated);
    ops.set(c.operator, row);
    const next = list[k + 1];
    if (next) between += Math.max(0, next.start - done);
  });
  const last = list.at(-1)!;
  const finished = Math.max(last.evaluated, last.updated ?? 0);
  const resumed = events.filter((e) => e.type === 'start').length > 1;
  const lines = [
    `## ${dir}${resumed ? ' (resumed: the spans include the time it was stopped)' : ''}`,
    '',
    '| operator | calls | candidates | generation s | evaluation tail s | ES update s |',
    '|---|---:|---:|---:|---:|---:|',
    ...[...ops].map(([op, r]) => `| ${op} | ${r.calls} | ${r.candidates} | ${s(r.generation)} | ${s(r.tail)} | ${s(r.update)} |`),
    '',
    `start-up ${s(list[0].start - time(start))} s, between calls ${s(between)} s, test splits after the last call ` +
      `${s(time(end) - finished)} s; first event to last ${s(time(end) - time(start))} s`,
    '',
  ];
  return lines.join('\n');
}

const dirs = process.argv.slice(2);
if (dirs.length === 0) {
  process.stderr.write('usage: run-time.ts <run-dir> [<run-dir> ...]\n');
  process.exit(2);
}
for (const dir of dirs) process.stdout.write(`${report(dir)}\n`);
