import { TokenCursor, type Token } from './js-lexer.ts';

/**
 * Where a function, class or statement written in a model answer ends. Each finder starts at a keyword and
 * walks tokens; 'none' means the text there is not that construct (prose that happens to say "function f(x)"),
 * 'incomplete' means the text ends before its brackets close (an answer cut off mid-function).
 */
export type Found<T> = ({ readonly kind: 'complete' } & T) | { readonly kind: 'incomplete' } | { readonly kind: 'none' };

export interface FunctionExtent {
  readonly isAsync: boolean;
  /** Index of the first character after `function [*] [name]`: the generic list or '('. */
  readonly signatureStart: number;
  readonly end: number;
}

export interface ArrowExtent {
  readonly isAsync: boolean;
  /** The parameter list: '(...)' or a single bare identifier. */
  readonly paramsStart: number;
  readonly paramsEnd: number;
  /** Text between the parameters and '=>' (a TypeScript return type), kept so a later type strip sees it. */
  readonly returnTypeEnd: number;
  readonly bodyStart: number;
  readonly bodyEnd: number;
  readonly expressionBody: boolean;
  readonly end: number;
}

const OPENERS = new Set(['(', '[', '{']);
const CLOSERS = new Set([')', ']', '}']);
const NONE = { kind: 'none' } as const;
const INCOMPLETE = { kind: 'incomplete' } as const;

const isPunct = (token: Token | undefined, text: string) => token?.kind === 'punct' && token.text === text;
const isWord = (token: Token | undefined, text: string) => token?.kind === 'ident' && token.text === text;

/** Consumes tokens after an opening bracket up to its partner; returns the closing token, or undefined at text end. */
function skipBalanced(cursor: TokenCursor): Token | undefined {
  let depth = 1;
  for (let token = cursor.next(); token; token = cursor.next()) {
    if (token.kind !== 'punct') continue;
    if (OPENERS.has(token.text)) depth += 1;
    else if (CLOSERS.has(token.text) && --depth === 0) return token;
  }
  return undefined;
}

/** Consumes a '<...>' generic list (the '<' already consumed), counting nested angle and other brackets. */
function skipAngles(cursor: TokenCursor): boolean {
  let depth = 1;
  for (let token = cursor.next(); token; token = cursor.next()) {
    if (isPunct(token, '<')) depth += 1;
    else if (isPunct(token, '>') && --depth === 0) return true;
    else if (token.kind === 'punct' && OPENERS.has(token.text) && !skipBalanced(cursor)) return false;
  }
  return false;
}

// A '{' right after one of these belongs to a type (`: { best: number }`, `A | {...}`), not to the function body.
const TYPE_CONTINUES = new Set([':', '|', '&', '<', ',', '(', '=>', '?', '[']);

/**
 * Consumes a TypeScript type annotation (the ':' already consumed) and stops, without consuming, at the token
 * `isEnd` accepts at bracket depth 0. Returns false when the text ends first.
 */
function skipType(cursor: TokenCursor, isEnd: (token: Token, previous: Token | undefined) => boolean): boolean {
  let previous: Token | undefined;
  let angles = 0;
  for (let token = cursor.peek(); token; token = cursor.peek()) {
    if (angles === 0 && isEnd(token, previous)) return true;
    cursor.next();
    if (isPunct(token, '<')) angles += 1;
    else if (isPunct(token, '>')) angles -= 1;
    else if (token.kind === 'punct' && OPENERS.has(token.text) && !skipBalanced(cursor)) return false;
    previous = token;
  }
  return false;
}

/** `[async] function [*] [name] [<T>] (params) [: Type] { body }` starting at `start`. */
export function functionExtent(source: string, start: number): Found<FunctionExtent> {
  const cursor = new TokenCursor(source, start);
  let token = cursor.next();
  const isAsync = isWord(token, 'async');
  if (isAsync) token = cursor.next();
  if (!isWord(token, 'function')) return NONE;
  if (isPunct(cursor.peek(), '*')) cursor.next();
  if (cursor.peek()?.kind === 'ident') cursor.next();
  const signatureStart = cursor.peek()?.start ?? source.length;
  if (isPunct(cursor.peek(), '<')) {
    cursor.next();
    if (!skipAngles(cursor)) return INCOMPLETE;
  }
  const open = cursor.next();
  if (!open) return INCOMPLETE;
  if (!isPunct(open, '(')) return NONE;
  if (!skipBalanced(cursor)) return INCOMPLETE;
  if (isPunct(cursor.peek(), ':')) {
    cursor.next();
    const bodyFollows = (t: Token, prev: Token | undefined) => isPunct(t, '{') && !!prev && !TYPE_CONTINUES.has(prev.text);
    if (!skipType(cursor, bodyFollows)) return INCOMPLETE;
  }
  const body = cursor.next();
  if (!body) return INCOMPLETE;
  if (!isPunct(body, '{')) return NONE;
  const close = skipBalanced(cursor);
  return close ? { kind: 'complete', isAsync, signatureStart, end: close.end } : INCOMPLETE;
}

