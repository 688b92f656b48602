import { spawnSync } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { createRng } from '../../src/ground/rng.ts';
import { getProblem } from '../../src/problems/index.ts';
import { readRunBest } from '../../src/engine/run-dir/best-file.ts';
import { shapeOf, withNewNumbers } from '../../models/recipe/corpus/numbers.ts';
import { copyM2Examples } from '../../models/recipe/corpus/copy-m2.ts';
import { createSandboxValidator } from '../../models/recipe/corpus/validate.ts';

// A search's best tsp50 program (a look-ahead block, 1,700 characters), packed in a committed study.
const PACKED_RUN = 'benchmarks/results/model-headroom/measure2-lm-5/part-1/runs/tsp50-eoh-b1000-r0';
const validator = createSandboxValidator(1, 60_000);
afterAll(() => validator.close());

describe('numbers.ts: shapes and copies with new numbers', () => {
  it('masks numbers, a weight of 1 written without `1 *`, and the sign folded into a term', () => {
    expect(shapeOf('return 0.3 * a - 2 * b;')).toBe(shapeOf('return a + 0.71 * b;'));
    expect(shapeOf('x2 = y[1] + 0.5')).toBe('x2 = y[#] ± #');
    expect(shapeOf('return a * b;')).not.toBe(shapeOf('return a / b;'));
  });

  it('changes at least one decimal, keeps the integers and the shape, and is seeded', () => {
    const code = 'function f(x, y) {\n  for (let i = 0; i < 10; i++) x += y[i] * 0.25;\n  return 1.5 * x - 0.07;\n}';
    for (let seed = 0; seed < 20; seed++) {
      const copy = withNewNumbers(code, createRng(`copy:${seed}`))!;
      expect(copy).not.toBe(code);
      expect(shapeOf(copy)).toBe(shapeOf(code));
      expect(copy).toContain('let i = 0; i < 10;');
      expect(copy.match(/\d+\.\d+/g)).toHaveLength(3); // decimals stay decimals (2.0, not 2)
      expect(withNewNumbers(code, createRng(`copy:${seed}`))).toBe(copy);
    }
  });

  it('gives nothing for a program without a decimal literal', () => {
    expect(withNewNumbers('function f(a) { return a[0] + 2; }', createRng('none'))).toBeUndefined();
  });

  it("has the same shapes as operator-gains.py, which reads the runs' logs", () => {
    const codes = ['return 0.3 * a - 2 * b;', 'x2 = y[1] + 0.5 * z', 'a -1.25e-3 + 1 * q', readRunBest(PACKED_RUN, getProblem('tsp50'))!.code];
    const script = [
      'import importlib.util, json, sys',
      "spec = importlib.util.spec_from_file_location('gains', 'benchmarks/results/model-headroom/operator-gains.py')",
      "sys.path.insert(0, 'benchmarks/results/model-headroom')",
      'gains = importlib.util.module_from_spec(spec); spec.loader.exec_module(gains)',
      'print(json.dumps([gains.shape(c) for c in json.load(sys.stdin)]))',
    ].join('\n');
    const out = spawnSync('python3', ['-c', script], { input: JSON.stringify(codes), encoding: 'utf8' });
    expect(out.stderr).toBe('');
    expect(JSON.parse(out.stdout)).toEqual(codes.map(shapeOf));
  });
});

describe('copy-m2 examples', () => {
  it("pairs a search's grown program with a sandbox-checked copy of it with new numbers, its description kept", async () => {
    const best = readRunBest(PACKED_RUN, getProblem('tsp50'))!;
    const examples = await copyM2Examples('compact-sig', getProblem('tsp50'), [best], 3, createRng('copy-m2'), validator.validate);
    expect(examples).toHaveLength(3);
    for (const example of examples) {
      expect(example.operator).toBe('m2');
      expect(example.prompt.startsWith('#tsp50 m2 selectNextNode(')).toBe(true);
      const [parent, child] = [example.prompt, example.answer].map((text) => /function [\s\S]*\}/.exec(text)![0]);
      expect(shapeOf(child)).toBe(shapeOf(best.code));
      expect(shapeOf(parent)).toBe(shapeOf(best.code));
      expect(child).not.toBe(parent);
      expect(example.answer.startsWith(`{${best.description.trim()}}`)).toBe(true);
    }
    const again = await copyM2Examples('compact-sig', getProblem('tsp50'), [best], 3, createRng('copy-m2'), validator.validate);
    expect(again).toEqual(examples);
  }, 600_000); // minutes only on a loaded machine: six sandbox checks of milliseconds each
});
