import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import { MAX_PARSE_RETRIES, needsRetry, parseResponse } from '../../src/extract/parse.ts';

const F = 'selectNextNode';
const NN = `function selectNextNode(currentNode, destinationNode, unvisitedNodes, distanceMatrix) {
  let best = unvisitedNodes[0];
  for (const node of unvisitedNodes) {
    if (distanceMatrix[currentNode][node] < distanceMatrix[currentNode][best]) best = node;
  }
  return best;
}`;
const fence = (code: string, lang = 'javascript') => '```' + lang + '\n' + code + '\n```';

// distances from node 0: node 1 at 5, node 2 at 1, node 3 at 3
const DIST = [
  [0, 5, 1, 3],
  [5, 0, 2, 2],
  [1, 2, 0, 2],
  [3, 2, 2, 0],
];
/** Runs extracted code (test-only) and returns the choice from node 0 among [1, 2, 3]. */
function choose(code: string, fnName = F): unknown {
  const fn = new vm.Script(`${code}\n;${fnName}`).runInNewContext({}) as (...args: unknown[]) => unknown;
  return fn(0, 0, [1, 2, 3], DIST);
}

type Case =
  | { name: string; text: string; fnName?: string; description: string | RegExp; picks?: number; has?: string[]; lacks?: string[]; typesStripped?: boolean }
  | { name: string; text: string; fnName?: string; reason: RegExp; retry: boolean };

