import type { Problem, ValueKind } from '../../problems/types.ts';

/** What a signature header needs of a problem: a built-in task, one of the user's own, or a corpus's synthetic one. */
export type PromptSignature = Pick<Problem, 'id' | 'fnName' | 'params' | 'outputs' | 'kinds'>;

/**
 * How a kind reads after a name. Numbers stay bare so a problem that declares no kinds still gets a plain,
 * readable signature; `#` marks an index (into the array parameters, which then share one length).
 */
const SUFFIX: Readonly<Record<ValueKind, string>> = { number: '', index: '#', array: '[]', matrix: '[][]' };

const typed = (sig: PromptSignature, name: string): string => name + SUFFIX[sig.kinds?.[name] ?? 'number'];

/** `priority(item, bins[]) -> scores[]`: the function the model writes, as compact-sig headers show it. */
export function signatureText(sig: PromptSignature): string {
  const call = `${sig.fnName}(${sig.params.map((p) => typed(sig, p)).join(', ')})`;
  return sig.outputs.length === 0 ? call : `${call} -> ${sig.outputs.map((o) => typed(sig, o)).join(', ')}`;
}
