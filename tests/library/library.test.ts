/**
 * ahd as a library, imported by its package name as a user's project would, and a problem of the user's own
 * (examples/online-bpp) through the library and the CLI: eval reproduces its baselines, a run through --llm
 * openai (a scripted server on loopback) finishes, and report / export / resume find the problem again.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRng } from '../../src/ground/rng.ts';
import { scriptedOpenAiServer, tempDir } from '../engine/helpers.ts';

const AHD = new URL('../../bin/ahd.js', import.meta.url).pathname;
const EXAMPLE = new URL('../../examples/online-bpp/', import.meta.url).pathname;
const BEST_FIT = 'function priority(item, bins) {\n  return bins.map((b) => -(b - item));\n}';
const NEAREST = `function selectNextNode(currentNode, destinationNode, unvisitedNodes, distanceMatrix) {
  return unvisitedNodes[0];
}`;

const ahd = (...args: string[]) => {
  const r = spawnSync(process.execPath, [AHD, ...args], { encoding: 'utf8', timeout: 120_000 });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
};

/** The same without blocking this process: the scripted server below lives in it. */
function ahdAsync(...args: string[]): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [AHD, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c) => (stdout += c));
    child.stderr.on('data', (c) => (stderr += c));
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}

describe("import('ahd')", () => {
  it('offers run, evaluate, defineProblem, the backends and the run-directory reader', async () => {
    const ahdLib = await import('ahd');
    for (const name of ['run', 'evaluate', 'defineProblem', 'loadProblem', 'loadOnnxModel', 'createOpenAiModel', 'createEsServerModel', 'checkEsServer', 'startEsServer', 'readRun', 'readRunConfig', 'findFinishedRuns', 'SandboxPool']) {
      expect(typeof (ahdLib as Record<string, unknown>)[name], name).toBe('function');
    }
  });

  it('evaluates a built-in task and a problem module of your own', async () => {
    const { evaluate } = await import('ahd');
    const tsp = await evaluate('tsp50', NEAREST, ['train']);
    expect(tsp.stats[0].mean).toBeCloseTo(7.00437, 5);
    const bpp = await evaluate(EXAMPLE, BEST_FIT, ['train']);
    expect(bpp.stats[0]).toMatchObject({ problem: 'online-bpp', split: 'train', count: 5, valid: 5 });
    expect(bpp.stats[0].mean!).toBeGreaterThan(3);
    expect(bpp.stats[0].mean!).toBeLessThan(5);
  });

  it('evaluates a Problem loadProblem returned; one defineProblem made but nothing loaded is refused with the way to load it', async () => {
    const { defineProblem, evaluate, loadProblem } = await import('ahd');
    const loaded = await loadProblem(EXAMPLE);
    expect((await evaluate(loaded, BEST_FIT, ['train'])).stats[0]).toMatchObject({ problem: 'online-bpp', valid: 5 });
    const { id, title, sense, fnName, params, outputs, taskText, ioText, seedCode, splits, loadSplit, harnessSource, score } = loaded;
    const unloaded = defineProblem({ id: 'unloaded', title, sense, fnName, params, outputs, taskText, ioText, seedCode, splits, loadSplit, harness: harnessSource, score });
    await expect(evaluate(unloaded, BEST_FIT, ['train'])).rejects.toThrow(
      /^problem "unloaded" is not loaded from its module: pass the module's path instead \(evaluate\('\.\/my-problem\/', \.\.\.\)\), or the Problem loadProblem\(path\) returns/,
    );
  });

  it('refuses a definition with a clear message', async () => {
    const { defineProblem } = await import('ahd');
    expect(() => defineProblem({ id: 'Bad Id' } as never)).toThrow(/^problem definition: id: must be lower-case/);
  });
});

