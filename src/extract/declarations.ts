import { arrowExtent, classExtent, functionExtent, statementExtent, type Found } from './extent.ts';
import { lex } from './js-lexer.ts';

/**
 * Top-level declarations in a piece of answer text (a fenced block, or the whole answer with fence lines blanked).
 * Declarations are recognised only where a line starts with `[export [default]] function|class|const|let|var`,
 * so prose is never tokenized from its beginning (an apostrophe in prose would otherwise open a string).
 */
export interface Declaration {
  readonly name: string | undefined;
  /** Start of the line's first keyword (an `export` prefix included) and end of the declaration. */
  readonly start: number;
  readonly end: number;
  /** The declaration as plain code: `export` removed, continuation lines dedented. */
  readonly code: string;
}

const IDENT = '[A-Za-z_$][\\w$]*';
const DECLARATION_START = /^([ \t]*)(export[ \t]+(?:default[ \t]+)?)?(?=(?:async[ \t]+)?function\b|class\b|const\b|let\b|var\b)/gm;

/** Removes `indent` from the start of every line after the first, so a block indented in a list reads flush. */
function dedent(code: string, indent: string): string {
  if (!indent) return code;
  return code
    .split('\n')
    .map((line, i) => (i > 0 && line.startsWith(indent) ? line.slice(indent.length) : line))
    .join('\n');
}

function declarationAt(source: string, lineStart: number, indent: string, exportPrefix: string): Found<Declaration> {
  const codeStart = lineStart + indent.length + exportPrefix.length;
  const head = source.slice(codeStart, codeStart + 200);
  const keyword = /^(?:async[ \t]+)?(function|class|const|let|var)\b/.exec(head)![1];
  const extent =
    keyword === 'function' ? functionExtent(source, codeStart) : keyword === 'class' ? classExtent(source, codeStart) : statementExtent(source, codeStart);
  if (extent.kind !== 'complete') return extent;
  const name = new RegExp(`^(?:async[ \\t]+)?(?:function[ \\t]*\\*?|class|const|let|var)[ \\t]*(${IDENT})`).exec(head)?.[1];
  const code = dedent(source.slice(codeStart, extent.end), indent);
  return { kind: 'complete', name, start: lineStart + indent.length, end: extent.end, code };
}

/** Complete top-level declarations in source order; declarations inside an earlier one (nested helpers) are skipped. */
export function topLevelDeclarations(source: string): Declaration[] {
  const found: Declaration[] = [];
  let coveredUntil = 0;
  for (const match of source.matchAll(DECLARATION_START)) {
    if (match.index < coveredUntil) continue;
    const declaration = declarationAt(source, match.index, match[1], match[2] ?? '');
    if (declaration.kind !== 'complete') continue;
    found.push(declaration);
    coveredUntil = declaration.end;
  }
  return found;
}

/**
 * Every definition of `fnName` in `source`, in order, as a function declaration:
 * `function fnName(...) {...}` as written, or `const fnName = function (...) {...}` / `const fnName = (...) => ...`
 * rewritten to `function fnName(...) {...}` (so the sandbox always finds a declaration).
 */
export function targetDefinitions(source: string, fnName: string): Array<Found<Declaration>> {
  const name = fnName.replace(/\$/g, '\\$');
  const declared = new RegExp(`^([ \\t]*)(export[ \\t]+(?:default[ \\t]+)?)?(?=(?:async[ \\t]+)?function[ \\t]*\\*?[ \\t]*${name}[ \\t]*[(<])`, 'gm');
  const assigned = new RegExp(`^([ \\t]*)(export[ \\t]+)?(?:const|let|var)[ \\t]+${name}[ \\t]*(?::[^=\\n]+)?=(?!=)[ \\t]*`, 'gm');
  const definitions: Array<{ at: number; found: Found<Declaration> }> = [];
  for (const match of source.matchAll(declared)) {
    definitions.push({ at: match.index, found: declarationAt(source, match.index, match[1], match[2] ?? '') });
  }
  for (const match of source.matchAll(assigned)) {
    definitions.push({ at: match.index, found: assignedFunction(source, match.index, match.index + match[0].length, match[1], fnName) });
  }
  return definitions
    .filter((d) => d.found.kind !== 'none')
    .sort((a, b) => a.at - b.at)
    .map((d) => d.found);
}

/** `const fnName = <function expression or arrow>` rewritten as a function declaration. */
function assignedFunction(source: string, lineStart: number, valueStart: number, indent: string, fnName: string): Found<Declaration> {
  const start = lineStart + indent.length;
  if (/^(?:async[ \t]+)?function\b/.test(source.slice(valueStart, valueStart + 40))) {
    const fn = functionExtent(source, valueStart);
    if (fn.kind !== 'complete') return fn;
    const end = source[fn.end] === ';' ? fn.end + 1 : fn.end;
    const code = `${fn.isAsync ? 'async ' : ''}function ${fnName}${source.slice(fn.signatureStart, fn.end)}`;
    return { kind: 'complete', name: fnName, start, end, code: dedent(code, indent) };
  }
  const arrow = arrowExtent(source, valueStart);
  if (arrow.kind !== 'complete') return arrow;
  const rawParams = source.slice(arrow.paramsStart, arrow.paramsEnd);
  const params = rawParams.startsWith('(') ? rawParams : `(${rawParams})`;
  const returnType = source.slice(arrow.paramsEnd, arrow.returnTypeEnd).trimEnd();
  const bodyText = source.slice(arrow.bodyStart, arrow.bodyEnd);
  const body = arrow.expressionBody ? `{\n  return ${bodyText.trim()};\n}` : bodyText;
  const code = `${arrow.isAsync ? 'async ' : ''}function ${fnName}${params}${returnType} ${body}`;
  return { kind: 'complete', name: fnName, start, end: arrow.end, code: dedent(code, indent) };
}

/** Names a piece of code reads: identifiers that are not property names after '.' or '?.'. */
export function referencedNames(code: string): Set<string> {
  const names = new Set<string>();
  let afterDot = false;
  for (const token of lex(code)) {
    if (token.kind === 'comment') continue;
    if (token.kind === 'ident' && !afterDot) names.add(token.text);
    afterDot = token.kind === 'punct' && (token.text === '.' || token.text === '?.');
  }
  return names;
}

/** Names of functions the text defines at line starts (to tell the model which name it used instead). */
export function definedFunctionNames(source: string): string[] {
  const patterns = [
    new RegExp(`^[ \\t]*(?:export[ \\t]+(?:default[ \\t]+)?)?(?:async[ \\t]+)?function[ \\t]*\\*?[ \\t]*(${IDENT})?[ \\t]*\\(`, 'gm'),
    new RegExp(`^[ \\t]*(?:export[ \\t]+)?(?:const|let|var)[ \\t]+(${IDENT})[ \\t]*=[ \\t]*(?:async[ \\t]*)?(?:function\\b|\\([^)\\n]*\\)[ \\t]*=>|${IDENT}[ \\t]*=>)`, 'gm'),
  ];
  const names = patterns.flatMap((pattern) => [...source.matchAll(pattern)].map((m) => ({ at: m.index, name: m[1] ?? '(anonymous)' })));
  return [...new Set(names.sort((a, b) => a.at - b.at).map((n) => n.name))];
}
