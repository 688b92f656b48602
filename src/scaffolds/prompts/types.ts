import type { OperatorId } from '../../core/types.ts';
import type { Problem } from '../../problems/types.ts';

/** A parent heuristic as the prompt shows it. */
export interface PromptParent {
  readonly description: string;
  readonly code: string;
}

/** What a scaffold asks for; a PromptStyle turns it into chat messages for a given model. */
export interface OperatorRequest {
  readonly operator: OperatorId;
  readonly problem: Problem;
  readonly parents: readonly PromptParent[];
}
