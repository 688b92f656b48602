import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { tempDir } from '../engine/helpers.ts';

const SCRIPT = join(import.meta.dirname, '..', '..', 'scripts', 'check-imports.mjs');

function check(root?: string) {
  const result = spawnSync(process.execPath, [SCRIPT, ...(root ? [root] : [])], { encoding: 'utf8' });
  return { status: result.status, out: result.stdout + result.stderr };
}

function writeTree(root: string, files: Record<string, string>): void {
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
}

const roots: string[] = [];
afterAll(() => roots.forEach((root) => rmSync(root, { recursive: true, force: true })));

describe('scripts/check-imports.mjs', () => {
  it('finds src/ on its floors: no upward or sideways import, no circle', () => {
    const { status, out } = check();
    expect(out).toContain('upward or sideways imports: 0\nfolder circles: 0\nfile circles: 0');
    expect(status).toBe(0);
  });

  it('names every upward and sideways import and every circle, and fails', () => {
    const root = tempDir('ahd-imports-');
    roots.push(root);
    writeTree(root, {
      'src/errors.ts': 'export class AhdError extends Error {}\n',
      'src/ground/rng.ts': "import { run } from '../engine/run.ts';\nexport const rng = run;\n",
      'src/engine/run.ts': "import { log } from './log.ts';\nimport type { AhdError } from '../errors.ts';\nexport const run = log;\n",
      'src/engine/log.ts': "// import { nothing } from '../cli/main.ts';\nexport const log = () => import('./run.ts');\n",
      'src/engine/seed.ts': "import { rng } from '../ground/rng.ts';\nexport const seed = rng;\n",
      'src/scaffolds/eoh.ts': "export { run } from '../engine/run.ts';\n",
      'src/plugins/spec.ts': "import { seed } from '../engine/seed.ts';\nexport const spec = seed;\n",
    });
    const { status, out } = check(root);
    expect(out).toContain('upward or sideways imports: 2\n  src/ground/rng.ts -> src/engine/run.ts\n  src/scaffolds/eoh.ts -> src/engine/run.ts\n');
    expect(out).toContain('folder circles: 1\n  circle:\n    engine -> src/ground/rng.ts\n    ground -> src/engine/run.ts\n');
    expect(out).toContain('file circles: 1\n  circle:\n    src/engine/log.ts -> src/engine/run.ts\n    src/engine/run.ts -> src/engine/log.ts\n');
    expect(out).toContain('src/plugins is on no floor: add it to FLOORS in scripts/check-imports.mjs');
    expect(out).not.toContain('cli/main.ts'); // a commented-out import is none
    expect(status).toBe(1);
  });
});
