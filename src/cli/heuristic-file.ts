import { readFileSync } from 'node:fs';
import { usageError } from '../errors.ts';
import { syntaxError } from '../extract/compile.ts';

/**
 * Reads a heuristic for `ahd eval --heuristic`: a plain function declaration, or an ES module exporting it
 * (`export function f`, `export default function f`, `export default f;`, `export { f };`, as `ahd export` writes).
 * Export syntax is removed so the same code runs in the sandbox as a script. Checks only what can be checked
 * without running it: the file is readable, parses, and declares `fnName`.
 */
export function readHeuristicFile(file: string, fnName: string): string {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (error as Error).message;
    throw usageError(`--heuristic: cannot read ${file}: ${reason}`, { file });
  }
  const code = withoutExports(text, fnName);
  const problem = syntaxError(code);
  if (problem) throw usageError(`--heuristic: ${file} does not parse: ${problem}`, { file });
  if (!declares(code, fnName)) throw usageError(`--heuristic: ${file} does not define a function named ${fnName}`, { file });
  return code;
}

/** The module's code as a script: export keywords dropped, export-only statements removed. */
export function withoutExports(text: string, fnName: string): string {
  return text
    .replace(/^([ \t]*)export\s+default\s+(async\s+)?function(\s*\*)?\s*\(/gm, `$1$2function$3 ${fnName}(`)
    .replace(/^([ \t]*)export\s+default\s+(?=(async\s+)?function\b|class\b)/gm, '$1')
    .replace(/^[ \t]*export\s+default\s+[A-Za-z_$][\w$]*\s*;?[ \t]*$/gm, '')
    .replace(/^[ \t]*export\s*\{[^}]*\}\s*;?[ \t]*$/gm, '')
    .replace(/^([ \t]*)export\s+(?=(async\s+)?function\b|const\b|let\b|var\b|class\b)/gm, '$1');
}

function declares(code: string, fnName: string): boolean {
  const name = fnName.replace(/\$/g, '\\$');
  return new RegExp(`\\bfunction\\s*\\*?\\s*${name}\\s*\\(|\\b(?:const|let|var)\\s+${name}\\s*=`).test(code);
}
