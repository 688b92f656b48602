import { resolve } from 'node:path';
import { lazyRequire } from '../ground/lazy-require.ts';

const esbuild = lazyRequire<typeof import('esbuild')>('esbuild');

/**
 * Where a problem module, or a file of the user's it imports, does not parse: "file:line:column", or undefined.
 * Node's SyntaxError from import() carries neither file nor line (it only prints them for an uncaught error), so
 * the files are parsed again with esbuild, bundling to follow the module's own imports (packages left out).
 */
export function syntaxLocation(file: string): string | undefined {
  try {
    esbuild().buildSync({ entryPoints: [file], bundle: true, write: false, platform: 'node', format: 'esm', packages: 'external', logLevel: 'silent' });
    return undefined;
  } catch (error) {
    const location = (error as { errors?: { location?: { file: string; line: number; column: number } | null }[] }).errors?.[0]?.location;
    return location ? `${resolve(location.file)}:${location.line}:${location.column + 1}` : undefined;
  }
}
