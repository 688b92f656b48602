import type { Problem } from '../../problems/types.ts';

/** EoH operators: i1 initialise; e1/e2 explore from two parents; m1/m2 modify one parent (form / parameters). */
export type OperatorId = 'i1' | 'e1' | 'e2' | 'm1' | 'm2';
export const OPERATOR_IDS: readonly OperatorId[] = ['i1', 'e1', 'e2', 'm1', 'm2'];

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
