import vm from 'node:vm';
import { transformSync } from 'esbuild';

/**
 * Syntax checks for extracted code. Code is only compiled (vm.Script parses it to bytecode), never run: running
 * candidates is the sandbox's job.
 */
export function syntaxError(code: string): string | undefined {
  try {
    new vm.Script(code, { filename: 'candidate.js' });
    return undefined;
  } catch (error) {
    return error instanceof Error ? error.message.split('\n')[0] : String(error);
  }
}

/**
 * TypeScript answers (`function f(a: number[]): number`) are turned into plain JavaScript by erasing the types
 * with esbuild (already installed for tsx). Returns undefined when the text is not valid TypeScript either.
 */
export function stripTypes(code: string): string | undefined {
  try {
    return transformSync(code, { loader: 'ts', target: 'esnext' }).code.trimEnd();
  } catch {
    return undefined;
  }
}
