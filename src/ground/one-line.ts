/** Collapses whitespace and caps the length: reasons and messages are shown on one line. */
export function oneLine(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > 300 ? `${line.slice(0, 297)}...` : line;
}
