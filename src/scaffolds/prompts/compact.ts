import type { ChatMessage } from '../../llm/types.ts';
import type { OperatorRequest, PromptParent } from './types.ts';

/**
 * The bundled model's compact prompt format. Instruct models get the reference's long prompts; the bundled model
 * was trained on this terse form instead, because every prompt token costs decode time on 2 CPU cores.
 *
 *   #<problem id> <operator>          header: what to write and how
 *   <p>{<parent description>}         one block per parent (e1/e2: two, m1/m2: one, i1: none)
 *   <parent code>
 *
 * The model dir's chat template appends ANSWER_MARK after the user content; the model answers
 * `{<description>}\n<code>` and ends with its eos token, so the engine's response parser reads it unchanged.
 */
export const ANSWER_MARK = '<a>';
export const PARENT_MARK = '<p>';
/** The bundled model's eos token; the three marks are special tokens of its tokenizer. */
export const COMPACT_EOS = '<|end|>';
export const COMPACT_SPECIAL_TOKENS = [COMPACT_EOS, ANSWER_MARK, PARENT_MARK] as const;

export function compactParent(parent: PromptParent): string {
  return `${PARENT_MARK}{${parent.description.trim()}}\n${parent.code.trim()}`;
}

/** The user content of a compact prompt. */
export function compactUserContent(problemId: string, operator: string, parents: readonly PromptParent[]): string {
  return [`#${problemId} ${operator}`, ...parents.map(compactParent)].join('\n');
}

/** An answer as the model writes it (before its eos token). */
export function compactAnswer(description: string, code: string): string {
  return `{${description.trim()}}\n${code.trim()}`;
}

export function compactPrompt(req: OperatorRequest): ChatMessage[] {
  return [{ role: 'user', content: compactUserContent(req.problem.id, req.operator, req.parents) }];
}

/** The raw text the model dir's chat template renders for [user, assistant?] (kept in step with it by a test). */
export function renderCompactText(userContent: string, answer: string | undefined, eosToken: string): string {
  return `${userContent}\n${ANSWER_MARK}${answer === undefined ? '' : answer + eosToken}`;
}

/** The chat template written to the bundled model's tokenizer_config.json. */
export const COMPACT_CHAT_TEMPLATE =
  "{% for message in messages %}{% if message['role'] == 'user' %}{{ message['content'] }}\n" +
  ANSWER_MARK +
  "{% elif message['role'] == 'assistant' %}{{ message['content'] }}{{ eos_token }}{% endif %}{% endfor %}";
