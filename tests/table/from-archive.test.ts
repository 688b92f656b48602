import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..');
const out = mkdtempSync(join(tmpdir(), 'ahd-table-archive-'));
afterAll(() => rmSync(out, { recursive: true, force: true }));

describe('ahd table --from the committed table', () => {
  it('rebuilds table.md, table.json and table.csv byte for byte from benchmarks/results/table', () => {
    // From the repository root with the README's relative --from: table.json lists the runs by that path.
    const from = 'benchmarks/results/table';
    const result = spawnSync(process.execPath, ['bin/ahd.js', 'table', '--from', from, '--out', out], { cwd: ROOT, encoding: 'utf8', timeout: 60_000 });
    expect(result.status, result.stderr).toBe(0);
    expect(result.stderr).toContain(`table: 172 finished run(s) under ${from}`);
    for (const file of ['table.md', 'table.json', 'table.csv']) {
      expect(readFileSync(join(out, file), 'utf8'), file).toBe(readFileSync(join(ROOT, from, file), 'utf8'));
    }
  });
});
