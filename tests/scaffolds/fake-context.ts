/** A RunContext double for scaffold tests: scripted objectives, recorded batches and snapshots. Tests only. */
import { getProblem } from '../../src/problems/index.ts';
import { createRng } from '../../src/ground/rng.ts';
import type { Candidate, CandidateSpec, EsSession, Individual, M2Mode, RunContext } from '../../src/core/types.ts';
import type { Outcome } from '../../src/sandbox/types.ts';

/** A RunContext whose candidates get objectives from `objective(index, spec)` (Infinity = invalid) and code from `code`. */
export function fakeContext(
  objective: (index: number, spec: CandidateSpec) => number,
  es?: EsSession,
  m2: M2Mode = 'free',
  code: (index: number) => string = (index) => `function selectNextNode() { return ${index}; }`,
) {
  const batches: CandidateSpec[][] = [];
  const snapshots: Array<{ generation: number; population: readonly Individual[] }> = [];
  const specOf = new Map<number, CandidateSpec>();
  const valid: number[] = [];
  let next = 0;
  const ctx: RunContext = {
    problem: getProblem('tsp50'),
    promptStyle: 'compact',
    m2,
    select: createRng(1),
    ...(es && { es }),
    async produce(specs) {
      batches.push([...specs]);
      return specs.map((spec): Candidate => {
        const index = next++;
        const value = objective(index, spec);
        specOf.set(index, spec);
        if (Number.isFinite(value)) valid.push(value);
        const outcome: Outcome = Number.isFinite(value)
          ? { status: 'ok', objective: value, values: [value], valid: 1, count: 1, ms: 0 }
          : { status: 'invalid', reason: 'scripted', ms: 0 };
        return {
          index,
          operator: spec.operator,
          parents: spec.parents.map((p) => p.id),
          description: `d${index}`,
          code: code(index),
          outcome,
          objective: value,
        };
      });
    },
    validObjectives: () => [...valid],
    async snapshot(generation, _total, population) {
      snapshots.push({ generation, population });
    },
  };
  return { ctx, batches, snapshots, specOf };
}
