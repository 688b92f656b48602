import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/**
 * A dependency loaded at its first use instead of at import: a command that never needs it (`ahd eval` never
 * strips TypeScript types or reads an .npz) does not pay for loading it. For CommonJS-loadable packages only.
 */
export function lazyRequire<T>(specifier: string): () => T {
  let loaded: T | undefined;
  return () => (loaded ??= require(specifier) as T);
}
