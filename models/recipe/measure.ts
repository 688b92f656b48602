/**
 * The bundled model's card figures, sampled through the engine: onnx backend (lifted weights, KV cache, the model's
 * own sampling defaults), prompts in the model's style (compact or compact-sig), the engine's response parser, and the sandbox on the full train split.
 *
 *   npx tsx models/recipe/measure.ts --model models/ahd-heuristic-lm --samples 30 [--sigmas 0,0.001,0.003,0.01] \
 *       [--problems tsp50,./examples/online-bpp/] [--temperature 0.6] [--answers answers.jsonl] \
 *       [--parents-from <run dir>,<run dir>] [--operators m2]
 *
 * Per problem: i1 samples first; their valid, distinct programs are the parent pool for e1/e2/m1/m2 (as in an
 * EoH run, whose population comes from i1). Prints, per problem and operator: valid share, share of children whose
 * code differs from every parent, median seconds per candidate, decode tokens/s; the best and median i1 objective
 * against the seed heuristic and the classical baselines; why the invalid samples failed, per problem; then i1
 * validity under seeded ES perturbations (skipped with --sigma-samples 0). `--answers FILE` also writes every sample
 * as a JSON line (problem, operator, sample seed, sigma, the model's raw text and how it fared), to read why samples
 * fail. `--parents-from` takes the parents from finished runs instead (each run's best heuristic, from a run
 * directory or one packed in a runs.zip): a search's best programs are longer than i1's, and whether a crossover
 * of two of them still fits the model's context is what this measures. For m1 and m2 it also counts the children
 * whose code has their parent's shape (numbers masked, corpus/numbers.ts): m2's definition, a copy with new numbers.
 * `--operators` measures only those (i1 left out needs --parents-from: the parents come from i1 otherwise).
 */
