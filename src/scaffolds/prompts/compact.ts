import type { ChatMessage } from '../../llm/types.ts';
import type { OperatorRequest, PromptParent } from './types.ts';
import { signatureText, type PromptSignature } from './signature.ts';

/**
 * The bundled models' compact prompt formats. Instruct models get the reference's long prompts; the bundled models
 * were trained on this terse form instead, because every prompt token costs decode time on 2 CPU cores.
 *
 *   #<problem id> <operator>          header: what to write and how ('compact')
 *   #<problem id> <operator> <fn>(<params>) -> <outputs>
 *                                     the same plus the function's signature ('compact-sig'), so that a model can
 *                                     write for a problem whose id it never saw (signature.ts renders it)
 *   <p>{<parent description>}         one block per parent (e1/e2: two, m1/m2: one, i1: none)
 *   <parent code>
 *
 * The model dir's chat template appends ANSWER_MARK after the user content; the model answers
 * `{<description>}\n<code>` and ends with its eos token, so the engine's response parser reads it unchanged.
 */
export const ANSWER_MARK = '<a>';
export const PARENT_MARK = '<p>';
/** The bundled models' eos token; the three marks are special tokens of their tokenizers. */
export const COMPACT_EOS = '<|end|>';
export const COMPACT_SPECIAL_TOKENS = [COMPACT_EOS, ANSWER_MARK, PARENT_MARK] as const;

export function compactParent(parent: PromptParent): string {
  return `${PARENT_MARK}{${parent.description.trim()}}\n${parent.code.trim()}`;
}

/** The two compact styles: same marks, chat template and answer; they differ in the header only. */
export type CompactStyle = 'compact' | 'compact-sig';

/** The header line: the one place either compact style's header is built (scaffolds and the corpus both call it). */
export function compactHeader(style: CompactStyle, problem: PromptSignature, operator: string): string {
  const head = `#${problem.id} ${operator}`;
  return style === 'compact' ? head : `${head} ${signatureText(problem)}`;
}

/** The user content of a compact prompt. */
export function compactUserContent(
  style: CompactStyle,
  problem: PromptSignature,
  operator: string,
  parents: readonly PromptParent[],
): string {
  return [compactHeader(style, problem, operator), ...parents.map(compactParent)].join('\n');
}

/** An answer as the model writes it (before its eos token). */
export function compactAnswer(description: string, code: string): string {
  return `{${description.trim()}}\n${code.trim()}`;
}

/** The chat messages of a compact prompt in `style` (default 'compact', the first bundled model's). */
export function compactPrompt(req: OperatorRequest, style: CompactStyle = 'compact'): ChatMessage[] {
  return [{ role: 'user', content: compactUserContent(style, req.problem, req.operator, req.parents) }];
}

/** The raw text the model dir's chat template renders for [user, assistant?] (kept in step with it by a test). */
export function renderCompactText(userContent: string, answer: string | undefined, eosToken: string): string {
  return `${userContent}\n${ANSWER_MARK}${answer === undefined ? '' : answer + eosToken}`;
}

/** The chat template written to the bundled models' tokenizer_config.json. */
export const COMPACT_CHAT_TEMPLATE =
  "{% for message in messages %}{% if message['role'] == 'user' %}{{ message['content'] }}\n" +
  ANSWER_MARK +
  "{% elif message['role'] == 'assistant' %}{{ message['content'] }}{{ eos_token }}{% endif %}{% endfor %}";
