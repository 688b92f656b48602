/**
 * The library's declarations (dist/src/index.d.ts, built by `npm test`'s pretest) compile in a project of a user's
 * own that has no @types/node: no Buffer or NodeJS.* in the public types, no `/// <reference types="node" />`.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const INDEX = new URL('../../dist/src/index.js', import.meta.url).pathname;
const TSC = createRequire(import.meta.url).resolve('typescript/bin/tsc');

describe("the library's .d.ts", () => {
  it('type-checks a consumer without @types/node, declarations included', () => {
    const dir = mkdtempSync(join(tmpdir(), 'ahd-consumer-'));
    writeFileSync(
      join(dir, 'consumer.ts'),
      [
        `import { run, evaluate, readRunConfig, type RunConfig } from ${JSON.stringify(INDEX)};`,
        `const config: RunConfig = { problem: 'tsp50', search: { scaffold: 'eoh', budget: 40 }, es: { enabled: true } };`,
        'export const summary = run(config);',
        `export const scored = evaluate('tsp50', 'function f() {}', ['train']);`,
        `export const budget: number = readRunConfig('runs/x').search.budget;`,
      ].join('\n'),
    );
    // No `types`: nothing from @types is loaded unless a declaration asks for it; lib checks stay on (skipLibCheck off).
    const options = { strict: true, module: 'NodeNext', moduleResolution: 'NodeNext', target: 'ES2022', types: [], noEmit: true, skipLibCheck: false };
    writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions: options, files: ['consumer.ts'] }));
    const r = spawnSync(process.execPath, [TSC, '-p', dir, '--listFiles'], { encoding: 'utf8', timeout: 120_000 });
    expect(r.stdout.split('\n').filter((line) => line.includes('error TS')), r.stdout).toEqual([]);
    expect(r.status).toBe(0);
    expect(r.stdout).not.toMatch(/@types[\\/]node/);
  });
});
