import type { GenerationEvent, LoggedEvent } from '../engine/events.ts';
import { naturalSign, type Sense } from '../ground/natural-sign.ts';
import type { Outcome } from '../sandbox/types.ts';
import { formatObjective } from '../ground/format-objective.ts';
import { median } from '../ground/stats.ts';

/** A table the report shows as is. */
export interface ReportTable {
  readonly id: string;
  readonly title: string;
  readonly header: readonly string[];
  readonly rows: readonly (readonly string[])[];
}

/** Per candidate: its operator, parents and final outcome, from the event log (the last attempt's answer). */
interface CandidateRecord {
  readonly index: number;
  readonly operator: string;
  readonly parents: readonly number[];
  /** The answer stopped at the model's length limit (max new tokens or the context's end), not at a stop. */
  readonly cut: boolean;
  /** Undefined in logs that did not record it. */
  readonly promptTokens?: number;
  readonly outcome?: Outcome;
}

function candidates(events: readonly LoggedEvent[]): Map<number, CandidateRecord> {
  const byIndex = new Map<number, CandidateRecord>();
  for (const e of events) {
    if (e.type === 'generation') {
      const g = e as GenerationEvent;
      byIndex.set(g.index, {
        index: g.index,
        operator: g.operator,
        parents: g.parents,
        cut: g.finishReason === 'length',
        promptTokens: g.promptTokens,
        outcome: byIndex.get(g.index)?.outcome,
      });
    } else if (e.type === 'outcome') {
      const known = byIndex.get(e.index);
      if (known) byIndex.set(e.index, { ...known, outcome: e.outcome });
    }
  }
  return byIndex;
}

const objectiveOf = (o?: Outcome) => (o?.status === 'ok' && Number.isFinite(o.objective) ? o.objective : undefined);
const pct = (n: number, d: number) => (d > 0 ? `${((100 * n) / d).toFixed(1)}%` : '-');

/**
 * Per operator: candidates, valid share, share cut at the length limit, median prompt tokens, share that beat their
 * (first) parent, and the best found. The cut share and prompt length show when an operator's prompts (two parents,
 * say) leave the model too little context for a whole answer: such answers end mid-program and count as invalid.
 */
export function operatorTable(events: readonly LoggedEvent[], sense: Sense): ReportTable {
  const all = candidates(events);
  const ops = new Map<string, CandidateRecord[]>();
  for (const c of all.values()) ops.set(c.operator, [...(ops.get(c.operator) ?? []), c]);
  const rows = [...ops.entries()].map(([op, cs]) => {
    const valid = cs.filter((c) => objectiveOf(c.outcome) !== undefined);
    const withParent = cs.filter((c) => c.parents.length > 0 && objectiveOf(all.get(c.parents[0])?.outcome) !== undefined);
    const improved = withParent.filter((c) => {
      const child = objectiveOf(c.outcome);
      return child !== undefined && child < objectiveOf(all.get(c.parents[0])?.outcome)!;
    });
    const best = valid.length ? Math.min(...valid.map((c) => objectiveOf(c.outcome)!)) : undefined;
    const prompt = median(cs.flatMap((c) => (c.promptTokens === undefined ? [] : [c.promptTokens])));
    return [
      op,
      String(cs.length),
      pct(valid.length, cs.length),
      pct(cs.filter((c) => c.cut).length, cs.length),
      prompt === null ? '-' : String(prompt),
      withParent.length ? pct(improved.length, withParent.length) : '-',
      best === undefined ? '-' : formatObjective(naturalSign(sense, best)),
    ];
  });
  return {
    id: 'table-operators',
    title: 'Operators',
    header: ['operator', 'candidates', 'valid', 'cut at length limit', 'prompt tokens (median)', 'improved on parent', 'best'],
    rows,
  };
}

/** Failures by kind; invalid reasons grouped by stage where the log has one (numbers masked), the most frequent first. */
export function failureTable(events: readonly LoggedEvent[]): ReportTable {
  const counts = new Map<string, number>();
  for (const c of candidates(events).values()) {
    const o = c.outcome;
    if (!o || o.status === 'ok') continue;
    const kind =
      o.status === 'invalid'
        ? `invalid${o.stage ? ` (${o.stage})` : ''}: ${o.reason.replace(/\d+(\.\d+)?/g, 'N').slice(0, 120)}`
        : o.status === 'error'
          ? `error: ${o.message.slice(0, 120)}`
          : o.status;
    counts.set(kind, (counts.get(kind) ?? 0) + 1);
  }
  const rows = [...counts.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).slice(0, 15).map(([k, n]) => [k, String(n)]);
  return { id: 'table-failures', title: 'Failures (the 15 most frequent kinds)', header: ['kind', 'candidates'], rows };
}

/** The best heuristic's ancestry: each candidate with its operator and objective, back to the initial samples. */
export function lineageTable(events: readonly LoggedEvent[], bestIndex: number | undefined, sense: Sense): ReportTable {
  const all = candidates(events);
  const rows: string[][] = [];
  const seen = new Set<number>();
  const queue = bestIndex === undefined ? [] : [{ index: bestIndex, depth: 0 }];
  while (queue.length > 0 && rows.length < 30) {
    const { index, depth } = queue.shift()!;
    if (seen.has(index)) continue;
    seen.add(index);
    const c = all.get(index);
    if (!c) continue;
    const objective = objectiveOf(c.outcome);
    rows.push([String(depth), String(index), c.operator, c.parents.join(', ') || '-', objective === undefined ? 'invalid' : formatObjective(naturalSign(sense, objective))]);
    for (const p of c.parents) queue.push({ index: p, depth: depth + 1 });
  }
  return { id: 'table-lineage', title: 'Lineage of the best heuristic', header: ['generations back', 'candidate', 'operator', 'parents', 'objective'], rows };
}
