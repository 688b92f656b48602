import { Command } from 'commander';
import { listProblems } from '../problems/index.ts';
import type { Problem } from '../problems/types.ts';
import { formatTable } from './table-format.ts';

/** What `ahd problems --json` prints per task. */
export function describeProblem(problem: Problem) {
  return {
    id: problem.id,
    title: problem.title,
    kind: problem.kind,
    sense: problem.sense,
    function: `${problem.fnName}(${problem.params.join(', ')})`,
    splits: problem.splits.map((s) => ({ name: s.name, mode: s.mode, count: s.count, size: s.size })),
    testSplits: problem.testSplits,
    timeoutMs: problem.timeoutMs,
  };
}

/** `ahd problems [--json]`: the tasks, their heuristic signatures and splits. */
export const problemsCommand = new Command('problems')
  .description('list the tasks: id, objective, the function a heuristic defines, and the instance splits')
  .option('--json', 'print a JSON array (one object per task) instead of a table')
  // Its only flag is a boolean commander has already checked: no schema (keeps this command's start-up light).
  .action((options: { json?: boolean }) => {
    const problems = listProblems();
    if (options.json) {
      process.stdout.write(`${JSON.stringify(problems.map(describeProblem))}\n`);
      return;
    }
    const rows = problems.map((p) => [
      p.id,
      p.sense,
      `${p.fnName}(${p.params.join(', ')})`,
      p.splits.map((s) => (p.testSplits.includes(s.name) ? `${s.name}*` : s.name)).join(' '),
    ]);
    process.stdout.write(formatTable(['problem', 'sense', 'heuristic', 'splits (* = default test)'], rows));
    process.stdout.write(`\n${problems.map((p) => `${p.id}: ${p.title}`).join('\n')}\n`);
  });
