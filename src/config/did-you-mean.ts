import { SETTINGS } from './settings.ts';

/**
 * The setting a misspelt or misplaced field most likely meant: the closest of every setting's dotted path, its
 * last part (`budget` at the top means `search.budget`) and its flag's name in camelCase (`esCrn`, as flat run
 * specs named fields before the sections).
 */
export function didYouMean(path: string): string | undefined {
  const key = path.split('.').at(-1)!;
  let best: { path: string; distance: number } | undefined;
  for (const s of SETTINGS) {
    const names = [s.path, s.path.split('.').at(-1)!, ...(s.flagName ? [camel(s.flagName)] : [])];
    for (const [i, name] of names.entries()) {
      const distance = editDistance(i === 0 ? path : key, name);
      if (!best || distance < best.distance) best = { path: s.path, distance };
    }
  }
  return best && best.distance <= Math.max(2, Math.floor(key.length / 3)) ? best.path : undefined;
}

const camel = (flag: string) => flag.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());

/** Levenshtein distance, case-insensitive. */
function editDistance(a: string, b: string): number {
  const x = a.toLowerCase();
  const y = b.toLowerCase();
  let row = Array.from({ length: y.length + 1 }, (_, j) => j);
  for (let i = 1; i <= x.length; i++) {
    const next = [i];
    for (let j = 1; j <= y.length; j++) next[j] = Math.min(row[j] + 1, next[j - 1] + 1, row[j - 1] + (x[i - 1] === y[j - 1] ? 0 : 1));
    row = next;
  }
  return row[y.length];
}
