import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { createRng } from '../../src/ground/rng.ts';
import { SandboxPool } from '../../src/sandbox/pool.ts';
import type { PromptSignature } from '../../src/scaffolds/prompts/signature.ts';
import { cross, mutate, randomGenome, reparam } from '../../models/recipe/corpus/genome.ts';
import { genericGrammar } from '../../models/recipe/corpus/generic.ts';
import { loadSignatureCheck, signatureCheck } from '../../models/recipe/corpus/signature-check.ts';

// A long wall-clock limit: these tests check validity, and a loaded machine stretches milliseconds into seconds.
const CHECK_TEST_TIMEOUT_MS = 60_000;

const SIGNATURES: Record<'array' | 'index' | 'number', PromptSignature> = {
  array: {
    id: 'shelf-queue',
    fnName: 'scoreSlots',
    params: ['load', 'slots', 'costs'],
    outputs: ['scores'],
    kinds: { slots: 'array', costs: 'array', scores: 'array' },
  },
  index: { id: 'job-route', fnName: 'pickTimes', params: ['times', 'deadline'], outputs: ['next'], kinds: { times: 'array', next: 'index' } },
  number: { id: 'grid-stock', fnName: 'estimateLevel', params: ['level', 'prices'], outputs: ['value'], kinds: { prices: 'array' } },
};

/** Programs that break the declared kind, and what the harness says of them. */
const BAD: Record<keyof typeof SIGNATURES, { code: string; reason: RegExp }[]> = {
  array: [
    { code: 'function scoreSlots(load, slots, costs) {\n  return slots.slice(1);\n}', reason: /must return \d+ scores/ },
    { code: 'function scoreSlots(load, slots, costs) {\n  return slots.map((x) => x / (x - x));\n}', reason: /not a finite number/ },
  ],
  index: [{ code: 'function pickTimes(times, deadline) {\n  return times.length;\n}', reason: /not an index below/ }],
  number: [{ code: 'function estimateLevel(level, prices) {\n  return Math.log(prices[0] - prices[0]);\n}', reason: /not a finite number/ }],
};

describe("the signature check: programs for a made-up signature, in the real sandbox", () => {
  const pool = new SandboxPool({ threads: 1, shareResults: false });
  const dir = mkdtempSync(join(tmpdir(), 'ahd-signature-check-test-'));
  afterAll(async () => {
    await pool.close();
    rmSync(dir, { recursive: true, force: true });
  });
  const evaluate = (problem: string, code: string) => pool.evaluate({ problem, split: 'train', code, seed: 0, timeoutMs: CHECK_TEST_TIMEOUT_MS });

  const kinds = Object.keys(SIGNATURES) as (keyof typeof SIGNATURES)[];
  it.each(kinds)('output kind %s: generic programs pass, programs returning something else fail', async (kind) => {
    const sig = SIGNATURES[kind];
    const check = await loadSignatureCheck(sig, dir);
    const grammar = genericGrammar(sig);
    const rng = createRng(`signature-check:${kind}`);
    const [a, b] = [randomGenome(grammar, rng), randomGenome(grammar, rng)];
    const good = [a, b, mutate(grammar, a, rng), cross(grammar, a, b, rng), reparam(grammar, b, rng)].map((g) => grammar.render(g).code);
    for (const code of good) {
      const outcome = await evaluate(check.id, code);
      expect(outcome.status, `${code}\n${JSON.stringify(outcome)}`).toBe('ok');
    }
    for (const { code, reason } of BAD[kind]) {
      const outcome = await evaluate(check.id, code);
      expect(outcome.status, code).toBe('invalid');
      expect(outcome.status === 'invalid' && outcome.reason, code).toMatch(reason);
    }
  }, 600_000); // minutes only on a loaded machine: the sandbox's start and a few programs

  it('refuses signatures it cannot draw inputs for', () => {
    const sig = (kinds: PromptSignature['kinds']) => ({ id: 'x', fnName: 'f', params: ['a'], outputs: ['b'], kinds });
    expect(() => signatureCheck(sig({ a: 'matrix', b: 'matrix' }))).toThrow(/matrix output/);
    expect(() => signatureCheck(sig({ b: 'index' }))).toThrow(/needs an array parameter/);
    expect(() => signatureCheck(sig({ a: 'index', b: 'index' }))).toThrow(/neither a number nor an array/);
  });
});