const CASES: Case[] = [
  {
    name: 'well-formed: braces then a fenced block',
    text: `{Go to the nearest unvisited node.}\n\n${fence(NN)}`,
    description: 'Go to the nearest unvisited node.',
    picks: 2,
  },
  {
    name: 'compact format: braces then bare code',
    text: `{Nearest node first.}\n${NN}`,
    description: 'Nearest node first.',
    picks: 2,
  },
  {
    name: 'description with nested braces stays whole (greedy)',
    text: `{Score each node by {distance, detour} and take the smallest score.}\n${fence(NN, 'js')}`,
    description: 'Score each node by {distance, detour} and take the smallest score.',
  },
  {
    name: 'description over several lines is collapsed',
    text: `{Pick the node\n   that is nearest\n to the current one.}\n${fence(NN)}`,
    description: 'Pick the node that is nearest to the current one.',
  },
  {
    name: 'code braces are never taken as the description',
    text: `The nearest neighbour rule.\n${fence(NN)}`,
    description: 'The nearest neighbour rule.',
  },
  {
    name: 'description after the code',
    text: `${fence(NN)}\nDescription: {Nearest neighbour.}`,
    description: 'Nearest neighbour.',
  },
  {
    name: 'description in a comment inside the code',
    text: fence(`// {Nearest neighbour with a comment description.}\n${NN}`),
    description: 'Nearest neighbour with a comment description.',
  },
  {
    name: 'description missing entirely',
    text: fence(NN),
    reason: /^no description$/,
    retry: true,
  },
  {
    name: 'markdown headings around the parts',
    text: `### Description\n{Nearest neighbour.}\n\n### Code\n${fence(NN)}\n`,
    description: 'Nearest neighbour.',
    picks: 2,
  },
  {
    name: 'fallback description: the prose before the code (headings and bold removed)',
    text: `## **Nearest neighbour** rule\n\n${fence(NN)}`,
    description: 'Nearest neighbour rule',
  },
  {
    name: 'prose after the code is ignored',
    text: `{Nearest.}\n${fence(NN)}\n\nThis function runs in O(n) and returns {the best node}. function selectNextNode() { broken`,
    description: 'Nearest.',
    picks: 2,
  },
  {
    name: 'bare code followed by prose',
    text: `{Nearest.}\n${NN}\nThis works because it's greedy (and "simple").`,
    description: 'Nearest.',
    picks: 2,
    lacks: ['greedy'],
  },
  {
    name: 'CRLF line endings',
    text: `{Nearest.}\r\n\`\`\`javascript\r\n${NN.replace(/\n/g, '\r\n')}\r\n\`\`\`\r\n`,
    description: 'Nearest.',
    picks: 2,
    lacks: ['\r'],
  },
  {
    name: 'braces, quotes and backticks inside strings, templates, regexes and comments',
    text: `{Nearest with noise-free tie breaks.}\n${fence(`function selectNextNode(currentNode, destinationNode, unvisitedNodes, distanceMatrix) {
  const open = '{'; const close = "}"; const t = \`\${open}\${close} }}\`; // a } in a comment
  /* { unbalanced in a block comment */
  const re = /[{]+}/g;
  if (re.test(t) && open + close === '{}') return unvisitedNodes[1];
  return unvisitedNodes[0];
}`)}`,
    description: 'Nearest with noise-free tie breaks.',
    picks: 2,
  },
  {
    name: 'arrow function in a const becomes a declaration',
    text: `{Second candidate.}\n${fence('const selectNextNode = (currentNode, destinationNode, unvisitedNodes, distanceMatrix) => {\n  return unvisitedNodes[1];\n};')}`,
    description: 'Second candidate.',
    picks: 2,
    has: ['function selectNextNode(currentNode, destinationNode, unvisitedNodes, distanceMatrix) {'],
  },
  {
    name: 'arrow function with an expression body',
    text: `{Third candidate.}\n${fence('const selectNextNode = (c, d, u, m) =>\n  u[2];\n\nconsole.log(selectNextNode(0, 0, [1], []));')}`,
    description: 'Third candidate.',
    picks: 3,
    lacks: ['console.log'],
  },
  {
    name: 'function expression assigned to let',
    text: `{First candidate.}\n${fence('let selectNextNode = function choose(c, d, u, m) { return u[0]; };')}`,
    description: 'First candidate.',
    picks: 1,
  },
  {
    name: 'export default function',
    text: `{Nearest.}\n${fence('export default ' + NN)}`,
    description: 'Nearest.',
    picks: 2,
    lacks: ['export'],
  },
  {
    name: 'exported helpers and imports: export removed, imports dropped',
    text: `{Scaled nearest.}\n${fence(`import { something } from 'somewhere';\nexport const SCALE = 2;\nexport function selectNextNode(c, d, u, m) {\n  return u.reduce((b, x) => (m[c][x] * SCALE < m[c][b] * SCALE ? x : b));\n}\nmodule.exports = { selectNextNode };`)}`,
    description: 'Scaled nearest.',
    picks: 2,
    has: ['const SCALE = 2;'],
    lacks: ['export', 'import', 'module.exports'],
  },
  {
    name: 'helper functions and constants used (also transitively) are kept, unused ones dropped',
    text: `{Weighted score.}\n${fence(`const WEIGHT = 0.5;
function unusedHelper() { return 42; }
function detour(m, a, b) { return m[a][b] * WEIGHT; }
function score(m, c, d, x) { return m[c][x] + detour(m, x, d); }
function selectNextNode(currentNode, destinationNode, unvisitedNodes, distanceMatrix) {
  let best = unvisitedNodes[0];
  for (const x of unvisitedNodes) if (score(distanceMatrix, currentNode, destinationNode, x) < score(distanceMatrix, currentNode, destinationNode, best)) best = x;
  return best;
}
console.log(selectNextNode(0, 1, [2, 3], [[0]]));`)}`,
    description: 'Weighted score.',
    picks: 2,
    has: ['const WEIGHT = 0.5;', 'function detour(', 'function score('],
    lacks: ['unusedHelper', 'console.log'],
  },
  {
    name: 'helper after the function and a nested function inside it',
    text: `{Helper after.}\n${fence(`function selectNextNode(c, d, u, m) {\n  function inner(x) { return pick(x); }\n  return inner(u);\n}\n\nfunction pick(u) { return u[2]; }`)}`,
    description: 'Helper after.',
    picks: 3,
    has: ['function pick('],
  },
  {
    name: 'two functions with the target name: the first complete one',
    text: `{First version.}\n${fence('function selectNextNode(c, d, u, m) { return u[0]; }')}\nOr, alternatively:\n${fence('function selectNextNode(c, d, u, m) { return u[1]; }')}`,
    description: 'First version.',
    picks: 1,
  },
  {
    name: 'first definition cut off, a later one complete',
    text: `{Second version.}\n${fence('function selectNextNode(c, d, u, m) { if (u) {\n  return u[0];\n')}\n${fence('function selectNextNode(c, d, u, m) { return u[2]; }')}`,
    description: 'Second version.',
    picks: 3,
  },
  {
    name: 'multiple fences where the first lacks the function',
    text: `{Nearest.}\nExample input:\n${fence('{ "unvisitedNodes": [1, 2] }', 'json')}\nImplementation:\n${fence(NN)}`,
    description: 'Nearest.',
    picks: 2,
  },
  {
    name: 'untagged and tilde fences',
    text: `{Nearest.}\n~~~\n${NN}\n~~~`,
    description: 'Nearest.',
    picks: 2,
  },
  {
    name: 'unterminated fence with a complete function',
    text: `{Nearest.}\n\`\`\`javascript\n${NN}\n`,
    description: 'Nearest.',
    picks: 2,
  },
  {
    name: 'fence indented inside a list item',
    text: `1. {Nearest.}\n2. Code:\n    \`\`\`js\n    ${NN.replace(/\n/g, '\n    ')}\n    \`\`\``,
    description: 'Nearest.',
    picks: 2,
    has: ['\n  let best'],
  },
  {
    name: 'TypeScript annotations are erased',
    text: `{Typed nearest.}\n${fence(`function selectNextNode(currentNode: number, destinationNode: number, unvisitedNodes: number[], distanceMatrix: number[][]): number {
  let best: number = unvisitedNodes[0];
  for (const node of unvisitedNodes as number[]) if (distanceMatrix[currentNode][node] < distanceMatrix[currentNode][best]) best = node;
  return best!;
}`, 'ts')}`,
    description: 'Typed nearest.',
    picks: 2,
    typesStripped: true,
    lacks: [': number'],
  },
  {
    name: 'TypeScript object return type and generics',
    text: `{Generic.}\n${fence('function selectNextNode<T extends number>(c: T, d: T, u: Array<T>, m: T[][]): T {\n  const seen = new Map<T, { d: number }>();\n  return u[1];\n}')}`,
    description: 'Generic.',
    picks: 2,
    typesStripped: true,
  },
  {
    name: 'Python instead of JavaScript',
    text: `{Nearest.}\n${fence('import numpy as np\ndef selectNextNode(current_node, destination_node, unvisited_nodes, distance_matrix):\n    return min(unvisited_nodes, key=lambda n: distance_matrix[current_node][n])', 'python')}`,
    reason: /^python code, not JavaScript$/,
    retry: true,
  },
  {
    name: 'Python without a fence tag',
    text: '{Nearest.}\ndef select_next_node(a, b, c, d):\n    return c[0]\n',
    reason: /^python code, not JavaScript$/,
    retry: true,
  },
  {
    name: 'wrong function name',
    text: `{Nearest.}\n${fence('function chooseNext(c, d, u, m) { return u[0]; }\nconst helper = (x) => x;')}`,
    reason: /^no function named selectNextNode \(found: chooseNext, helper\)$/,
    retry: true,
  },
  {
    name: 'no code at all',
    text: 'I would pick the nearest node each time, because it is usually a good choice.',
    reason: /^no code$/,
    retry: true,
  },
  {
    name: 'only a description',
    text: '{Pick the nearest unvisited node.}',
    reason: /^no code$/,
    retry: true,
  },
  {
    name: 'empty answer',
    text: '  \n\n ',
    reason: /^empty answer$/,
    retry: true,
  },
  {
    name: 'cut off mid-function (token limit)',
    text: `{Nearest.}\n\`\`\`javascript\nfunction selectNextNode(c, d, u, m) {\n  for (const x of u) {\n    if (m[c][x] < 1) {`,
    reason: /^function selectNextNode is incomplete/,
    retry: false,
  },
  {
    name: 'syntax error in a complete function',
    text: `{Broken.}\n${fence('function selectNextNode(c, d, u, m) { let = = 3; return u[0]; }')}`,
    reason: /^syntax error: /,
    retry: false,
  },
  {
    name: 'function name mentioned in prose before the code',
    text: `{Nearest.}\nBelow, function selectNextNode(currentNode, ...) is implemented:\n${fence(NN)}`,
    description: 'Nearest.',
    picks: 2,
  },
  {
    name: 'unicode in strings and comments',
    text: `{Nächster Knoten — nearest.}\n${fence(`// wählt den nächsten Knoten ✓\n${NN}`)}`,
    description: 'Nächster Knoten — nearest.',
    picks: 2,
  },
  {
    name: 'compact format with a constant before the function: the braces before both',
    text: `{Scaled.}\nconst W = 2;\nfunction selectNextNode(c, d, u, m) {\n  return u[W];\n}`,
    description: 'Scaled.',
    picks: 3,
    has: ['const W = 2;'],
  },
  {
    name: 'divisions are not read as regex literals',
    text: `{Halves.}\n${fence('function selectNextNode(c, d, u, m) {\n  const half = (m[c][1] + 1) / 2; const q = half / 4; if (q) { return u[1]; }\n  return u[0];\n}')}`,
    description: 'Halves.',
    picks: 2,
  },
  {
    name: 'template literal with an object literal inside its expression',
    text: `{Template.}\n${fence('function selectNextNode(c, d, u, m) {\n  const key = `${ { k: u[2] }.k }}`;\n  return Number(key.slice(0, 1));\n}')}`,
    description: 'Template.',
    picks: 3,
  },
  {
    name: 'different target name (heuristics, ACO)',
    fnName: 'heuristics',
    text: `{Inverse distance squared.}\n${fence('function heuristics(distanceMatrix) {\n  return distanceMatrix.map((row) => row.map((d) => 1 / (d * d)));\n}')}`,
    description: 'Inverse distance squared.',
    has: ['function heuristics(distanceMatrix)'],
  },
];

