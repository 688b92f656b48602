import type { PromptParent } from '../../../src/scaffolds/prompts/types.ts';
import type { PromptSignature } from '../../../src/scaffolds/prompts/signature.ts';
import type { CompactStyle } from '../../../src/scaffolds/prompts/compact.ts';
import type { Rng } from '../../../src/ground/rng.ts';
import type { Example, Validator } from './examples.ts';
import { toExample } from './examples.ts';
import { withNewNumbers } from './numbers.ts';

/**
 * m2 examples on programs no grammar wrote (issue 28, Amendment 11). A search's parents are the model's own grown
 * programs; a corpus that shows m2 only on its grammar's programs leaves the model to rewrite such a parent instead
 * of copying it with new numbers. Here the parent is a finished run's best program, or a copy of one whose numbers
 * already changed (up to MAX_DEPTH copies deep, so the numbers the model sees are not only the runs' own), and the
 * answer is the parent with new numbers (numbers.ts), its description kept: the same algorithm, other settings.
 */
const MAX_DEPTH = 2;
const ATTEMPTS = 8;

/** A sandbox-checked copy of `parent` with new numbers, or undefined after ATTEMPTS tries. */
async function copyWithNewNumbers(problem: string, parent: PromptParent, rng: Rng, validate: Validator): Promise<PromptParent | undefined> {
  for (let i = 0; i < ATTEMPTS; i++) {
    const code = withNewNumbers(parent.code, rng);
    if (code === undefined) return undefined;
    if (await validate(problem, code)) return { description: parent.description, code };
  }
  return undefined;
}

/**
 * `count` copy-m2 examples for `sig`'s problem from `bases` (programs with at least one decimal literal are used;
 * the others cannot be copied with new numbers). Fewer when a draw finds no valid copy.
 */
export async function copyM2Examples(
  style: CompactStyle,
  sig: PromptSignature,
  bases: readonly PromptParent[],
  count: number,
  rng: Rng,
  validate: Validator,
): Promise<Example[]> {
  const examples: Example[] = [];
  for (let k = 0; k < count; k++) {
    let parent: PromptParent | undefined = bases[rng.int(bases.length)];
    for (let depth = rng.int(MAX_DEPTH + 1); depth > 0 && parent; depth--) parent = await copyWithNewNumbers(sig.id, parent, rng, validate);
    const child = parent && (await copyWithNewNumbers(sig.id, parent, rng, validate));
    if (parent && child) examples.push(toExample(style, sig, 'm2', [parent], child));
  }
  return examples;
}
