/**
 * Writes the bundled model's training corpus: seeded, every program checked by the real sandbox.
 *
 *   npx tsx models/recipe/corpus/generate.ts --out models/ahd-heuristic-lm/train-work/corpus.jsonl \
 *       --seed 1 --per-op 2000 --pool 400 [--prompt-style compact|compact-sig] [--generic N] \
 *       [--generic-block 20] [--generic-arrays 2] [--generic-names basic|wide|mixed] [--extend asp-tables]
 *
 * Per problem: a pool of random valid programs serves as parents; for every operator `--per-op` examples pair
 * parents with the child that operator should produce (see examples.ts). One JSON object per line:
 * {problem, operator, prompt, answer, text}: text is the raw model text (chat template applied, eos appended).
 * Next to the corpus, format.json carries the special tokens and chat template for the tokenizer (bpe.py).
 * `--prompt-style` picks the prompt header (compact.ts): `compact` (the default, the shipped model's: `#tsp50 i1`)
 * or `compact-sig` (also the function's signature, so a model trained on it can read the function it should write
 * from the prompt). The programs and the random draws are the same in both styles; only the header differs.
 *
 * `--generic N` (compact-sig only: the signature is all such an example tells of its function) appends N examples
 * for made-up signatures (synthetic.ts), written by the generic grammar (generic.ts), spread evenly over the five
 * operators: a fresh signature every `--generic-block` examples (a multiple of five, so each operator gets its share
 * of every block), with its own pool of GENERIC_POOL parents. They are checked in the real sandbox too, on a
 * signature-check problem per signature (signature-check.ts). They draw from their own seeded streams, so the task
 * examples are the same with or without them (the default, 0, adds none). `--generic-arrays` (at most this many array
 * parameters) and `--generic-names` (synthetic.ts's name pools) shape the signatures; their defaults, with block 20,
 * are ahd-heuristic-lm-2's corpus. Smaller blocks and wide names give many more name bindings per example, which is
 * what a model needs to learn to copy a header's names into the body (ahd-heuristic-lm-3's card); mixed names make
 * half of them made-up words no other signature has, so copying is the only way to fit them.
 *
 * `--copy-m2 N --copy-parents <root>,<root>` appends N m2 examples per task whose parents are the best programs of
 * the finished runs at or below those roots (run folders or studies' runs.zip), copied with new numbers
 * (copy-m2.ts): m2 on programs a search grew, which no grammar writes. Their own seeded stream, so the other
 * examples are the same with or without them.
 *
 * `--extend` names grammar extensions (grammars.ts; two on one task compose, in the order named): the tasks they
 * extend are written from the extended grammar, the others exactly as without it (each task draws from its own
 * seeded stream).
 */
