#!/usr/bin/env node
// Checks the layering of src/: every folder sits on a floor, a module imports only from its own folder and from
// lower floors, and no folders or files import each other in a circle. Upward imports and circles are what make a
// module impossible to read (or test, or move) without the code above it. Run by tests/scripts/check-imports.test.ts;
// `node scripts/check-imports.mjs [root]` prints each offending edge (root: the project, by default this one).
import { readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

// typescript's own scanner finds static, re-exported, type-only and dynamic imports, and skips comments.
const ts = createRequire(import.meta.url)('typescript');

/**
 * Lowest first. A unit is a folder under src/ or a file directly in it. A unit imports from its own files and from
 * units on lower floors only: an import to a higher floor is upward, one to another unit of its own floor sideways
 * (units that share a floor know nothing of each other), and both are reported.
 */
const FLOORS = [
  ['errors.ts'], // typed errors
  ['ground'], // helpers every folder may use: seeded RNG, atomic JSON, one-line text
  ['data', 'extract', 'es'], // .npy/.npz; code out of a model's answer; ES maths and history.json
  ['problems'], // the tasks: prompts, harnesses, splits
  ['sandbox', 'llm'], // scoring a candidate; language model backends
  ['core'], // what the search and the engine share: individuals, candidates, the scaffold's view of a run
  ['config'], // the run config: its schema and flags, defaults, merge, and config.json's versions
  ['scaffolds', 'engine'], // EoH and sampling; the run loop and its run directory
  ['api', 'probe'], // the library's run and evaluate; the ES probe
  ['compare'], // ES against its matched baseline, the reference's numbers, classical baselines
  ['table', 'report'], // the comparison table; the HTML report
  ['cli'],
  ['index.ts'], // the package's entry
];

const SOURCE = /\.(ts|mts|js|mjs)$/;

/** Every source file under `dir`, as paths relative to `root` with forward slashes. */
function sourceFiles(root, dir) {
  const found = [];
  for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) found.push(...sourceFiles(root, path));
    else if (SOURCE.test(entry.name)) found.push(path);
  }
  return found;
}

/** The edges between source files: [from, to], relative imports only (packages sit outside the floors). */
function importEdges(root) {
  const edges = [];
  for (const file of sourceFiles(root, 'src')) {
    const { importedFiles } = ts.preProcessFile(readFileSync(join(root, file), 'utf8'), true, true);
    for (const { fileName } of importedFiles) {
      if (!fileName.startsWith('.')) continue;
      const target = relative(root, resolve(root, dirname(file), fileName)).split(sep).join('/');
      edges.push([file, target]);
    }
  }
  return edges;
}

/** src/engine/run.ts -> 'engine'; src/errors.ts -> 'errors.ts'. */
const unitOf = (file) => file.split('/')[1];

const floorOf = (unit) => FLOORS.findIndex((units) => units.includes(unit));

/** Strongly connected components with more than one member (Tarjan), each sorted, in a stable order. */
function circles(edges) {
  const next = new Map();
  for (const [from, to] of edges) {
    if (from === to) continue;
    if (!next.has(from)) next.set(from, new Set());
    next.get(from).add(to);
  }
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const found = [];
  let counter = 0;
  const visit = (node) => {
    index.set(node, counter);
    low.set(node, counter++);
    stack.push(node);
    onStack.add(node);
    for (const to of next.get(node) ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(node, Math.min(low.get(node), low.get(to)));
      } else if (onStack.has(to)) low.set(node, Math.min(low.get(node), index.get(to)));
    }
    if (low.get(node) !== index.get(node)) return;
    const component = [];
    let member;
    do {
      member = stack.pop();
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    if (component.length > 1) found.push(component.sort());
  };
  for (const node of [...next.keys()].sort()) if (!index.has(node)) visit(node);
  return found.sort((a, b) => a[0].localeCompare(b[0]));
}

/**
 * What is wrong with the graph: units on no floor, upward and sideways imports, circles between folders and between
 * files (each member with its edges into the circle).
 */
function checkImports(root) {
  const edges = importEdges(root);
  const unplaced = [...new Set(edges.flat().map(unitOf))].filter((unit) => floorOf(unit) < 0).sort();
  const upward = edges.filter(([from, to]) => {
    const [a, b] = [floorOf(unitOf(from)), floorOf(unitOf(to))];
    return unitOf(from) !== unitOf(to) && a >= 0 && b >= 0 && a <= b;
  });
  const unitEdges = edges.map(([from, to]) => [unitOf(from), unitOf(to)]);
  const withEdges = (members, key) =>
    members.map((m) => {
      const into = edges.filter(([f, t]) => key(f) === m && key(t) !== m && members.includes(key(t))).map(([, t]) => t);
      return `${m} -> ${[...new Set(into)].join(', ')}`;
    });
  const folderCycles = circles(unitEdges).map((members) => withEdges(members, unitOf));
  const fileCycles = circles(edges).map((members) => withEdges(members, (f) => f));
  return { files: new Set(edges.flat()).size, edges: edges.length, unplaced, upward, folderCycles, fileCycles };
}

function main() {
  const root = process.argv[2] ?? join(dirname(fileURLToPath(import.meta.url)), '..');
  const report = checkImports(root);
  const out = [`check-imports: ${report.edges} imports between ${report.files} files`];
  out.push(...report.unplaced.map((unit) => `src/${unit} is on no floor: add it to FLOORS in scripts/check-imports.mjs`));
  out.push(`upward or sideways imports: ${report.upward.length}`, ...report.upward.map(([f, t]) => `  ${f} -> ${t}`));
  out.push(`folder circles: ${report.folderCycles.length}`);
  for (const c of report.folderCycles) out.push('  circle:', ...c.map((line) => `    ${line}`));
  out.push(`file circles: ${report.fileCycles.length}`);
  for (const c of report.fileCycles) out.push('  circle:', ...c.map((line) => `    ${line}`));
  process.stdout.write(`${out.join('\n')}\n`);
  const faults = [report.unplaced, report.upward, report.folderCycles, report.fileCycles];
  const failed = faults.some((list) => list.length > 0);
  process.exit(failed ? 1 : 0);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
