import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { usageError } from '../../errors.ts';
import { PROJECT_ROOT } from '../../ground/runtime.ts';
import type { EvalMode, InvalidPolicy, SplitSpec } from '../types.ts';

/** Looks a split up by name; an unknown name is a usage error listing the known ones. */
export function findSplit(problemId: string, splits: readonly SplitSpec[], name: string): SplitSpec {
  const spec = splits.find((s) => s.name === name);
  if (!spec) {
    throw usageError(`unknown split "${name}" for ${problemId} (known: ${splits.map((s) => s.name).join(', ')})`, {
      problem: problemId,
      split: name,
    });
  }
  return spec;
}

/**
 * Path of a split's data file: in the user's `dataDir` when given, else in the task's shipped data folder,
 * problems/<id>/data/ at the project's root (instance files are data, not source, so they stay out of src/).
 */
export function splitPath(problemId: string, spec: SplitSpec, dataDir?: string): string {
  if (!spec.file) throw new Error(`split ${spec.name} has no data file`);
  return join(dataDir ?? join(PROJECT_ROOT, 'problems', problemId, 'data'), spec.file);
}

/** The reference's rule: in search one invalid instance sinks the candidate; in test it is dropped and counted. */
export function referenceInvalidPolicy(mode: EvalMode): InvalidPolicy {
  return mode === 'search' ? 'candidate' : 'drop';
}

/** Reads a problem's plain-JS harness (harness.js next to its index.ts) as source text. */
export function readHarness(problemDir: URL): string {
  return readFileSync(new URL('harness.js', problemDir), 'utf8');
}
