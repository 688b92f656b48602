import type { Gene } from './genome.ts';

/**
 * The look-ahead block of the constructive TSP grammar: code that looks past the next step, which plain scoring of
 * one edge cannot. It reads the matrix as `D` (tsp.ts declares it: shorter programs). Its work is bounded (the
 * harness offers at most 50 unvisited nodes), so a program stays far inside the sandbox's time limit on every split:
 * - plan: a path from the current node to the destination through every offered node, built by insertion (shape:
 *   farthest, nearest, or list order, each O(n^2)) and improved by up to k passes of first-improvement 2-opt and
 *   node relocation (or-opt; O(n^2) each); the score penalises leaving the plan's first step, and the rule re-plans
 *   at every step. Farthest insertion alone reproduces the farthest-insertion tour (test50 6.173); one pass takes it
 *   to 6.016, four to 5.984. A full nearest-neighbour rollout per candidate (a pilot method) was tried and left
 *   out: weaker than the plan (6.29) and about 15x slower on test50.
 */

const INSERT_PICK: Record<string, string> = {
  far: 'if (gap[i] > gap[k]) k = i;',
  near: 'if (gap[i] < gap[k]) k = i;',
};

/**
 * Lines (before the candidate loop) that set `planned`, the first node of the re-planned path. Written tersely
 * (one insertion-cost helper `add` serves insertion and node moves, short names): a model reads a parent and writes
 * a child within its context, and the verbose form of this block alone was about 2,000 characters.
 */
export function planLines(plan: Gene): string[] {
  const pick = INSERT_PICK[plan.s];
  const lines = [
    '  const P = [currentNode, destinationNode], R = unvisitedNodes.slice();',
    '  const add = (v, j) => D[P[j - 1]][v] + D[v][P[j]] - D[P[j - 1]][P[j]];',
    '  const place = (v) => { let at = 1; for (let j = 2; j < P.length; j++) if (add(v, j) < add(v, at)) at = j; return at; };',
  ];
  if (pick) {
    // Insertion order by the distance to the path so far (farthest or nearest first).
    lines.push(
      '  const gap = R.map((v) => Math.min(D[currentNode][v], D[v][destinationNode]));',
      '  while (R.length > 0) {',
      '    let k = 0;',
      `    for (let i = 1; i < R.length; i++) ${pick}`,
      '    const v = R.splice(k, 1)[0];',
      '    gap.splice(k, 1);',
      '    P.splice(place(v), 0, v);',
      '    for (let i = 0; i < R.length; i++) gap[i] = Math.min(gap[i], D[R[i]][v]);',
      '  }',
    );
  } else {
    lines.push('  for (const v of R) P.splice(place(v), 0, v);');
  }
  lines.push(
    `  for (let pass = 0; pass < ${plan.k}; pass++) {`,
    '    let improved = false;',
    '    for (let i = 1; i < P.length - 2; i++) for (let j = i + 1; j < P.length - 1; j++) {',
    '      if (D[P[i - 1]][P[j]] + D[P[i]][P[j + 1]] < D[P[i - 1]][P[i]] + D[P[j]][P[j + 1]]) {',
    '        P.splice(i, j - i + 1, ...P.slice(i, j + 1).reverse());',
    '        improved = true;',
    '      }',
    '    }',
    '    for (let i = 1; i < P.length - 1; i++) {',
    '      const v = P.splice(i, 1)[0], at = place(v);',
    '      // Back at i costs what v saved; move it only where it costs less.',
    '      const moved = add(v, at) < add(v, i);',
    '      P.splice(moved ? at : i, 0, v);',
    '      if (moved) improved = true;',
    '    }',
    '    if (!improved) break;',
    '  }',
    '  const planned = P[1];',
  );
  return lines;
}
