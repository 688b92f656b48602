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
  far: 'if (gap[i] > gap[pick]) pick = i;',
  near: 'if (gap[i] < gap[pick]) pick = i;',
};

/** Lines (before the candidate loop) that set `planned`, the first node of the re-planned path. */
export function planLines(plan: Gene): string[] {
  const pick = INSERT_PICK[plan.s];
  const lines = [
    '  const path = [currentNode, destinationNode];',
    '  const rest = unvisitedNodes.slice();',
  ];
  if (pick) {
    // Insertion order by the distance to the path so far (farthest or nearest first).
    lines.push(
      '  const gap = rest.map((node) => Math.min(D[currentNode][node], D[node][destinationNode]));',
      '  while (rest.length > 0) {',
      '    let pick = 0;',
      `    for (let i = 1; i < rest.length; i++) ${pick}`,
      '    const node = rest[pick];',
      '    rest.splice(pick, 1);',
      '    gap.splice(pick, 1);',
    );
  } else {
    lines.push('  for (const node of rest) {');
  }
  lines.push(
    '    let at = 1, cost = Infinity;',
    '    for (let i = 1; i < path.length; i++) {',
    '      const c = D[path[i - 1]][node] + D[node][path[i]] - D[path[i - 1]][path[i]];',
    '      if (c < cost) [at, cost] = [i, c];',
    '    }',
    '    path.splice(at, 0, node);',
  );
  if (pick) lines.push('    for (let i = 0; i < rest.length; i++) gap[i] = Math.min(gap[i], D[rest[i]][node]);');
  lines.push(
    '  }',
    `  for (let pass = 0; pass < ${plan.k}; pass++) {`,
    '    let improved = false;',
    '    for (let i = 1; i < path.length - 2; i++) {',
    '      for (let j = i + 1; j < path.length - 1; j++) {',
    '        const [a, b, c, e] = [path[i - 1], path[i], path[j], path[j + 1]];',
    '        if (D[a][c] + D[b][e] < D[a][b] + D[c][e]) {',
    '          for (let l = i, r = j; l < r; l++, r--) [path[l], path[r]] = [path[r], path[l]];',
    '          improved = true;',
    '        }',
    '      }',
    '    }',
    '    for (let i = 1; i < path.length - 1; i++) {',
    '      const [p, node, q] = [path[i - 1], path[i], path[i + 1]];',
    '      const gain = D[p][node] + D[node][q] - D[p][q];',
    '      let at = -1, cost = gain;',
    '      for (let j = 1; j < path.length; j++) {',
    '        if (j === i || j === i + 1) continue;',
    '        const c = D[path[j - 1]][node] + D[node][path[j]] - D[path[j - 1]][path[j]];',
    '        if (c < cost) [at, cost] = [j, c];',
    '      }',
    '      if (at < 0) continue;',
    '      path.splice(i, 1);',
    '      path.splice(at < i ? at : at - 1, 0, node);',
    '      improved = true;',
    '    }',
    '    if (!improved) break;',
    '  }',
    '  const planned = path[1];',
  );
  return lines;
}
