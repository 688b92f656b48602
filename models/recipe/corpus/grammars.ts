import type { ProblemId } from '../../../src/problems/types.ts';
import type { TaskGrammar } from './genome.ts';
import { acoBppGrammar, withAlike } from './aco-bpp.ts';
import { acoCvrpGrammar } from './aco-cvrp.ts';
import { acoTspGrammar, withBlockReturn, withTours } from './aco-tsp.ts';
import { aspGrammar, withTables } from './asp.ts';
import { kpGrammar } from './kp.ts';
import { tspGrammar, withAllFeatures } from './tsp.ts';

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

/** A named grammar extension: the task it extends, and how (applied to that task's grammar as it stands). */
export interface GrammarExtension {
  readonly problem: ProblemId;
  readonly extend: (grammar: TaskGrammar) => TaskGrammar;
}

/**
 * Named grammar extensions (`--extend` of generate.ts and headroom.ts): each changes one task's grammar, so an older
 * corpus stays reproducible from the same code with no extension named. Two on one task compose, in the order named.
 */
export const GRAMMAR_EXTENSIONS: Readonly<Record<string, GrammarExtension>> = {
  'asp-tables': { problem: 'asp15', extend: withTables },
  'aco-tsp-tours': { problem: 'aco-tsp50', extend: withTours },
  'aco-tsp-block-form': { problem: 'aco-tsp50', extend: withBlockReturn },
  'tsp-all-features': { problem: 'tsp50', extend: withAllFeatures },
  'aco-bpp-alike': { problem: 'aco-bpp500', extend: withAlike },
};

/**
 * The grammars with the extensions an `--extend` flag names (comma-separated; empty: none) applied; an unknown name
 * throws (the callers print it as a usage line).
 */
export function grammarsWith(extend: string): Grammars {
  const grammars = { ...GRAMMARS };
  for (const name of extend === '' ? [] : extend.split(',')) {
    const extension = GRAMMAR_EXTENSIONS[name];
    if (!extension) throw new Error(`unknown grammar extension ${name} (known: ${Object.keys(GRAMMAR_EXTENSIONS).join(', ')})`);
    grammars[extension.problem] = extension.extend(grammars[extension.problem]);
  }
  return grammars;
}
