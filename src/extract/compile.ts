import vm from 'node:vm';
import { lazyRequire } from '../ground/lazy-require.ts';

const esbuild = lazyRequire<typeof import('esbuild')>('esbuild');

/**
 * Syntax checks for extracted code. Code is only compiled (vm.Script parses it to bytecode), never run: running
 * candidates is the sandbox's job.
 */
export function syntaxError(code: string): string | undefined {
  try {
    new vm.Script(code, { filename: 'candidate.js' });
    return undefined;
  } catch (error) {
    if (!(error instanceof Error)) return String(error);
    const message = error.message.split('\n')[0];
    return `${whereInStack(error.stack ?? '')}${message}`;
  }
}

/**
 * "line 2, column 11: " from V8's SyntaxError stack ("candidate.js:2", the source line, a caret under the
 * column), or '' when it is not there.
 */
function whereInStack(stack: string): string {
  const lines = stack.split('\n');
  const line = /^candidate\.js:(\d+)$/.exec(lines[0] ?? '');
  if (!line) return '';
  const caret = (lines[2] ?? '').indexOf('^');
  return caret >= 0 ? `line ${line[1]}, column ${caret + 1}: ` : `line ${line[1]}: `;
}

/**
 * TypeScript answers (`function f(a: number[]): number`) are turned into plain JavaScript by erasing the types
 * with esbuild (already installed for tsx). Returns undefined when the text is not valid TypeScript either.
 */
export function stripTypes(code: string): string | undefined {
  try {
    return esbuild().transformSync(code, { loader: 'ts', target: 'esnext' }).code.trimEnd();
  } catch {
    return undefined;
  }
}
