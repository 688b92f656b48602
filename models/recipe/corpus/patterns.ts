import type { Gene } from './genome.ts';
import { addTerm, num } from './genome.ts';

/**
 * Code patterns that do not depend on a task: how genes' values combine into one score, and the loop that picks
 * the best-scoring element of an array. The task grammars supply only what is theirs (the values of their
 * features, the array and its element); a grammar for a new problem whose function picks one element of an array
 * by a score could be written from these and its prompt's description of the inputs.
 */

/** `w1 * x1 + w2 * x2 - ...`, signs folded in and unit weights left out. */
export function weightedSum(genes: readonly Gene[], value: (gene: Gene) => string): string {
  return genes.reduce((acc, gene) => addTerm(acc, gene.w, value(gene)), '');
}

/** `(1 + w1 * x1) * (1 - w2 * x2) * ...`: each gene scales the score by a factor near 1. */
export function factorProduct(genes: readonly Gene[], value: (gene: Gene) => string): string[] {
  return genes.map((gene) => `(1 ${gene.w < 0 ? '-' : '+'} ${num(Math.abs(gene.w))} * ${value(gene)})`);
}

/** The scan that keeps the best-scoring element: a function body's tail, from the declarations to `return best`. */
export interface ArgBest {
  /** Lowest or highest score wins. */
  readonly sense: 'min' | 'max';
  /** The element kept when none scores (the first one). */
  readonly first: string;
  /** The loop's head (`for (const node of unvisitedNodes)`) and the name of the element it binds. */
  readonly head: string;
  readonly element: string;
  /** Lines inside the loop before the score (each indented by four spaces), and the score expression. */
  readonly body: readonly string[];
  readonly score: string;
}

export function argBestLines(p: ArgBest): string[] {
  const [worst, beats] = p.sense === 'min' ? ['Infinity', '<'] : ['-Infinity', '>'];
  return [
    `  let best = ${p.first}, bestScore = ${worst};`,
    `  ${p.head} {`,
    ...p.body,
    `    const score = ${p.score};`,
    `    if (score ${beats} bestScore) [best, bestScore] = [${p.element}, score];`,
    '  }',
    '  return best;',
  ];
}