import { createWriteStream, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { parseArgs } from 'node:util';
import { PROBLEM_IDS, type ProblemId } from '../../../src/problems/types.ts';
import { OPERATOR_IDS, type OperatorId } from '../../../src/core/types.ts';
import {
  COMPACT_CHAT_TEMPLATE,
  COMPACT_EOS,
  COMPACT_SPECIAL_TOKENS,
  renderCompactText,
  type CompactStyle,
} from '../../../src/scaffolds/prompts/compact.ts';
import { getProblem } from '../../../src/problems/index.ts';
import { createRng, deriveSeed, type Rng } from '../../../src/ground/rng.ts';
import { signatureText, type PromptSignature } from '../../../src/scaffolds/prompts/signature.ts';
import { childFor, randomProgram, toExample, type Example, type Program, type Validator } from './examples.ts';
import { copyM2Examples } from './copy-m2.ts';
import type { PromptParent } from '../../../src/scaffolds/prompts/types.ts';
import { findFinishedRuns } from '../../../src/engine/run-dir/finished-runs.ts';
import { readRunBest } from '../../../src/engine/run-dir/best-file.ts';
import type { TaskGrammar } from './genome.ts';
import { genericGrammar } from './generic.ts';
import { grammarsWith, type Grammars } from './grammars.ts';
import { loadSignatureCheck } from './signature-check.ts';
import { randomSignature, SIGNATURE_NAMES, type SignatureNames, type SignatureOptions } from './synthetic.ts';
import { createSandboxValidator, type CorpusValidator, type ValidatorStats } from './validate.ts';

const PARENTS = { i1: 0, e1: 2, e2: 2, m1: 1, m2: 1 } as const;

function parentsFrom(pool: readonly Program[], count: number, rng: Rng): Program[] {
  const first = pool[rng.int(pool.length)];
  if (count < 2) return count === 1 ? [first] : [];
  let second = pool[rng.int(pool.length)];
  while (second === first && pool.length > 1) second = pool[rng.int(pool.length)];
  return [first, second];
}

/** A mistake in the arguments: one line on stderr, no stack. */
function usage(message: string): never {
  console.error(`generate.ts: ${message}`);
  process.exit(2);
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      out: { type: 'string' },
      seed: { type: 'string', default: '1' },
      'per-op': { type: 'string', default: '2000' },
      pool: { type: 'string', default: '400' },
      problems: { type: 'string', default: PROBLEM_IDS.join(',') },
      'prompt-style': { type: 'string', default: 'compact' },
      generic: { type: 'string', default: '0' },
      'generic-block': { type: 'string', default: '20' },
      'generic-arrays': { type: 'string', default: '2' },
      'generic-names': { type: 'string', default: 'basic' },
      'copy-m2': { type: 'string', default: '0' },
      'copy-parents': { type: 'string' },
      extend: { type: 'string', default: '' },
    },
  });
  if (!values.out) usage('--out is required');
  const style = values['prompt-style'];
  if (style !== 'compact' && style !== 'compact-sig') usage(`--prompt-style must be compact or compact-sig, got ${style}`);
  const generic = Number(values.generic);
  if (!Number.isInteger(generic) || generic < 0) usage(`--generic must be a non-negative integer, got ${values.generic}`);
  if (generic > 0 && style !== 'compact-sig') usage('--generic needs --prompt-style compact-sig (compact prompts carry no signature)');
  const block = Number(values['generic-block']);
  if (!Number.isInteger(block) || block <= 0 || block % OPERATOR_IDS.length !== 0) {
    usage(`--generic-block must be a positive multiple of ${OPERATOR_IDS.length} (one share per operator), got ${values['generic-block']}`);
  }
  const maxArrays = Number(values['generic-arrays']);
  if (!Number.isInteger(maxArrays) || maxArrays < 1) usage(`--generic-arrays must be a positive integer, got ${values['generic-arrays']}`);
  const names = values['generic-names'] as SignatureNames;
  if (!SIGNATURE_NAMES.includes(names)) usage(`--generic-names must be ${SIGNATURE_NAMES.slice(0, -1).join(', ')} or ${SIGNATURE_NAMES.at(-1)}, got ${names}`);
  const genericShape: GenericShape = { block, signature: { maxArrays, names } };
  const copyM2 = Number(values['copy-m2']);
  if (!Number.isInteger(copyM2) || copyM2 < 0) usage(`--copy-m2 must be a non-negative integer, got ${values['copy-m2']}`);
  if (copyM2 > 0 && !values['copy-parents']) usage('--copy-m2 needs --copy-parents (the runs whose best programs are the parents)');
  const seed = Number(values.seed);
  const perOp = Number(values['per-op']);
  const poolSize = Number(values.pool);
  const problems = values.problems!.split(',') as ProblemId[];
  let grammars: Grammars;
  try {
    grammars = grammarsWith(values.extend!);
  } catch (error) {
    usage(`--extend: ${(error as Error).message}`);
  }
  let copyBases: Map<string, PromptParent[]> = new Map();
  try {
    if (copyM2 > 0) copyBases = runBests(values['copy-parents']!.split(','), problems);
  } catch (error) {
    usage(`--copy-parents: ${(error as Error).message}`);
  }
  mkdirSync(dirname(values.out), { recursive: true });
  const format = { eosToken: COMPACT_EOS, specialTokens: COMPACT_SPECIAL_TOKENS, chatTemplate: COMPACT_CHAT_TEMPLATE };
  writeFileSync(join(dirname(values.out), 'format.json'), JSON.stringify(format, null, 2) + '\n');
  const out = createWriteStream(values.out);
  const validator = createSandboxValidator();
  // The signature checks' modules: the sandbox's threads load a problem of their own from its file.
  const checks = generic > 0 ? mkdtempSync(join(tmpdir(), 'ahd-signature-checks-')) : undefined;
  try {
    // Problems run concurrently so the pool's workers stay busy; each has its own seeded stream and buffer.
    const reports = await Promise.all([
      ...problems.map((problem) => generateProblem(problem, grammars[problem], style, seed, perOp, poolSize, validator, copyM2, copyBases.get(problem) ?? [])),
      ...(checks ? [generateGeneric(generic, genericShape, seed, validator, checks)] : []),
    ]);
    for (const report of reports) {
      for (const line of report.lines) out.write(line);
      console.log(report.summary);
    }
  } finally {
    await new Promise<void>((resolve) => out.end(resolve));
    await validator.close();
    if (checks) rmSync(checks, { recursive: true, force: true });
  }
}

