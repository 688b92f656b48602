// Rewrites the generated block of docs/cli.md (the `ahd run` options, from src/config/schema.ts):
//   npx tsx scripts/docs-cli.ts
// tests/config/docs-table.test.ts fails while the file is out of step.
import { readFileSync, writeFileSync } from 'node:fs';
import { replaceGenerated, runOptionsTable } from '../src/config/docs-table.ts';

const path = new URL('../docs/cli.md', import.meta.url);
writeFileSync(path, replaceGenerated(readFileSync(path, 'utf8'), runOptionsTable()));
