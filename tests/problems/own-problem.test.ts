/**
 * A problem of the user's own in a folder outside the clone, through the real binary: `import ... from 'ahd'`
 * loads the running ahd, a syntax error names its line, and a bug in the problem's own score() is reported as
 * the problem's fault (with the frame that threw), by ahd eval and by ahd run.
 */
import { spawn } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scriptedOpenAiServer } from '../engine/helpers.ts';

const AHD = new URL('../../bin/ahd.js', import.meta.url).pathname;
const EXAMPLE = new URL('../../examples/online-bpp/index.js', import.meta.url).pathname;
// Outside the clone: no package.json above it names "ahd", and no node_modules holds it.
const root = mkdtempSync(join(tmpdir(), 'ahd-own-problem-'));

/** Runs bin/ahd.js from the temp folder (not the clone), without blocking the scripted server in this process. */
function ahd(...args: string[]): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((done) => {
    const child = spawn(process.execPath, [AHD, ...args], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c) => (stdout += c));
    child.stderr.on('data', (c) => (stderr += c));
    child.on('close', (status) => done({ status, stdout, stderr }));
  });
}

function folder(name: string, index: string): string {
  const dir = join(root, name);
  mkdirSync(dir);
  writeFileSync(join(dir, 'index.js'), index);
  return dir;
}

const PICK = 'function pick(xs) {\n  return 0;\n}';
/** A small problem whose score() has a bug: it reads a field of `instance.data`, which is null. */
const BROKEN_SCORER = `import { defineProblem } from 'ahd';

export default defineProblem({
  id: 'broken-scorer',
  title: 'a scorer with a bug',
  sense: 'min',
  fnName: 'pick',
  params: ['xs'],
  outputs: ['index'],
  taskText: 'Pick an index of xs.',
  ioText: 'xs: number[]; return an index.',
  seedCode: ${JSON.stringify(PICK)},
  splits: [
    { name: 'train', mode: 'search', count: 2, size: 3 },
    { name: 'test', mode: 'test', count: 2, size: 3 },
  ],
  loadSplit: () => [0, 1].map(() => ({ input: { xs: [1, 2, 3] }, data: null })),
  harness: 'function solve(candidate, input) { return [candidate(input.xs)]; }',
  score(raw, instance) {
    return instance.data.total / (raw[0] + 1);
  },
});
`;

describe('a problem folder outside the clone', () => {
  const heuristic = join(root, 'heuristic.js');
  let server: Awaited<ReturnType<typeof scriptedOpenAiServer>>;

  beforeAll(async () => {
    writeFileSync(join(root, 'best-fit.js'), 'function priority(item, bins) {\n  return bins.map((b) => -(b - item));\n}\n');
    writeFileSync(heuristic, `${PICK}\n`);
    server = await scriptedOpenAiServer(() => `{Pick the first.}\n\`\`\`javascript\n${PICK}\n\`\`\``);
  });
  afterAll(() => server.close());

  it("imports 'ahd' (the running ahd) and evaluates", async () => {
    const dir = join(root, 'online-bpp');
    mkdirSync(dir);
    copyFileSync(EXAMPLE, join(dir, 'index.js'));
    const r = await ahd('eval', '--problem', dir, '--heuristic', join(root, 'best-fit.js'), '--split', 'train', '--json');
    expect(r.status, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)[0]).toMatchObject({ problem: 'online-bpp', split: 'train', count: 5, valid: 5 });
  });

  it('a syntax error names the file, line and column', async () => {
    const dir = folder('syntax', "import { defineProblem } from 'ahd';\nconst x = 1;\nconst y = ;\nexport default defineProblem({});\n");
    const r = await ahd('eval', '--problem', dir, '--heuristic', heuristic);
    expect(r.status).toBe(2);
    expect(r.stderr).toBe(`ahd: --problem: ${dir}: cannot load ${join(dir, 'index.js')}: Unexpected token ';' (at ${join(dir, 'index.js')}:3:11)\n`);
  });

  it("a bug in score() is the problem's fault, with the frame that threw: ahd eval exits 1", async () => {
    const dir = folder('broken-scorer', BROKEN_SCORER);
    const r = await ahd('eval', '--problem', dir, '--heuristic', heuristic, '--split', 'train');
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(
      /^ahd: problem broken-scorer: its score\(\) threw TypeError: Cannot read properties of null \(reading 'total'\) \(at .*broken-scorer\/index\.js:\d+:\d+\)\): a bug in the problem module, not the candidate's or the model's\n$/m,
    );
  });

  it('ahd run stops at the fault and says it is the problem module, not the model', async () => {
    const dir = join(root, 'broken-scorer');
    const out = join(root, 'run');
    const r = await ahd('run', '--problem', dir, '--scaffold', 'eoh', '--budget', '20', '--llm', 'openai', '--endpoint', server.endpoint, '--model', 'm', '--threads', '1', '--out', out);
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/^ahd: problem broken-scorer: its score\(\) threw TypeError: .*a bug in the problem module, not the candidate's or the model's\n$/m);
    expect(r.stderr).not.toMatch(/check the model/);
  });
});