async function generateProblem(
  problem: ProblemId,
  grammar: TaskGrammar,
  style: CompactStyle,
  seed: number,
  perOp: number,
  poolSize: number,
  validator: CorpusValidator,
  copyM2: number,
  copyBases: readonly PromptParent[],
) {
  const rng = createRng(deriveSeed(seed, problem));
  const pool = await programPool(grammar, poolSize, rng, validator.validate);
  const lines: string[] = [];
  let missed = 0;
  for (const operator of OPERATOR_IDS) {
    for (let i = 0; i < perOp; i++) {
      const line = await exampleLine(style, getProblem(problem), grammar, operator, pool, rng, validator.validate);
      if (line) lines.push(line);
      else missed++;
    }
  }
  const copies = await copyM2Examples(style, getProblem(problem), copyBases, copyM2, createRng(deriveSeed(seed, `copy-m2:${problem}`)), validator.validate);
  for (const example of copies) lines.push(exampleJson(example));
  const copied = copyM2 > 0 ? `; copy-m2 ${copies.length} of ${copyM2} from ${copyBases.length} parents` : '';
  const s = validator.stats(problem);
  return { lines, summary: `${problem}: ${lines.length} examples (${missed} without a valid child${copied}); ${checkedText(s)}` };
}

/** Per problem, the distinct best programs of the finished runs at or below `roots`; a problem with none is refused. */
function runBests(roots: readonly string[], problems: readonly ProblemId[]): Map<string, PromptParent[]> {
  const runs = roots.flatMap((root) => findFinishedRuns(root));
  const bests = new Map<string, PromptParent[]>();
  for (const problem of problems) {
    const seen = new Map<string, PromptParent>();
    for (const run of runs.filter((r) => r.problem === problem)) {
      const best = readRunBest(run.dir, getProblem(problem));
      if (best) seen.set(best.code, { description: best.description, code: best.code });
    }
    if (seen.size === 0) throw new Error(`no finished run of ${problem} under ${roots.join(', ')}`);
    bests.set(problem, [...seen.values()]);
  }
  return bests;
}

/** `size` distinct valid programs of the grammar, the parents examples draw from; fewer if `maxDraws` runs out. */
async function programPool(grammar: TaskGrammar, size: number, rng: Rng, validate: Validator, maxDraws = Infinity): Promise<Program[]> {
  const pool: Program[] = [];
  for (let draws = 0; pool.length < size && draws < maxDraws; draws++) {
    const p = await randomProgram(grammar, rng, validate);
    if (p && !pool.some((q) => q.code === p.code)) pool.push(p);
  }
  return pool;
}

