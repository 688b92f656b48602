import { syntaxError, stripTypes } from './compile.ts';
import { type Declaration, definedFunctionNames, referencedNames, targetDefinitions, topLevelDeclarations } from './declarations.ts';
import { findDescription } from './description.ts';
import { type FencedBlock, fencedBlocks, withoutFenceLines } from './fences.ts';

/**
 * Splits a model answer into the heuristic's description and its JavaScript code (reference rules, section 3,
 * adapted to JavaScript).
 *
 * Code: the first fenced block (any tag but Python) that defines `fnName` completely; else the definition found
 * anywhere in the answer with fence lines ignored (no fences, or an unterminated/mis-closed fence). A definition is
 * `function fnName(`, `async function`, `export [default] function`, or `const|let|var fnName = function/arrow`
 * (rewritten to `function fnName(...) {...}`, so the code always holds a declaration named fnName). Of several
 * definitions the first complete one wins. Top-level helpers (functions, classes, constants) that the function
 * uses, directly or through other helpers, are kept in their original order; everything else (imports, example
 * calls, `module.exports`, prose after the code) is dropped, and `export` is removed. The code is compiled (never
 * run); TypeScript annotations are erased (esbuild) when the code is valid TypeScript but not JavaScript.
 *
 * Description: see findDescription (braces outside the code, falling back to the prose before it).
 */
export type ParseResult =
  | { readonly ok: true; readonly description: string; readonly code: string; readonly typesStripped: boolean }
  | { readonly ok: false; readonly reason: string; readonly retry: boolean };

/** How many times a scaffold re-asks the model after an answer whose description or code is missing. */
export const MAX_PARSE_RETRIES = 4;

/**
 * Whether the scaffold should ask again: the reference re-queries when the description or the code came out empty.
 * So do we (no code, wrong name, Python, no description); code that was found but is cut off or does not compile
 * is not re-asked: like the reference, it becomes an invalid candidate.
 */
export function needsRetry(result: ParseResult): boolean {
  return !result.ok && result.retry;
}

interface Source {
  readonly text: string;
  /** Index of text[0] in the answer. */
  readonly offset: number;
  /** The fenced block it came from, whose fences bound the code for the description search. */
  readonly block?: FencedBlock;
}

const PYTHON_TAGS = new Set(['python', 'py', 'python3', 'py3']);
const PYTHON_DEF = /^[ \t]*(?:async[ \t]+)?def[ \t]+[A-Za-z_]\w*[ \t]*\(/m;

export function parseResponse(text: string, fnName: string): ParseResult {
  const answer = text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  if (!answer.trim()) return failure('empty answer', true);
  const blocks = fencedBlocks(answer);
  const sources: Source[] = [
    ...blocks.filter((b) => !PYTHON_TAGS.has(b.lang)).map((block) => ({ text: block.content, offset: block.contentStart, block })),
    { text: withoutFenceLines(answer, blocks), offset: 0 },
  ];

  let incomplete = false;
  for (const source of sources) {
    const definitions = targetDefinitions(source.text, fnName);
    const complete = definitions.filter((d): d is Extract<typeof d, { kind: 'complete' }> => d.kind === 'complete');
    if (complete.length === 0) {
      incomplete ||= definitions.some((d) => d.kind === 'incomplete');
      continue;
    }
    const declarations = topLevelDeclarations(source.text);
    let firstError: string | undefined;
    for (const target of complete) {
      const parts = withHelpers(target, declarations, fnName);
      const written = parts.map((p) => p.code).join('\n\n');
      const checked = compiled(written);
      if ('error' in checked) {
        firstError ??= checked.error;
        continue;
      }
      const start = source.block?.start ?? source.offset + Math.min(...parts.map((p) => p.start));
      const end = source.block?.end ?? source.offset + Math.max(...parts.map((p) => p.end));
      const description = findDescription(answer, blocks, start, end, source.block?.content ?? written);
      if (!description) return failure('no description', true);
      return { ok: true, description, code: checked.code, typesStripped: checked.typesStripped };
    }
    return failure(`syntax error: ${firstError}`, false);
  }

  if (incomplete) return failure(`function ${fnName} is incomplete (its brackets never close; answer cut off?)`, false);
  const names = definedFunctionNames(sources[sources.length - 1].text);
  if (names.length > 0) return failure(`no function named ${fnName} (found: ${names.join(', ')})`, true);
  if (blocks.some((b) => PYTHON_TAGS.has(b.lang)) || PYTHON_DEF.test(answer)) return failure('python code, not JavaScript', true);
  return failure('no code', true);
}

function failure(reason: string, retry: boolean): ParseResult {
  return { ok: false, reason, retry };
}

/** The target plus the top-level declarations it reads, transitively, in source order. */
function withHelpers(target: Declaration, declarations: readonly Declaration[], fnName: string): Declaration[] {
  const byName = new Map<string, Declaration>();
  for (const d of declarations) {
    const outside = d.end <= target.start || d.start >= target.end;
    if (d.name && d.name !== fnName && outside && !byName.has(d.name)) byName.set(d.name, d);
  }
  const chosen = new Set<Declaration>([target]);
  const pending = [target.code];
  while (pending.length > 0) {
    for (const name of referencedNames(pending.pop()!)) {
      const helper = byName.get(name);
      if (helper && !chosen.has(helper)) {
        chosen.add(helper);
        pending.push(helper.code);
      }
    }
  }
  return [...chosen].sort((a, b) => a.start - b.start);
}

function compiled(code: string): { code: string; typesStripped: boolean } | { error: string } {
  const error = syntaxError(code);
  if (!error) return { code, typesStripped: false };
  const stripped = stripTypes(code);
  if (stripped !== undefined && !syntaxError(stripped)) return { code: stripped, typesStripped: true };
  return { error };
}
