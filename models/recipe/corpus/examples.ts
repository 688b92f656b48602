import type { OperatorId } from '../../../src/core/types.ts';
import { compactAnswer, compactUserContent, type CompactStyle } from '../../../src/scaffolds/prompts/compact.ts';
import type { PromptSignature } from '../../../src/scaffolds/prompts/signature.ts';
import type { PromptParent } from '../../../src/scaffolds/prompts/types.ts';
import type { Rng } from '../../../src/ground/rng.ts';
import type { Genome, TaskGrammar } from './genome.ts';
import { cross, explore, mutate, randomGenome, reparam } from './genome.ts';

/** A rendered, sandbox-checked program. */
export interface Program {
  readonly genome: Genome;
  readonly description: string;
  readonly code: string;
}

/** Says whether the real sandbox accepts a program for the grammar's problem (cached by the caller's implementation). */
export type Validator = (problem: string, code: string) => Promise<boolean>;

/** One training example in a compact format: the user content and the answer (without eos). */
export interface Example {
  readonly problem: string;
  readonly operator: OperatorId;
  readonly prompt: string;
  readonly answer: string;
}

const ATTEMPTS = 8;

function program(grammar: TaskGrammar, genome: Genome): Program {
  return { genome, ...grammar.render(genome) };
}

/** Draws genomes from `make` until one renders to new code that the sandbox accepts. */
async function validChild(
  grammar: TaskGrammar,
  validate: Validator,
  avoid: readonly string[],
  make: () => Genome,
): Promise<Program | undefined> {
  for (let i = 0; i < ATTEMPTS; i++) {
    const child = program(grammar, make());
    if (avoid.includes(child.code)) continue;
    if (await validate(grammar.problem, child.code)) return child;
  }
  return undefined;
}

export async function randomProgram(grammar: TaskGrammar, rng: Rng, validate: Validator): Promise<Program | undefined> {
  return validChild(grammar, validate, [], () => randomGenome(grammar, rng));
}

/** The child an operator should produce from its parents (the corpus's definition of each EoH operator). */
export async function childFor(
  grammar: TaskGrammar,
  operator: OperatorId,
  parents: readonly Program[],
  rng: Rng,
  validate: Validator,
): Promise<Program | undefined> {
  const avoid = parents.map((p) => p.code);
  const [a, b] = parents.map((p) => p.genome);
  switch (operator) {
    case 'i1':
      return validChild(grammar, validate, avoid, () => randomGenome(grammar, rng));
    case 'e1':
      return validChild(grammar, validate, avoid, () => explore(grammar, a, b, rng));
    case 'e2':
      return validChild(grammar, validate, avoid, () => cross(grammar, a, b, rng));
    case 'm1':
      return validChild(grammar, validate, avoid, () => mutate(grammar, a, rng));
    case 'm2':
      return validChild(grammar, validate, avoid, () => reparam(grammar, a, rng));
  }
}

/** `style` picks the header (compact.ts builds it); `problem` is what a compact-sig header shows of the function. */
export function toExample(
  style: CompactStyle,
  problem: PromptSignature,
  operator: OperatorId,
  parents: readonly PromptParent[],
  child: PromptParent,
): Example {
  return {
    problem: problem.id,
    operator,
    prompt: compactUserContent(style, problem, operator, parents),
    answer: compactAnswer(child.description, child.code),
  };
}