/** One example's JSON line, or undefined when no valid child was found. */
async function exampleLine(
  style: CompactStyle,
  sig: PromptSignature,
  grammar: TaskGrammar,
  operator: OperatorId,
  pool: readonly Program[],
  rng: Rng,
  validate: Validator,
): Promise<string | undefined> {
  const parents = parentsFrom(pool, PARENTS[operator], rng);
  const child = await childFor(grammar, operator, parents, rng, validate);
  if (!child) return undefined;
  return exampleJson(toExample(style, sig, operator, parents, child));
}

function exampleJson(example: Example): string {
  const text = renderCompactText(example.prompt, example.answer, COMPACT_EOS);
  return JSON.stringify({ ...example, text }) + '\n';
}

function checkedText(s: ValidatorStats): string {
  const reasons = Object.entries(s.reasons).map(([reason, n]) => `\n  rejected x${n}: ${reason}`);
  return `programs checked ${s.checked}, rejected ${s.rejected}${reasons.join('')}`;
}

/** How the generic examples are drawn: examples per made-up signature, and the signatures' options. */
interface GenericShape {
  readonly block: number;
  readonly signature: SignatureOptions;
}
/** Parents per made-up signature. */
const GENERIC_POOL = 10;
const MAX_DRAWS = 100;

/** A signature the generic grammar writes for (one it refuses is redrawn) and its grammar. */
function drawSignature(rng: Rng, options: SignatureOptions): { sig: PromptSignature; grammar: TaskGrammar; redrawn: number } {
  for (let redrawn = 0; redrawn < MAX_DRAWS; redrawn++) {
    const sig = randomSignature(rng, options);
    try {
      return { sig, grammar: genericGrammar(sig), redrawn };
    } catch {
      // shapeOf refused it (said in the message); draw another
    }
  }
  throw new Error(`generic: ${MAX_DRAWS} signatures in a row refused by the generic grammar`);
}

/**
 * `count` examples for made-up signatures: example k is operator k mod 5, and every `shape.block` examples share one
 * signature. The signatures come from the 'generic' stream; each block draws its programs from a stream of its own,
 * so the blocks run concurrently (keeping the sandbox's threads busy) and the output stays the same.
 */
async function generateGeneric(count: number, shape: GenericShape, seed: number, validator: CorpusValidator, checks: string) {
  const rng = createRng(deriveSeed(seed, 'generic'));
  const size = shape.block;
  const blocks = Array.from({ length: Math.ceil(count / size) }, (_, b) => ({ b, ...drawSignature(rng, shape.signature) }));
  const results = await Promise.all(
    blocks.map(async ({ b, sig, grammar }) => {
      const check = await loadSignatureCheck(sig, checks);
      const validate: Validator = (_problem, code) => validator.validate(check.id, code);
      const blockRng = createRng(deriveSeed(seed, `generic:${b}`));
      const pool = await programPool(grammar, GENERIC_POOL, blockRng, validate, 10 * GENERIC_POOL);
      if (pool.length < GENERIC_POOL) throw new Error(`generic: no pool of valid programs for ${signatureText(sig)}`);
      const lines: string[] = [];
      for (let k = b * size; k < Math.min(count, (b + 1) * size); k++) {
        const operator = OPERATOR_IDS[k % OPERATOR_IDS.length];
        const line = await exampleLine('compact-sig', sig, grammar, operator, pool, blockRng, validate);
        if (line) lines.push(line);
      }
      return { lines, check: check.id };
    }),
  );
  const lines = results.flatMap((r) => r.lines);
  const stats: ValidatorStats = { checked: 0, rejected: 0, reasons: {} };
  const checkIds = new Set(results.map((r) => r.check));
  for (const id of checkIds) {
    const s = validator.stats(id);
    stats.checked += s.checked;
    stats.rejected += s.rejected;
    for (const [reason, n] of Object.entries(s.reasons)) stats.reasons[reason] = (stats.reasons[reason] ?? 0) + n;
  }
  const redrawn = blocks.reduce((sum, block) => sum + block.redrawn, 0);
  const summary =
    `generic: ${lines.length} examples (${count - lines.length} without a valid child) for ${checkIds.size} signatures ` +
    `(${redrawn} refused and redrawn); ${checkedText(stats)}`;
  return { lines, summary };
}

await main();