describe('parseResponse corpus', () => {
  it('has at least 30 answers', () => expect(CASES.length).toBeGreaterThanOrEqual(30));

  for (const c of CASES) {
    it(c.name, () => {
      const fnName = c.fnName ?? F;
      const result = parseResponse(c.text, fnName);
      if ('reason' in c) {
        expect(result).toMatchObject({ ok: false, retry: c.retry });
        if (!result.ok) {
          expect(result.reason).toMatch(c.reason);
          expect(result.reason).not.toContain('\n');
        }
        expect(needsRetry(result)).toBe(c.retry);
        return;
      }
      if (!result.ok) throw new Error(`expected success, got: ${result.reason}`);
      if (typeof c.description === 'string') expect(result.description).toBe(c.description);
      else expect(result.description).toMatch(c.description);
      expect(result.code).toMatch(new RegExp(`^(async )?function ${fnName}\\(|\\nfunction ${fnName}\\(|^(const|let|var|function) `));
      expect(result.code).toContain(`function ${fnName}`);
      expect(result.typesStripped).toBe(c.typesStripped ?? false);
      for (const piece of c.has ?? []) expect(result.code).toContain(piece);
      for (const piece of c.lacks ?? []) expect(result.code).not.toContain(piece);
      if (c.picks !== undefined) expect(choose(result.code, fnName)).toBe(c.picks);
      expect(needsRetry(result)).toBe(false);
    });
  }
});

describe('parse retries', () => {
  it('re-asks at most 4 times, like the reference', () => expect(MAX_PARSE_RETRIES).toBe(4));
});
