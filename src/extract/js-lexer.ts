/**
 * A forgiving JavaScript (and TypeScript-ish) tokenizer, just precise enough to match brackets in model answers:
 * strings, template literals (with nested `${}` expressions), comments and regex literals never count as brackets.
 * It never throws: unterminated strings stop at the line end, unterminated comments/templates at the text end.
 */
export type TokenKind = 'ident' | 'number' | 'string' | 'template' | 'regex' | 'comment' | 'punct';

export interface Token {
  readonly kind: TokenKind;
  readonly start: number;
  readonly end: number;
  /** Source text of the token. */
  readonly text: string;
  /** A line break between the previous token (comments included) and this one. */
  readonly newlineBefore: boolean;
}

// After these keywords a '/' starts a regex literal, not a division.
const REGEX_AFTER_KEYWORD = new Set([
  'return', 'typeof', 'case', 'do', 'else', 'in', 'instanceof', 'new', 'delete', 'void', 'throw', 'yield', 'await', 'of',
]);
// Multi-character punctuators that matter for matching or regex detection; everything else is one character.
const LONG_PUNCT = ['...', '=>', '++', '--', '?.'];

const isIdentStart = (c: string) => /[A-Za-z_$]/.test(c) || c.charCodeAt(0) > 0x7f;
const isIdentPart = (c: string) => /[\w$]/.test(c) || c.charCodeAt(0) > 0x7f;
const isDigit = (c: string) => c >= '0' && c <= '9';

/** Lazily tokenizes `source` from index `from` (to stop early once a bracket closes). */
export function* lex(source: string, from = 0): Generator<Token> {
  let i = from;
  let newline = false;
  let prev: Token | undefined; // last non-comment token, for regex detection
  // One entry per open '{' or '${': 'template' entries resume the template string when their '}' arrives.
  const braces: Array<'brace' | 'template'> = [];

  const make = (kind: TokenKind, start: number, end: number): Token => {
    const token = { kind, start, end, text: source.slice(start, end), newlineBefore: newline };
    newline = false;
    if (kind !== 'comment') prev = token;
    return token;
  };

  // Scans template text from i (just after '`' or a closing '}') to the closing '`' or the next '${'.
  const templateChunk = (start: number): Token => {
    while (i < source.length) {
      const c = source[i];
      if (c === '\\') i += 2;
      else if (c === '`') {
        i += 1;
        return make('template', start, i);
      } else if (c === '$' && source[i + 1] === '{') {
        i += 2;
        braces.push('template');
        return make('template', start, i);
      } else i += 1;
    }
    return make('template', start, source.length);
  };

  const regexAllowed = () => {
    if (!prev) return true;
    if (prev.kind === 'ident') return REGEX_AFTER_KEYWORD.has(prev.text);
    if (prev.kind === 'punct') return !/^[)\]}]$|^\+\+$|^--$/.test(prev.text);
    return false;
  };

  // Returns the end of a regex literal starting at i, or -1 when the line ends first (then it was a division).
  const regexEnd = (): number => {
    let j = i + 1;
    let inClass = false;
    while (j < source.length) {
      const c = source[j];
      if (c === '\n') return -1;
      if (c === '\\') j += 2;
      else {
        if (c === '[') inClass = true;
        else if (c === ']') inClass = false;
        else if (c === '/' && !inClass) {
          j += 1;
          while (j < source.length && isIdentPart(source[j])) j += 1;
          return j;
        }
        j += 1;
      }
    }
    return -1;
  };

  while (i < source.length) {
    const c = source[i];
    const start = i;
    if (c === '\n') {
      newline = true;
      i += 1;
    } else if (c === ' ' || c === '\t' || c === '\r' || c === '\f' || c === '\v' || c === '\u00a0') {
      i += 1;
    } else if (c === '/' && source[i + 1] === '/') {
      while (i < source.length && source[i] !== '\n') i += 1;
      yield make('comment', start, i);
    } else if (c === '/' && source[i + 1] === '*') {
      const close = source.indexOf('*/', i + 2);
      i = close < 0 ? source.length : close + 2;
      const token = make('comment', start, i);
      if (token.text.includes('\n')) newline = true; // a multi-line comment separates lines like a line break
      yield token;
    } else if (c === '"' || c === "'") {
      i += 1;
      while (i < source.length && source[i] !== c && source[i] !== '\n') i += source[i] === '\\' ? 2 : 1;
      if (source[i] === c) i += 1;
      yield make('string', start, Math.min(i, source.length));
    } else if (c === '`') {
      i += 1;
      yield templateChunk(start);
    } else if (isIdentStart(c)) {
      while (i < source.length && isIdentPart(source[i])) i += 1;
      yield make('ident', start, i);
    } else if (isDigit(c) || (c === '.' && isDigit(source[i + 1] ?? ''))) {
      // Digits, letters (hex, exponents, bigint suffix), '_' separators, '.', and a sign right after an exponent.
      i += 1;
      while (i < source.length) {
        const d = source[i];
        if (isIdentPart(d) || d === '.') i += 1;
        else if ((d === '+' || d === '-') && /[eE]/.test(source[i - 1]) && !/^0[xX]/.test(source.slice(start, i))) i += 1;
        else break;
      }
      yield make('number', start, i);
    } else if (c === '/' && regexAllowed() && regexEnd() > 0) {
      i = regexEnd();
      yield make('regex', start, i);
    } else if (c === '{') {
      i += 1;
      braces.push('brace');
      yield make('punct', start, i);
    } else if (c === '}') {
      i += 1;
      if (braces.pop() === 'template') yield templateChunk(start);
      else yield make('punct', start, i);
    } else {
      const long = LONG_PUNCT.find((p) => source.startsWith(p, i));
      i += long ? long.length : 1;
      yield make('punct', start, i);
    }
  }
}

/** A cursor over lex() with one token of look-ahead; comments are skipped. */
export class TokenCursor {
  readonly #tokens: Generator<Token>;
  #peeked: Token | undefined;
  #done = false;

  constructor(source: string, from = 0) {
    this.#tokens = lex(source, from);
  }

  peek(): Token | undefined {
    while (!this.#peeked && !this.#done) {
      const next = this.#tokens.next();
      if (next.done) this.#done = true;
      else if (next.value.kind !== 'comment') this.#peeked = next.value;
    }
    return this.#peeked;
  }

  next(): Token | undefined {
    const token = this.peek();
    this.#peeked = undefined;
    return token;
  }
}
