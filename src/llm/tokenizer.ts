import { Tokenizer } from '@huggingface/tokenizers';
import { AhdError, ErrorCode } from '../errors.ts';

/** Text <-> token ids for a model, from its tokenizer.json and tokenizer_config.json. */
export interface TextTokenizer {
  /** Ids of `text` as is: special tokens written in the text are recognised, none are added. */
  encode(text: string): number[];
  /** Text of `ids`, special tokens left out. */
  decode(ids: readonly number[]): string;
  /** Id of a token string (special tokens included), if the vocabulary has it. */
  tokenId(token: string): number | undefined;
}

export function createTokenizer(tokenizerJson: object, tokenizerConfig: object, source: string): TextTokenizer {
  let tokenizer: Tokenizer;
  try {
    tokenizer = new Tokenizer(tokenizerJson, tokenizerConfig);
  } catch (error) {
    throw new AhdError(ErrorCode.Model, `${source}: cannot load tokenizer (${(error as Error).message})`, { cause: error });
  }
  return {
    encode: (text) => tokenizer.encode(text, { add_special_tokens: false }).ids,
    // The library refuses an empty list; a model that answers eos at once has produced ''.
    decode: (ids) => (ids.length === 0 ? '' : tokenizer.decode([...ids], { skip_special_tokens: true })),
    tokenId: (token) => tokenizer.token_to_id(token),
  };
}