import { writeFileSync, appendFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { listProblems, loadProblem } from '../../src/problems/index.ts';
import type { Problem } from '../../src/problems/types.ts';
import { buildPrompt } from '../../src/scaffolds/eoh/operators.ts';
import { OPERATOR_IDS, type OperatorId } from '../../src/core/types.ts';
import { shapeOf } from './corpus/numbers.ts';
import type { PromptParent } from '../../src/scaffolds/prompts/types.ts';
import { createRng, deriveSeed } from '../../src/ground/rng.ts';
import { median as medianOf } from '../../src/ground/stats.ts';
import { loadOnnxModel } from '../../src/llm/onnx/index.ts';
import { parseResponse } from '../../src/extract/parse.ts';
import type { Perturbation } from '../../src/es/types.ts';
import type { LanguageModel } from '../../src/llm/types.ts';
import { SandboxPool } from '../../src/sandbox/pool.ts';
import { readRunConfig } from '../../src/engine/run-dir/config.ts';
import { readRunBest } from '../../src/engine/run-dir/best-file.ts';
import type { Outcome } from '../../src/sandbox/types.ts';

/** Why a sample is invalid: the first step it failed at (truncated: no code block before max new tokens). */
const FAILURES = ['truncated', 'no code', 'does not load', 'bad answer', 'error', 'timeout', 'oom'] as const;
type Failure = (typeof FAILURES)[number];

interface Sample {
  readonly valid: boolean;
  readonly failure?: Failure;
  readonly why?: string; // the parser's or sandbox's reason, for the commonest-reasons list
  readonly differs: boolean;
  readonly objective?: number;
  readonly code?: string;
  readonly description?: string;
  readonly seconds: number;
  readonly tokens: number;
  readonly promptTokens: number;
  /** One-parent operators: whether the child's code has its parent's shape (undefined: no code, or two parents). */
  readonly sameShape?: boolean;
}

const { values } = parseArgs({
  options: {
    model: { type: 'string', default: 'models/ahd-heuristic-lm' },
    samples: { type: 'string', default: '30' },
    seed: { type: 'string', default: '1' },
    problems: { type: 'string' },
    sigmas: { type: 'string', default: '0,0.001,0.003,0.01' },
    'sigma-samples': { type: 'string', default: '12' },
    temperature: { type: 'string' }, // default: the model's own
    answers: { type: 'string' },
    'parents-from': { type: 'string' },
    operators: { type: 'string', default: OPERATOR_IDS.join(',') },
  },
});
function usageError(message: string): never {
  console.error(`measure: ${message}`);
  process.exit(2);
}
// An empty --operators splits to [''], which is unknown too.
const operators = values.operators!.split(',') as OperatorId[];
if (operators.some((op) => !OPERATOR_IDS.includes(op))) usageError(`--operators takes ${OPERATOR_IDS.join(', ')}; got ${values.operators}`);
if (!operators.includes('i1') && !values['parents-from']) usageError('--operators without i1 needs --parents-from (the parents come from i1 otherwise)');
const samples = Number(values.samples);
const seed = Number(values.seed);
// Ids or paths of problems of the user's own (examples/online-bpp/): loadProblem registers those for the sandbox too.
const problems: Problem[] = values.problems ? await Promise.all(values.problems.split(',').map((ref) => loadProblem(ref))) : [...listProblems()];
const normalise = (code: string) => code.replace(/\s+/g, ' ').trim();
const median = (xs: number[]) => medianOf(xs) ?? Number.NaN;
const pct = (part: number, whole: number) => `${whole ? Math.round((100 * part) / whole) : 0}%`;
const natural = (p: Problem, objective: number) => (p.sense === 'max' ? -objective : objective);

/** --parents-from: the best heuristic of each given run of `problem` (none given: undefined, parents from i1). */
function runParents(runs: readonly { dir: string; problem: string }[] | undefined, problem: Problem): PromptParent[] | undefined {
  if (!runs) return undefined;
  const bests = runs.filter((run) => run.problem === problem.id).map((run) => readRunBest(run.dir, problem));
  const found = bests.filter((best) => best !== undefined);
  if (found.length === 0) throw new Error(`--parents-from: no finished run of ${problem.id} among the runs given`);
  return found.map(({ description, code }) => ({ description, code }));
}
// Read before any sampling, so that a wrong run dir fails at once, not after a problem's i1 samples; each run's
// config is read once, whatever the number of problems.
let givenParents: Map<string, PromptParent[] | undefined>;
try {
  const runs = values['parents-from']?.split(',').map((dir) => ({ dir, problem: readRunConfig(dir).problem }));
  givenParents = new Map(problems.map((problem) => [problem.id, runParents(runs, problem)]));
} catch (error) {
  usageError((error as Error).message);
}

// --temperature overrides the model's own; the rest of its sampling defaults stay.
const temperature = values.temperature === undefined ? {} : { temperature: Number(values.temperature) };
const model = await loadOnnxModel(values.model!);
const pool = new SandboxPool({ threads: 2 });
if (values.answers) writeFileSync(values.answers, '');

/** One sample's line in --answers' file (written as its outcome arrives, so lines are in completion order). */
function recordAnswer(problem: Problem, operator: OperatorId, sampleSeed: number, perturbation: Perturbation | undefined, text: string, x: Sample): Sample {
  if (values.answers) {
    const line = { problem: problem.id, operator, seed: sampleSeed, sigma: perturbation?.sigma ?? 0, valid: x.valid, failure: x.failure, why: x.why, sameShape: x.sameShape, text };
    appendFileSync(values.answers, JSON.stringify(line) + '\n');
  }
  return x;
}

async function sample(
  m: LanguageModel,
  problem: Problem,
  operator: OperatorId,
  parents: readonly PromptParent[],
  sampleSeed: number,
  perturbation?: Perturbation,
): Promise<{ readonly result: Promise<Sample> }> {
  const gen = await m.generate({
    messages: buildPrompt(m.promptStyle, problem, operator, parents),
    sampling: { ...m.defaults, ...temperature },
    seed: sampleSeed,
    perturbation,
  });
  const seconds = gen.ms / 1000;
  const parsed = parseResponse(gen.text, problem.fnName);
  if (!parsed.ok) {
    const failure: Failure = gen.finishReason === 'length' ? 'truncated' : 'no code';
    const x: Sample = { valid: false, failure, why: parsed.reason, differs: false, seconds, tokens: gen.completionTokens, promptTokens: gen.promptTokens };
    return { result: Promise.resolve(recordAnswer(problem, operator, sampleSeed, perturbation, gen.text, x)) };
  }
  const differs = parents.every((p) => normalise(p.code) !== normalise(parsed.code));
  const sameShape = parents.length === 1 ? shapeOf(parents[0].code) === shapeOf(parsed.code) : undefined;
  // Wrapped, not awaited: evaluation runs while the next sample is generated.
  const result = pool
    .evaluate({ problem: problem.id, split: 'train', code: parsed.code, seed: sampleSeed })
    .then((outcome: Outcome): Sample => ({
      valid: outcome.status === 'ok',
      failure: failureOf(outcome),
      why: outcome.status === 'invalid' ? outcome.reason : outcome.status === 'error' ? outcome.message : undefined,
      differs,
      objective: outcome.status === 'ok' ? outcome.objective : undefined,
      code: parsed.code,
      description: parsed.description,
      seconds,
      tokens: gen.completionTokens,
      promptTokens: gen.promptTokens,
      sameShape,
    }))
    .then((x) => recordAnswer(problem, operator, sampleSeed, perturbation, gen.text, x));
  return { result };
}

function failureOf(outcome: Outcome): Failure | undefined {
  if (outcome.status === 'ok') return undefined;
  if (outcome.status !== 'invalid') return outcome.status;
  return outcome.stage === 'run' ? 'bad answer' : 'does not load';
}

/** The three commonest reasons, digits folded (instance numbers, values) so that one kind counts once. */
function commonest(invalid: readonly Sample[]): string {
  const counts = new Map<string, number>();
  for (const x of invalid) {
    const why = (x.why ?? x.failure ?? '').replace(/\d+(\.\d+)?/g, 'N').replace(/\|/g, '/').slice(0, 90);
    counts.set(why, (counts.get(why) ?? 0) + 1);
  }
  return [...counts].sort((a, b) => b[1] - a[1]).slice(0, 3).map(([why, n]) => `${n}x ${why}`).join('; ');
}

function row(problem: Problem, operator: string, xs: Sample[]): string {
  const valid = xs.filter((x) => x.valid).length;
  const differs = xs.filter((x) => x.differs).length;
  const tokS = xs.reduce((a, x) => a + x.tokens, 0) / xs.reduce((a, x) => a + x.seconds, 0);
  const cut = xs.filter((x) => x.failure === 'truncated').length;
  const same = operator === 'm1' || operator === 'm2' ? pct(xs.filter((x) => x.sameShape).length, xs.length) : '-';
  return `| ${problem.id} | ${operator} | ${xs.length} | ${pct(valid, xs.length)} | ${operator === 'i1' ? '-' : pct(differs, xs.length)} | ${same} | ${median(xs.map((x) => x.seconds)).toFixed(2)} | ${tokS.toFixed(0)} | ${pct(cut, xs.length)} | ${median(xs.map((x) => x.promptTokens))} |`;
}

async function reference(problem: Problem): Promise<string> {
  const named = { seed: problem.seedCode, ...problem.baselines };
  const parts: string[] = [];
  for (const [name, code] of Object.entries(named)) {
    const o = await pool.evaluate({ problem: problem.id, split: 'train', code, seed: 1 });
    parts.push(`${name} ${o.status === 'ok' ? natural(problem, o.objective).toFixed(3) : o.status}`);
  }
  return parts.join(', ');
}

const table = [
  '| problem | operator | samples | valid | differs from parents | same shape as its parent | median s/candidate | tok/s | cut at length | median prompt tokens |',
  '|---|---|---|---|---|---|---|---|---|---|',
];
const quality: string[] = [];
const failures: string[] = [];
for (const problem of problems) {
  const all: Sample[] = [];
  const rng = createRng(deriveSeed(seed, `measure:${problem.id}`));
  const pending: Promise<Sample>[] = [];
  const i1Samples = operators.includes('i1') ? samples : 0;
  for (let k = 0; k < i1Samples; k++) pending.push((await sample(model, problem, 'i1', [], deriveSeed(seed, `${problem.id}:i1:${k}`))).result);
  const i1 = await Promise.all(pending);
  all.push(...i1);
  const parents = new Map<string, PromptParent>();
  for (const x of i1) if (x.valid) parents.set(normalise(x.code!), { description: x.description!, code: x.code! });
  const parentPool = givenParents.get(problem.id) ?? [...parents.values()];
  if (parentPool.length === 0) parentPool.push({ description: 'The seed heuristic.', code: problem.seedCode });
  if (i1.length > 0) {
    table.push(row(problem, 'i1', i1));
    const objectives = i1.filter((x) => x.valid).map((x) => natural(problem, x.objective!));
    const best = problem.sense === 'max' ? Math.max(...objectives) : Math.min(...objectives);
    quality.push(
      `| ${problem.id} | ${objectives.length} | ${best.toFixed(3)} | ${median(objectives).toFixed(3)} | ${await reference(problem)} |`,
    );
  }
  // Every operator draws its parents from the same stream whichever are measured, so sample k of an operator has
  // the same parents in a run that measures it alone.
  for (const operator of ['e1', 'e2', 'm1', 'm2'] as const) {
    const count = operator === 'e1' || operator === 'e2' ? 2 : 1;
    const jobs: Promise<Sample>[] = [];
    for (let k = 0; k < samples; k++) {
      const chosen = Array.from({ length: count }, () => parentPool[rng.int(parentPool.length)]);
      if (operators.includes(operator)) jobs.push((await sample(model, problem, operator, chosen, deriveSeed(seed, `${problem.id}:${operator}:${k}`))).result);
    }
    if (jobs.length === 0) continue;
    const xs = await Promise.all(jobs);
    all.push(...xs);
    table.push(row(problem, operator, xs));
  }
  const invalid = all.filter((x) => !x.valid);
  failures.push(`| ${problem.id} | ${invalid.length} of ${all.length} | ${FAILURES.map((f) => invalid.filter((x) => x.failure === f).length).join(' | ')} | ${commonest(invalid)} |`);
  console.error(`measured ${problem.id}`);
}
console.log(table.join('\n'));
if (quality.length > 0) {
  console.log('\n| problem | valid i1 | best i1 | median i1 | references (natural sign) |\n|---|---|---|---|---|');
  console.log(quality.join('\n'));
}
console.log(`\n| problem | invalid (all operators) | ${FAILURES.join(' | ')} | commonest reasons |\n|---|---|${FAILURES.map(() => '---').join('|')}|---|`);
console.log(failures.join('\n'));

// ES: i1 validity when the weights are perturbed by sigma * eps(seed), over all problems.
const perSigma = Number(values['sigma-samples']);
if (perSigma > 0) console.log('\n| sigma | i1 samples | valid | differs from the unperturbed sample |\n|---|---|---|---|');
const base = new Map<string, string>();
for (const sigma of perSigma > 0 ? values.sigmas!.split(',').map(Number) : []) {
  let valid = 0;
  let differs = 0;
  let total = 0;
  for (const problem of problems) {
    const jobs: Promise<Sample>[] = [];
    for (let k = 0; k < perSigma; k++) {
      const s = deriveSeed(seed, `${problem.id}:es:${k}`);
      // ES noise seeds live in [0, 2^31 - 1), as the reference draws them.
      jobs.push((await sample(model, problem, 'i1', [], s, sigma > 0 ? { seed: s % 2147483647, sigma } : undefined)).result);
    }
    const xs = await Promise.all(jobs);
    xs.forEach((x, k) => {
      const key = `${problem.id}:${k}`;
      if (sigma === 0) base.set(key, x.code ?? '');
      else if ((x.code ?? '') !== base.get(key)) differs++;
    });
    valid += xs.filter((x) => x.valid).length;
    total += xs.length;
  }
  console.log(`| ${sigma} | ${total} | ${pct(valid, total)} | ${sigma === 0 ? '-' : pct(differs, total)} |`);
}
await model.close();
await pool.close();
