/**
 * The README and docs/ against the code: the README stays under 8 KB with the two set-up commands CI relies on,
 * its library example is the type-checked one in readme-example.ts, its command table and docs/cli.md name every
 * command `ahd --help` lists, and every relative link in README.md and docs/ points at a file that exists.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = new URL('../../', import.meta.url).pathname;
const README = readFileSync(join(ROOT, 'README.md'), 'utf8');
const DOCS = readdirSync(join(ROOT, 'docs')).filter((name) => name.endsWith('.md')).map((name) => join(ROOT, 'docs', name));

/** The commands `ahd --help` lists. */
function commands(): string[] {
  const help = spawnSync(process.execPath, [join(ROOT, 'bin', 'ahd.js'), '--help'], { encoding: 'utf8' });
  expect(help.status, help.stderr).toBe(0);
  const listed = help.stdout.split('Commands:')[1] ?? '';
  return [...listed.matchAll(/^ {2}([a-z][a-z-]*)/gm)].map((m) => m[1]).filter((name) => name !== 'help');
}

describe('README.md', () => {
  it('is at most 8 KB', () => {
    expect(Buffer.byteLength(README)).toBeLessThanOrEqual(8192);
  });

  it('has the two set-up commands for a fresh machine, as .ci/run runs the second', () => {
    expect(README).toContain('\nnpm ci && node bin/ahd.js run --problem tsp50 --scaffold eoh --es\n');
    expect(README).toContain('\nnpm ci && npm test\n');
  });

  it('shows the library example of readme-example.ts', () => {
    const example = readFileSync(join(ROOT, 'tests', 'docs', 'readme-example.ts'), 'utf8').split('// --- README example ---\n')[1];
    expect(example).toBeDefined();
    expect(README).toContain('```ts\n' + example + '```\n');
  });

  it('whose example type-checks against the built package, as a project of its own would import it', () => {
    const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
    const options = ['--noEmit', '--strict', '--module', 'nodenext', '--moduleResolution', 'nodenext', '--target', 'es2022', '--lib', 'es2023', '--types', 'node', '--skipLibCheck'];
    const checked = spawnSync(process.execPath, [tsc, ...options, join(ROOT, 'tests', 'docs', 'readme-example.ts')], { encoding: 'utf8' });
    expect(checked.stdout + checked.stderr).toBe('');
    expect(checked.status).toBe(0);
  });

  it('names every command in its table, and docs/cli.md has a section for each', () => {
    const cli = readFileSync(join(ROOT, 'docs', 'cli.md'), 'utf8');
    const names = commands();
    expect(names.length).toBeGreaterThanOrEqual(10);
    for (const name of names) {
      expect(README, name).toMatch(new RegExp(`^\\| \`ahd ${name}[ \`]`, 'm'));
      expect(cli, name).toMatch(new RegExp(`^## ahd ${name}$`, 'm'));
    }
  });
});

describe('docs/', () => {
  it('has the files the README points to', () => {
    for (const name of ['cli', 'es', 'run-dir', 'sandbox', 'problems', 'servers', 'results']) {
      expect(existsSync(join(ROOT, 'docs', `${name}.md`)), name).toBe(true);
    }
  });

  it('names only repository paths that exist', () => {
    const roots = /^(src|tests|benchmarks|models|examples|servers|problems|scripts|bin|docs)\//;
    for (const file of [join(ROOT, 'README.md'), ...DOCS]) {
      const text = readFileSync(file, 'utf8');
      for (const [, path] of text.matchAll(/`([a-z][\w./-]*)`/g)) {
        if (!roots.test(path)) continue;
        expect(existsSync(join(ROOT, path)), `${file}: ${path}`).toBe(true);
      }
    }
  });

  it('links only to paths that exist', () => {
    for (const file of [join(ROOT, 'README.md'), ...DOCS]) {
      const text = readFileSync(file, 'utf8');
      for (const [, target] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
        if (/^[a-z]+:/.test(target) || target.startsWith('#')) continue;
        const path = resolve(dirname(file), target.split('#')[0]);
        expect(existsSync(path) && (statSync(path).isFile() || statSync(path).isDirectory()), `${file}: ${target}`).toBe(true);
      }
    }
  });
});
