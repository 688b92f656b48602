/** Collapses whitespace and caps the length at `max` characters: reasons and messages are shown on one line. */
export function oneLine(text: string, max = 300): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > max ? `${line.slice(0, max - 3)}...` : line;
}
