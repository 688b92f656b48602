import type { ProblemId } from '../../../src/problems/types.ts';
import type { TaskGrammar } from './genome.ts';
import { acoBppGrammar } from './aco-bpp.ts';
import { acoCvrpGrammar } from './aco-cvrp.ts';
import { acoTspGrammar, acoTspTourGrammar } from './aco-tsp.ts';
import { aspGrammar, aspTableGrammar } from './asp.ts';
import { kpGrammar } from './kp.ts';
import { tspAllFeaturesGrammar, tspGrammar } from './tsp.ts';

export type Grammars = Readonly<Record<ProblemId, TaskGrammar>>;

/** The grammars every bundled model's corpus was written from; extensions leave them as they are. */
export const GRAMMARS: Grammars = {
  tsp50: tspGrammar,
  kp100: kpGrammar,
  asp15: aspGrammar,
  'aco-tsp50': acoTspGrammar,
  'aco-cvrp50': acoCvrpGrammar,
  'aco-bpp500': acoBppGrammar,
};

/**
 * Named grammar extensions (`--extend` of generate.ts and headroom.ts): each replaces one task's grammar by a larger
 * one, so an older corpus stays reproducible from the same code with no extension named.
 */
export const GRAMMAR_EXTENSIONS: Readonly<Record<string, TaskGrammar>> = {
  'asp-tables': aspTableGrammar,
  'aco-tsp-tours': acoTspTourGrammar,
  'tsp-all-features': tspAllFeaturesGrammar,
};

/**
 * The grammars with the extensions an `--extend` flag names (comma-separated; empty: none) applied; an unknown name
 * throws (the callers print it as a usage line).
 */
export function grammarsWith(extend: string): Grammars {
  const grammars = { ...GRAMMARS };
  for (const name of extend === '' ? [] : extend.split(',')) {
    const grammar = GRAMMAR_EXTENSIONS[name];
    if (!grammar) throw new Error(`unknown grammar extension ${name} (known: ${Object.keys(GRAMMAR_EXTENSIONS).join(', ')})`);
    grammars[grammar.problem as ProblemId] = grammar;
  }
  return grammars;
}
