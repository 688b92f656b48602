import type { Problem } from '../../problems/types.ts';
import type { ChatMessage, PromptStyle } from '../../llm/types.ts';
import type { OperatorId } from '../../core/types.ts';
import type { OperatorRequest, PromptParent } from '../prompts/types.ts';
import { referencePrompt } from '../prompts/reference.ts';
import { compactPrompt } from '../prompts/compact.ts';

/** An EoH operator as data: how many parents its prompt shows, and whether EoH+ES perturbs it. */
export interface Operator {
  readonly id: OperatorId;
  readonly parents: 0 | 1 | 2;
  /** EoH+ES samples this operator under weight perturbations and updates once per call (m1, m2). */
  readonly perturbed: boolean;
}

export const OPERATORS: Readonly<Record<OperatorId, Operator>> = {
  i1: { id: 'i1', parents: 0, perturbed: false },
  e1: { id: 'e1', parents: 2, perturbed: false },
  e2: { id: 'e2', parents: 2, perturbed: false },
  m1: { id: 'm1', parents: 1, perturbed: true },
  m2: { id: 'm2', parents: 1, perturbed: true },
};

const PROMPT_STYLES: Readonly<Record<PromptStyle, (request: OperatorRequest) => ChatMessage[]>> = {
  reference: referencePrompt,
  compact: (request) => compactPrompt(request, 'compact'),
  'compact-sig': (request) => compactPrompt(request, 'compact-sig'),
};

/** The chat messages asking the model for one offspring of `operator` from `parents` (individuals or bare description and code), in the model's style. */
export function buildPrompt(
  style: PromptStyle,
  problem: Problem,
  operator: OperatorId,
  parents: readonly PromptParent[],
): ChatMessage[] {
  return PROMPT_STYLES[style]({
    operator,
    problem,
    parents: parents.map((p) => ({ description: p.description, code: p.code })),
  });
}
