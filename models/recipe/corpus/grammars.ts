import type { ProblemId } from '../../../src/problems/types.ts';
import type { TaskGrammar } from './genome.ts';
import { acoBppGrammar } from './aco-bpp.ts';
import { acoCvrpGrammar } from './aco-cvrp.ts';
import { acoTspGrammar } from './aco-tsp.ts';
import { aspGrammar } from './asp.ts';
import { kpGrammar } from './kp.ts';
import { tspGrammar } from './tsp.ts';

export const GRAMMARS: Readonly<Record<ProblemId, TaskGrammar>> = {
  tsp50: tspGrammar,
  kp100: kpGrammar,
  asp15: aspGrammar,
  'aco-tsp50': acoTspGrammar,
  'aco-cvrp50': acoCvrpGrammar,
  'aco-bpp500': acoBppGrammar,
};
