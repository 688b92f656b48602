import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { replaceGenerated, runOptionsTable } from '../../src/config/docs-table.ts';
import { SETTINGS } from '../../src/config/settings.ts';

const DOC = new URL('../../docs/cli.md', import.meta.url);

describe("docs/cli.md's ahd run options", () => {
  it('are the table the run config schema generates (npx tsx scripts/docs-cli.ts rewrites it)', () => {
    const text = readFileSync(DOC, 'utf8');
    expect(replaceGenerated(text, runOptionsTable())).toBe(text);
  });

  it('list every setting with its path and its default, the seed 2024 included', () => {
    const table = runOptionsTable();
    for (const s of SETTINGS) expect(table).toContain(`| \`${s.path}\` |`);
    expect(table).toMatch(/\| `--seed <n>` \| `search.seed` \| 2024 \|/);
    expect(table).toMatch(/\| `--budget <n>` \| `search.budget` \| 1000 \|/);
  });
});
