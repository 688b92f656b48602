import { decimalLiterals } from '../../ground/numeric-literals.ts';

/**
 * Numbers-only decoding: the answer is a given text (a parent's answer) whose decimal literals the model writes
 * anew, token by token, while every other character is fed to it as it stands. It makes EoH's m2 ("the same
 * algorithm, other parameter settings") exactly that: a child that keeps its parent's shape, with the model's
 * numbers (so ES perturbations still move what it writes).
 *
 * The template splits into fixed text and number slots: fixed[0], slot 0, fixed[1], ..., slot k-1, fixed[k]. A
 * byte-level BPE pre-tokenizer starts a token at a number and may glue one space before it (` 0`, ` 12`), so a
 * space just before a literal belongs to its slot: the fixed text then tokenizes as it does inside the whole answer.
 */
export interface NumberTemplate {
  readonly fixed: readonly string[];
  /** Per slot: the space before the number (' ') or nothing. */
  readonly slots: readonly { readonly lead: '' | ' ' }[];
}

export function numberTemplate(text: string): NumberTemplate {
  const fixed: string[] = [];
  const slots: { lead: '' | ' ' }[] = [];
  let at = 0;
  for (const literal of decimalLiterals(text)) {
    const lead = literal.index > at && text[literal.index - 1] === ' ' ? ' ' : '';
    fixed.push(text.slice(at, literal.index - lead.length));
    slots.push({ lead });
    at = literal.index + literal.text.length;
  }
  fixed.push(text.slice(at));
  return { fixed, slots };
}

/**
 * What a slot accepts: a decimal literal, at most three integer digits (no leading zero) and four decimals, so that
 * every prefix can still be finished by one-character tokens and the number stays a decimal for the next m2.
 */
const PREFIX = /^(?:(?:0|[1-9]\d{0,2})(?:\.\d{0,4})?)?$/;
const COMPLETE = /^(?:0|[1-9]\d{0,2})\.\d{1,4}$/;

/** The number in a slot's text (its lead taken off), or undefined when the text does not start with its lead. */
function numberOf(slot: string, lead: '' | ' '): string | undefined {
  if (lead === '') return slot;
  return slot[0] === ' ' ? slot.slice(1) : undefined;
}

/** Whether `slot` (the slot's text so far, lead included) can still become a complete number. */
export function isSlotPrefix(slot: string, lead: '' | ' '): boolean {
  if (slot.length === 0) return true;
  const number = numberOf(slot, lead);
  return number !== undefined && PREFIX.test(number);
}

export function isSlotComplete(slot: string, lead: '' | ' '): boolean {
  const number = numberOf(slot, lead);
  return number !== undefined && COMPLETE.test(number);
}

/** Tokens that can appear in a slot: digits and points with at most a space before them, or that space alone. */
export const SLOT_TOKEN = /^(?: |[0-9.])[0-9.]*$/;