/** `[async] (params) [: Type] => body` or `[async] x => body` starting at `start`. */
export function arrowExtent(source: string, start: number): Found<ArrowExtent> {
  const cursor = new TokenCursor(source, start);
  let token = cursor.next();
  const isAsync = isWord(token, 'async') && cursor.peek()?.newlineBefore === false;
  if (isAsync) token = cursor.next();
  if (!token) return INCOMPLETE;
  const paramsStart = token.start;
  let paramsEnd: number;
  if (isPunct(token, '(')) {
    const close = skipBalanced(cursor);
    if (!close) return INCOMPLETE;
    paramsEnd = close.end;
  } else if (token.kind === 'ident') paramsEnd = token.end;
  else return NONE;
  if (isPunct(cursor.peek(), ':')) {
    cursor.next();
    if (!skipType(cursor, (t) => isPunct(t, '=>'))) return INCOMPLETE;
  }
  const arrow = cursor.next();
  if (!arrow) return INCOMPLETE;
  if (!isPunct(arrow, '=>')) return NONE;
  const first = cursor.peek();
  if (!first) return INCOMPLETE;
  if (isPunct(first, '{')) {
    cursor.next();
    const close = skipBalanced(cursor);
    if (!close) return INCOMPLETE;
    const end = isPunct(cursor.peek(), ';') ? cursor.next()!.end : close.end;
    return { kind: 'complete', isAsync, paramsStart, paramsEnd, returnTypeEnd: arrow.start, bodyStart: first.start, bodyEnd: close.end, expressionBody: false, end };
  }
  const statement = statementEnd(cursor);
  if (statement.kind !== 'complete') return statement;
  const bodyEnd = source[statement.end - 1] === ';' ? statement.end - 1 : statement.end;
  return { kind: 'complete', isAsync, paramsStart, paramsEnd, returnTypeEnd: arrow.start, bodyStart: first.start, bodyEnd, expressionBody: true, end: statement.end };
}

/** `class Name [extends X] { ... }` starting at `start`. */
export function classExtent(source: string, start: number): Found<{ readonly end: number }> {
  const cursor = new TokenCursor(source, start);
  if (!isWord(cursor.next(), 'class')) return NONE;
  for (let token = cursor.next(); token; token = cursor.next()) {
    if (isPunct(token, '{')) {
      const close = skipBalanced(cursor);
      return close ? { kind: 'complete', end: close.end } : INCOMPLETE;
    }
    if (token.kind === 'punct' && OPENERS.has(token.text) && !skipBalanced(cursor)) return INCOMPLETE;
  }
  return INCOMPLETE;
}

/** A statement such as `const LIMIT = 10;` starting at `start`, ended by ';' or by a line break where JS would end it. */
export function statementExtent(source: string, start: number): Found<{ readonly end: number }> {
  return statementEnd(new TokenCursor(source, start));
}

// Tokens that can end an expression, and tokens that continue one across a line break (so no statement end there).
const ENDS_EXPRESSION = new Set([')', ']', '}', '++', '--']);
const CONTINUES_EXPRESSION = new Set(['.', '?.', '?', ':', ',', '=>', '+', '-', '*', '/', '%', '&', '|', '^', '=', '<', '>', '(', '[']);
const CONTINUING_WORDS = new Set(['instanceof', 'in', 'of']);

function endsExpression(token: Token): boolean {
  if (token.kind === 'punct') return ENDS_EXPRESSION.has(token.text);
  if (token.kind === 'template') return token.text.endsWith('`');
  return true;
}

function continuesExpression(token: Token): boolean {
  if (token.kind === 'punct') return CONTINUES_EXPRESSION.has(token.text);
  return token.kind === 'ident' && CONTINUING_WORDS.has(token.text);
}

function statementEnd(cursor: TokenCursor): Found<{ readonly end: number }> {
  let depth = 0;
  let last: Token | undefined;
  for (let token = cursor.peek(); ; token = cursor.peek()) {
    if (!token) return depth === 0 && last ? { kind: 'complete', end: last.end } : INCOMPLETE;
    if (depth === 0 && last && token.newlineBefore && endsExpression(last) && !continuesExpression(token)) {
      return { kind: 'complete', end: last.end };
    }
    if (token.kind === 'punct') {
      if (OPENERS.has(token.text)) depth += 1;
      else if (CLOSERS.has(token.text)) {
        if (depth === 0) return last ? { kind: 'complete', end: last.end } : NONE;
        depth -= 1;
      } else if (token.text === ';' && depth === 0) {
        cursor.next();
        return { kind: 'complete', end: token.end };
      }
    }
    cursor.next();
    last = token;
  }
}
