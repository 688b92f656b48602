/**
 * Which parent each m2 sample of `measure.ts --operators m2 --samples 60 --seed 1 --parents-from <held-out.txt>` had
 * (measure.ts's parent stream, replayed), and whether the child kept its parent's description and shape:
 *
 *   npx tsx benchmarks/results/model-headroom/copy-m2/descriptions.ts tsp50 copy-m2/held-out.txt <answers.jsonl>
 *
 * Its same-shape counts equal measure.ts's own column, which checks the replay.
 */
import { readFileSync } from 'node:fs';
import { createRng, deriveSeed } from '../../../../src/ground/rng.ts';
import { readRunBest } from '../../../../src/engine/run-dir/best-file.ts';
import { readRunConfig } from '../../../../src/engine/run-dir/config.ts';
import { getProblem } from '../../../../src/problems/index.ts';
import { parseResponse } from '../../../../src/extract/parse.ts';
import { shapeOf } from '../../../../models/recipe/corpus/numbers.ts';
const [problemId, heldFile, answersFile] = process.argv.slice(2);
const problem = getProblem(problemId);
const dirs = readFileSync(heldFile, 'utf8').trim().split(',');
const pool = dirs.filter((d) => readRunConfig(d).problem === problemId).map((d) => readRunBest(d, problem)!);
const rng = createRng(deriveSeed(1, `measure:${problemId}`));
const parentsOf: number[] = [];
for (const op of ['e1', 'e2', 'm1', 'm2']) {
  const count = op === 'e1' || op === 'e2' ? 2 : 1;
  for (let k = 0; k < 60; k++) {
    const chosen = Array.from({ length: count }, () => rng.int(pool.length));
    if (op === 'm2') parentsOf.push(chosen[0]);
  }
}
const answers = readFileSync(answersFile, 'utf8').trim().split('\n').map((l) => JSON.parse(l)).filter((a) => a.problem === problemId && a.operator === 'm2');
let sameDesc = 0, sameShape = 0, n = 0, descSameShapeNot = 0;
for (let k = 0; k < 60; k++) {
  const seed = deriveSeed(1, `${problemId}:m2:${k}`);
  const a = answers.find((x) => x.seed === seed);
  const parsed = parseResponse(a.text, problem.fnName);
  if (!parsed.ok) continue;
  n++;
  const p = pool[parentsOf[k]];
  const d = parsed.description.trim() === p.description.trim();
  const s = shapeOf(parsed.code) === shapeOf(p.code);
  sameDesc += +d; sameShape += +s; if (d && !s) descSameShapeNot++;
}
console.log(`${problemId}: parsed ${n}, same description ${sameDesc}, same shape ${sameShape}, same description but not shape ${descSameShapeNot}`);
