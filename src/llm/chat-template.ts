import { Template } from '@huggingface/jinja';
import { AhdError, ErrorCode } from '../errors.ts';
import type { ChatMessage } from './types.ts';

/** Renders a conversation into the model's prompt text, ending with the cue for the assistant's turn. */
export type ChatTemplate = (messages: readonly ChatMessage[]) => string;

type SpecialToken = string | { content?: string } | null | undefined;

export interface TokenizerConfig {
  readonly chat_template?: string | readonly { name: string; template: string }[];
  readonly bos_token?: SpecialToken;
  readonly eos_token?: SpecialToken;
  readonly unk_token?: SpecialToken;
  readonly pad_token?: SpecialToken;
}

/** The text of a special token, which tokenizer_config.json writes as a string or as an AddedToken object. */
export const specialTokenText = (token: SpecialToken): string | undefined =>
  typeof token === 'string' ? token : (token?.content ?? undefined);

/** The chat template of tokenizer_config.json (Jinja, as Hugging Face models ship it). */
export function createChatTemplate(config: TokenizerConfig, source: string): ChatTemplate {
  const raw = config.chat_template;
  const text = Array.isArray(raw) ? raw.find((t) => t.name === 'default')?.template : raw;
  if (typeof text !== 'string' || text.length === 0) {
    throw new AhdError(ErrorCode.Model, `${source}: tokenizer_config.json has no chat_template`);
  }
  let template: Template;
  try {
    template = new Template(text);
  } catch (error) {
    throw new AhdError(ErrorCode.Model, `${source}: chat_template does not parse (${(error as Error).message})`);
  }
  const tokens = {
    bos_token: specialTokenText(config.bos_token) ?? '',
    eos_token: specialTokenText(config.eos_token) ?? '',
    unk_token: specialTokenText(config.unk_token) ?? '',
    pad_token: specialTokenText(config.pad_token) ?? '',
  };
  return (messages) =>
    template.render({
      ...tokens,
      messages: messages.map((m) => ({ role: m.role, content: m.content })),
      add_generation_prompt: true,
    });
}