describe('a problem of your own on the CLI (examples/online-bpp)', () => {
  let server: Awaited<ReturnType<typeof scriptedOpenAiServer>>;
  let endpoint = '';
  const dir = tempDir('ahd-own-problem-');

  beforeAll(async () => {
    // Answers a best-fit variant with a seeded tie-break weight, in the format the parser reads.
    server = await scriptedOpenAiServer((seed) => {
      const w = (createRng(`${seed}`).int(1000) / 1000).toFixed(3);
      return `{Best fit, with ${w} times the bin's capacity as a tie-break.}\n\`\`\`javascript\nfunction priority(item, bins) {\n  return bins.map((b) => -(b - item) + ${w} * b / 1000);\n}\n\`\`\``;
    });
    endpoint = server.endpoint;
  });
  afterAll(() => server.close());

  it('ahd eval reproduces best fit and first fit, and lists the baselines as a user would write them', () => {
    const bf = join(dir, 'best-fit.js');
    const ff = join(dir, 'first-fit.js');
    writeFileSync(bf, BEST_FIT);
    writeFileSync(ff, 'function priority(item, bins) {\n  return bins.map((b, i) => -i);\n}');
    const best = ahd('eval', '--problem', EXAMPLE, '--heuristic', bf, '--split', 'train', '--json');
    expect(best.status, best.stderr).toBe(0);
    const first = ahd('eval', '--problem', EXAMPLE, '--heuristic', ff, '--split', 'train', '--json');
    const [b] = JSON.parse(best.stdout) as { mean: number }[];
    const [f] = JSON.parse(first.stdout) as { mean: number }[];
    expect(b.mean).toBeCloseTo(4.1256288, 6); // excess over the L1 bound, %, on the shipped train instances
    expect(f.mean).toBeGreaterThan(b.mean); // first fit packs worse than best fit
  });

  it('ahd run through --llm openai, from a --config file; then report, export and resume find the problem', async () => {
    const out = join(dir, 'run');
    const config = join(dir, 'run.json');
    writeFileSync(
      config,
      JSON.stringify({ problem: EXAMPLE, search: { scaffold: 'sample', budget: 40, seed: 3 }, llm: { backend: 'openai', endpoint: [endpoint], model: 'scripted' } }),
    );
    const run = await ahdAsync('run', '--config', config, '--budget', '20', '--threads', '1', '--out', out, '--json');
    expect(run.status, run.stderr).toBe(0);
    const summary = JSON.parse(run.stdout.trim().split('\n').at(-1)!);
    expect(summary).toMatchObject({ problem: 'online-bpp', scaffold: 'sample', budget: 20, samples: 20 }); // the flag won over the file
    expect(summary.valid).toBe(20);
    expect(JSON.parse(readFileSync(join(out, 'config.json'), 'utf8')).recorded.problemSource).toMatch(/examples\/online-bpp\/index\.js$/);
    expect(ahd('report', out).status).toBe(0);
    expect(existsSync(join(out, 'report.html'))).toBe(true);
    const exported = ahd('export', out);
    expect(exported.status).toBe(0);
    expect(exported.stdout).toContain('function priority(item, bins)');
    const resumed = await ahdAsync('run', '--resume', '--out', out, '--json');
    expect(resumed.status, resumed.stderr).toBe(0);
    expect(JSON.parse(resumed.stdout.trim().split('\n').at(-1)!).best).toEqual(summary.best);
    // The run's config.json is a run config: given back to ahd run, it runs the same experiment again.
    const again = await ahdAsync('run', '--config', join(out, 'config.json'), '--threads', '1', '--out', join(dir, 'again'), '--json');
    expect(again.status, again.stderr).toBe(0);
    expect(JSON.parse(again.stdout.trim().split('\n').at(-1)!).best).toEqual(summary.best);
  }, 180_000);

  it('a YAML --config file is the same document; a field the run config does not know is refused', () => {
    const yaml = join(dir, 'run.yaml');
    // budget 5 is below the minimum: the usage error shows that the YAML's fields reached the config's checks.
    writeFileSync(yaml, '# an experiment\nproblem: tsp50\nsearch:\n  scaffold: eoh\n  budget: 5\n');
    const r1 = ahd('run', '--config', yaml);
    expect(r1.status).toBe(2);
    expect(r1.stderr).toMatch(/^ahd: .*run\.yaml: search\.budget: must be an integer from 20 to 1000000$/m);
    writeFileSync(yaml, 'problem: tsp50\nsearch: {scaffold: eoh}\nes: {enabled: true, sigm: 0.1}\n');
    const r2 = ahd('run', '--config', yaml);
    expect(r2.status).toBe(2);
    expect(r2.stderr).toMatch(/^ahd: .*run\.yaml: unknown setting es\.sigm \(did you mean es\.sigma0\?\)$/m);
    writeFileSync(yaml, 'problem: [tsp50\n');
    expect(ahd('run', '--config', yaml).stderr).toMatch(/^ahd: --config .*run\.yaml: not valid YAML \(/);
  });

  it('a --config file that is not JSON, and a problem path that does not exist, are one-line usage errors', () => {
    const bad = join(dir, 'bad.json');
    writeFileSync(bad, '{ problem: tsp50');
    const r1 = ahd('run', '--config', bad);
    expect(r1.status).toBe(2);
    expect(r1.stderr).toMatch(/^ahd: --config .*bad\.json: not valid JSON \(/);
    expect(r1.stderr.trim().split('\n')).toHaveLength(1);
    const r2 = ahd('eval', '--problem', './no-such-problem/', '--heuristic', bad);
    expect(r2.status).toBe(2);
    expect(r2.stderr).toMatch(/^ahd: --problem: \.\/no-such-problem\/: no such file or directory/);
  });
});
