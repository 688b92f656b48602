import { readdirSync } from 'node:fs';
import { basename, join } from 'node:path';
import { expect, test } from 'vitest';
import { PROJECT_ROOT } from '../../src/ground/runtime.ts';

/** Every test file under tests/, recursively. */
function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return testFiles(path);
    return entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

test('no two test files share a name, so a failure names one file (issue 26)', () => {
  const byName = new Map<string, string[]>();
  for (const file of testFiles(join(PROJECT_ROOT, 'tests'))) byName.set(basename(file), [...(byName.get(basename(file)) ?? []), file]);
  const shared = [...byName.values()].filter((files) => files.length > 1);
  expect(shared).toEqual([]);
});
