import { type FencedBlock, proseOnly } from './fences.ts';
import { lex } from './js-lexer.ts';

/**
 * The one-sentence description the prompt asks for "inside braces". The reference takes the first '{' to the
 * last '}' of the whole answer; in JavaScript that would swallow the code's own braces, so the braces are looked
 * for only outside the code, in this order:
 *   1. the prose before the code (other fenced blocks removed): first '{' to last '}' (greedy, so nested braces stay);
 *   2. the prose after the code, the same way;
 *   3. a comment inside the code that holds braces (`// {Greedy ...}`);
 *   4. fallback, as in the reference: the whole prose before the code.
 * Whitespace is collapsed to single spaces. Returns '' when nothing is found.
 */
export function findDescription(
  text: string,
  blocks: readonly FencedBlock[],
  codeStart: number,
  codeEnd: number,
  /** The code block (or extracted code) whose comments are searched. */
  code: string,
): string {
  const before = proseOnly(text.slice(0, codeStart), blocks);
  const after = proseOnly(text.slice(codeEnd), blocks.map((b) => ({ ...b, start: b.start - codeEnd, end: b.end - codeEnd })).filter((b) => b.start >= 0));
  for (const prose of [before, after, ...commentsOf(code)]) {
    const braced = insideBraces(prose);
    if (braced) return braced;
  }
  return collapse(before.replace(/^[ \t]*#{1,6}[ \t]*/gm, '').replace(/\*\*|__/g, ''));
}

function insideBraces(prose: string): string {
  const open = prose.indexOf('{');
  if (open < 0) return '';
  const close = prose.lastIndexOf('}');
  return collapse(close > open ? prose.slice(open + 1, close) : '');
}

function commentsOf(code: string): string[] {
  return [...lex(code)].filter((t) => t.kind === 'comment').map((t) => t.text.replace(/^\/\/|^\/\*|\*\/$|^[ \t]*\*(?!\/)/gm, ''));
}

const collapse = (text: string) => text.replace(/\s+/g, ' ').trim();
