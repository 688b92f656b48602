import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readHeuristicFile, withoutExports } from '../../src/cli/heuristic-file.ts';

const body = '(c, d, u, m) {\n  return u[0];\n}';

describe('heuristic files for ahd eval', () => {
  it.each([
    ['plain declaration', `function selectNextNode${body}`],
    ['export function', `export function selectNextNode${body}`],
    ['export default function with a name', `export default function selectNextNode${body}`],
    ['anonymous export default function', `export default function ${body}`],
    ['export function + export default name', `export function selectNextNode${body}\nexport default selectNextNode;\n`],
    ['declaration + export list', `function helper() { return 1; }\nfunction selectNextNode${body}\nexport { selectNextNode, helper };`],
  ])('%s becomes a script declaring the function', (_, text) => {
    const code = withoutExports(text, 'selectNextNode');
    expect(code).not.toMatch(/\bexport\b/);
    expect(code).toMatch(/function selectNextNode\s*\(c, d, u, m\)/);
  });

  it('keeps the word export inside the body', () => {
    expect(withoutExports('function f() {\n  const s = "export default x";\n  return s;\n}', 'f')).toContain('"export default x"');
  });

  it('reports unreadable, unparsable and wrong-name files as one-line usage errors', () => {
    const dir = mkdtempSync(join(tmpdir(), 'ahd-heuristic-'));
    const file = (name: string, text: string) => {
      writeFileSync(join(dir, name), text);
      return join(dir, name);
    };
    expect(() => readHeuristicFile(join(dir, 'missing.js'), 'f')).toThrow(/--heuristic: cannot read .*missing\.js: no such file/);
    expect(() => readHeuristicFile(file('broken.js', 'function f( {'), 'f')).toThrow(/does not parse: line 1(, column \d+)?: /);
    expect(() => readHeuristicFile(file('other.js', 'function g() {}'), 'f')).toThrow(/does not define a function named f/);
    expect(readHeuristicFile(file('ok.js', 'export const f = (a) => a;'), 'f')).toBe('const f = (a) => a;');
    try {
      readHeuristicFile(join(dir, 'missing.js'), 'f');
    } catch (error) {
      expect(error).toMatchObject({ code: 'usage' });
    }
  });
});
