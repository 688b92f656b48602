import { readFileSync } from 'node:fs';
import { AhdError, ErrorCode } from '../../errors.ts';
import type { ChatMessage } from '../../llm/types.ts';
import type { OperatorId } from '../../core/types.ts';
import type { OperatorRequest, PromptParent } from './types.ts';

/**
 * The reference's EoH prompts (reference-ahd.md section 3), reworded for JavaScript, for instruct models: one user
 * message, no system prompt. Every prompt starts with the task text and ends with the same instruction to describe
 * the algorithm in one sentence inside braces and then implement it as a JavaScript function declaration (e2 words
 * the description step as the second of three steps, after naming the parents' backbone idea).
 * The wording lives in reference/*.txt with {slot} placeholders.
 */
const TEMPLATE_NAMES = ['i1', 'e1', 'e2', 'm1', 'm2', 'tail', 'implement', 'parents', 'parent-item', 'parent'] as const;
type TemplateName = (typeof TEMPLATE_NAMES)[number];

const TEMPLATES = Object.fromEntries(
  TEMPLATE_NAMES.map((name) => [name, readFileSync(new URL(`./reference/${name}.txt`, import.meta.url), 'utf8').trimEnd()]),
) as Record<TemplateName, string>;

/** Fills {slot}s in one pass, so braces inside slot values (parent code) are never read as slots. */
function fill(name: TemplateName, slots: Readonly<Record<string, string>>): string {
  return TEMPLATES[name].replace(/\{(\w+)\}/g, (_, slot: string) => {
    const value = slots[slot];
    if (value === undefined) throw new AhdError(ErrorCode.Internal, `prompt template reference/${name}.txt has no value for {${slot}}`);
    return value;
  });
}

/** Parents each operator shows: i1 none, e1/e2 two or more (the reference uses two), m1/m2 exactly one. */
const PARENT_COUNTS: Readonly<Record<OperatorId, { min: number; max: number }>> = {
  i1: { min: 0, max: 0 },
  e1: { min: 2, max: Infinity },
  e2: { min: 2, max: Infinity },
  m1: { min: 1, max: 1 },
  m2: { min: 1, max: 1 },
};

const quoted = (names: readonly string[]) => names.map((n) => `'${n}'`).join(', ');
const counted = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;

function parentsText(parents: readonly PromptParent[]): string {
  if (parents.length === 1) return fill('parent', { description: parents[0].description.trim(), code: parents[0].code.trim() });
  const items = parents.map((p, i) => fill('parent-item', { number: String(i + 1), description: p.description.trim(), code: p.code.trim() }));
  return fill('parents', { count: String(parents.length), items: items.join('\n') });
}

export function referencePrompt(req: OperatorRequest): ChatMessage[] {
  const { operator, problem, parents } = req;
  const expected = PARENT_COUNTS[operator];
  if (parents.length < expected.min || parents.length > expected.max) {
    throw new AhdError(ErrorCode.Internal, `reference prompt for ${operator} got ${parents.length} parent(s)`, { context: { operator } });
  }
  const implement = fill('implement', {
    fnName: problem.fnName,
    inputCount: counted(problem.params.length, 'input'),
    inputs: quoted(problem.params),
    outputCount: counted(problem.outputs.length, 'output'),
    outputs: quoted(problem.outputs),
    ioText: problem.ioText.trim(),
  });
  const shown = parentsText(parents);
  const content = fill(operator, {
    task: problem.taskText.trim(),
    tail: fill('tail', { implement }),
    implement,
    parents: shown,
    parent: shown,
  });
  return [{ role: 'user', content }];
}
