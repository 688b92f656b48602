/**
 * Writes the bundled model's training corpus: seeded, every program checked by the real sandbox.
 *
 *   npx tsx models/recipe/corpus/generate.ts --out models/ahd-heuristic-lm/train-work/corpus.jsonl \
 *       --seed 1 --per-op 2000 --pool 400 [--prompt-style compact|compact-sig]
 *
 * Per problem: a pool of random valid programs serves as parents; for every operator `--per-op` examples pair
 * parents with the child that operator should produce (see examples.ts). One JSON object per line:
 * {problem, operator, prompt, answer, text}: text is the raw model text (chat template applied, eos appended).
 * Next to the corpus, format.json carries the special tokens and chat template for the tokenizer (bpe.py).
 * `--prompt-style` picks the prompt header (compact.ts): `compact` (the default, the shipped model's: `#tsp50 i1`)
 * or `compact-sig` (also the function's signature, so a model trained on it can read the function it should write
 * from the prompt). The programs and the random draws are the same in both styles; only the header differs.
 */
import { createWriteStream, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { parseArgs } from 'node:util';
import { PROBLEM_IDS, type ProblemId } from '../../../src/problems/types.ts';
import { OPERATOR_IDS } from '../../../src/core/types.ts';
import {
  COMPACT_CHAT_TEMPLATE,
  COMPACT_EOS,
  COMPACT_SPECIAL_TOKENS,
  renderCompactText,
  type CompactStyle,
} from '../../../src/scaffolds/prompts/compact.ts';
import { getProblem } from '../../../src/problems/index.ts';
import { createRng, deriveSeed, type Rng } from '../../../src/ground/rng.ts';
import { childFor, randomProgram, toExample, type Program } from './examples.ts';
import { GRAMMARS } from './grammars.ts';
import { createSandboxValidator, type CorpusValidator } from './validate.ts';

const PARENTS = { i1: 0, e1: 2, e2: 2, m1: 1, m2: 1 } as const;

function parentsFrom(pool: readonly Program[], count: number, rng: Rng): Program[] {
  const first = pool[rng.int(pool.length)];
  if (count < 2) return count === 1 ? [first] : [];
  let second = pool[rng.int(pool.length)];
  while (second === first && pool.length > 1) second = pool[rng.int(pool.length)];
  return [first, second];
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
    },
  });
  if (!values.out) throw new Error('--out is required');
  const style = values['prompt-style'];
  if (style !== 'compact' && style !== 'compact-sig') throw new Error(`--prompt-style must be compact or compact-sig, got ${style}`);
  const seed = Number(values.seed);
  const perOp = Number(values['per-op']);
  const poolSize = Number(values.pool);
  const problems = values.problems!.split(',') as ProblemId[];
  mkdirSync(dirname(values.out), { recursive: true });
  const format = { eosToken: COMPACT_EOS, specialTokens: COMPACT_SPECIAL_TOKENS, chatTemplate: COMPACT_CHAT_TEMPLATE };
  writeFileSync(join(dirname(values.out), 'format.json'), JSON.stringify(format, null, 2) + '\n');
  const out = createWriteStream(values.out);
  const validator = createSandboxValidator();
  try {
    // Problems run concurrently so the pool's workers stay busy; each has its own seeded stream and buffer.
    const reports = await Promise.all(problems.map((problem) => generateProblem(problem, style, seed, perOp, poolSize, validator)));
    for (const report of reports) {
      for (const line of report.lines) out.write(line);
      console.log(report.summary);
    }
  } finally {
    await new Promise<void>((resolve) => out.end(resolve));
    await validator.close();
  }
}

async function generateProblem(problem: ProblemId, style: CompactStyle, seed: number, perOp: number, poolSize: number, validator: CorpusValidator) {
  const grammar = GRAMMARS[problem];
  const rng = createRng(deriveSeed(seed, problem));
  const pool: Program[] = [];
  while (pool.length < poolSize) {
    const p = await randomProgram(grammar, rng, validator.validate);
    if (p && !pool.some((q) => q.code === p.code)) pool.push(p);
  }
  const lines: string[] = [];
  let missed = 0;
  for (const operator of OPERATOR_IDS) {
    for (let i = 0; i < perOp; i++) {
      const parents = parentsFrom(pool, PARENTS[operator], rng);
      const child = await childFor(grammar, operator, parents, rng, validator.validate);
      if (!child) {
        missed++;
        continue;
      }
      const example = toExample(style, getProblem(problem), operator, parents, child);
      const text = renderCompactText(example.prompt, example.answer, COMPACT_EOS);
      lines.push(JSON.stringify({ ...example, text }) + '\n');
    }
  }
  const s = validator.stats(problem);
  const reasons = Object.entries(s.reasons).map(([reason, n]) => `\n  rejected x${n}: ${reason}`);
  const summary = `${problem}: ${lines.length} examples (${missed} without a valid child); programs checked ${s.checked}, rejected ${s.rejected}${reasons.join('')}`;
  return { lines, summary };
}

await main();