describe('generate.ts --generic', () => {
  const GENERATE = fileURLToPath(new URL('../../models/recipe/corpus/generate.ts', import.meta.url));
  const run = promisify(execFile);
  const generate = (out: string, ...args: string[]) =>
    run('npx', ['tsx', GENERATE, '--out', out, '--seed', '3', '--per-op', '1', '--pool', '2', '--problems', 'kp100', ...args]);

  it('is refused, in one line, for compact prompts (they carry no signature)', async () => {
    const out = join(tmpdir(), 'ahd-never-written.jsonl');
    const failed = await generate(out, '--generic', '5').catch((error: { code: number; stderr: string }) => error);
    expect(failed).toMatchObject({ code: 2, stderr: 'generate.ts: --generic needs --prompt-style compact-sig (compact prompts carry no signature)\n' });
  }, 120_000);

  it('appends generic examples after the task examples, which stay the same as without them', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ahd-generate-generic-'));
    try {
      const plain = await generate(join(dir, 'plain.jsonl'), '--prompt-style', 'compact-sig');
      const withGeneric = await generate(join(dir, 'generic.jsonl'), '--prompt-style', 'compact-sig', '--generic', '25');
      const tasks = readFileSync(join(dir, 'plain.jsonl'), 'utf8');
      const all = readFileSync(join(dir, 'generic.jsonl'), 'utf8');
      expect(all.startsWith(tasks)).toBe(true);
      const generic = all.slice(tasks.length).trim().split('\n').map((line) => JSON.parse(line) as { operator: string; prompt: string });
      expect(generic).toHaveLength(25);
      expect(generic.filter((e) => e.operator === 'i1')).toHaveLength(5);
      // Two signatures (a fresh one every 20 examples), each header showing its function.
      expect(new Set(generic.map((e) => e.prompt.split('\n')[0].split(' ').slice(2).join(' '))).size).toBe(2);
      expect(plain.stdout).toMatch(/^kp100: 5 examples \(0 without a valid child\); programs checked \d+, rejected 0\n$/);
      expect(withGeneric.stdout.startsWith(plain.stdout)).toBe(true);
      const summary = /^generic: 25 examples \(0 without a valid child\) for 2 signatures \(0 refused and redrawn\); programs checked \d+, rejected 0$/m;
      expect(withGeneric.stdout).toMatch(summary);
      // Blocks of five and wide names: a signature per five examples, so five here, each with one i1 example.
      const widened = await generate(join(dir, 'wide.jsonl'), '--prompt-style', 'compact-sig', '--generic', '25', '--generic-block', '5', '--generic-arrays', '3', '--generic-names', 'wide');
      const wide = readFileSync(join(dir, 'wide.jsonl'), 'utf8').slice(tasks.length).trim().split('\n').map((line) => JSON.parse(line) as { prompt: string });
      const headers = wide.map((e) => e.prompt.split('\n')[0].split(' ').slice(2).join(' '));
      // An edit with no valid child is skipped (the summary counts it), as in every corpus.
      const written = Number(/^generic: (\d+) examples .* for 5 signatures/m.exec(widened.stdout)?.[1]);
      expect(headers).toHaveLength(written);
      expect(written).toBeGreaterThan(20);
      expect(new Set(headers).size).toBe(5);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 600_000);

  it('refuses a block that does not share out over the five operators, in one line', async () => {
    const out = join(tmpdir(), 'ahd-never-written.jsonl');
    const failed = await generate(out, '--prompt-style', 'compact-sig', '--generic', '5', '--generic-block', '7').catch((error: { code: number; stderr: string }) => error);
    expect(failed).toMatchObject({ code: 2, stderr: 'generate.ts: --generic-block must be a positive multiple of 5 (one share per operator), got 7\n' });
    const names = await generate(out, '--prompt-style', 'compact-sig', '--generic', '5', '--generic-names', 'long').catch((error: { code: number; stderr: string }) => error);
    expect(names).toMatchObject({ code: 2, stderr: 'generate.ts: --generic-names must be basic, wide or mixed, got long\n' });
  }, 120_000);
});
