/**
 * Markdown code fences in a model answer. A fence opens on a line of three or more backticks (or tildes) with an
 * optional language tag and closes on a line of at least as many of the same character; an unterminated fence
 * runs to the end of the answer (answers cut off at the token limit).
 */
export interface FencedBlock {
  /** Language tag, lower-cased ('' when absent). */
  readonly lang: string;
  /** Start of the opening fence line and end of the closing fence line (text end when unterminated). */
  readonly start: number;
  readonly end: number;
  readonly contentStart: number;
  readonly contentEnd: number;
  readonly content: string;
}

const OPEN = /^[ \t]*(`{3,}|~{3,})[ \t]*([\w+#.-]*)[^\n`]*$/;

export function fencedBlocks(text: string): FencedBlock[] {
  const blocks: FencedBlock[] = [];
  const lines = lineSpans(text);
  for (let i = 0; i < lines.length; i++) {
    const open = OPEN.exec(text.slice(lines[i].start, lines[i].end));
    if (!open) continue;
    const marker = open[1];
    const close = new RegExp(`^[ \\t]*${marker[0] === '`' ? '`' : '~'}{${marker.length},}[ \\t]*$`);
    let j = i + 1;
    while (j < lines.length && !close.test(text.slice(lines[j].start, lines[j].end))) j++;
    const contentStart = Math.min(lines[i].end + 1, text.length);
    const contentEnd = j < lines.length ? lines[j].start : text.length;
    blocks.push({
      lang: open[2].toLowerCase(),
      start: lines[i].start,
      end: j < lines.length ? lines[j].end : text.length,
      contentStart,
      contentEnd: Math.max(contentStart, contentEnd),
      content: text.slice(contentStart, Math.max(contentStart, contentEnd)),
    });
    i = j;
  }
  return blocks;
}

/** The text with every fence marker line replaced by spaces (indices preserved), so code reads as if unfenced. */
export function withoutFenceLines(text: string, blocks: readonly FencedBlock[]): string {
  let out = text;
  for (const block of blocks) {
    out = blank(out, block.start, block.contentStart);
    if (block.contentEnd < block.end) out = blank(out, block.contentEnd, block.end);
  }
  return out;
}

/** The text with whole fenced blocks removed (the prose around them). */
export function proseOnly(text: string, blocks: readonly FencedBlock[]): string {
  let out = '';
  let at = 0;
  for (const block of blocks) {
    if (block.start >= text.length) break;
    out += text.slice(at, block.start);
    at = Math.max(at, block.end);
  }
  return out + text.slice(at);
}

function blank(text: string, from: number, to: number): string {
  return text.slice(0, from) + text.slice(from, to).replace(/[^\n]/g, ' ') + text.slice(to);
}

function lineSpans(text: string): Array<{ start: number; end: number }> {
  const spans: Array<{ start: number; end: number }> = [];
  let start = 0;
  for (;;) {
    const newline = text.indexOf('\n', start);
    if (newline < 0) {
      spans.push({ start, end: text.length });
      return spans;
    }
    spans.push({ start, end: newline });
    start = newline + 1;
  }
}
