/** A plain text table: columns padded to their widest cell, two spaces apart, numbers right-aligned. */
export function formatTable(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const widths = header.map((h, c) => Math.max(h.length, ...rows.map((r) => r[c].length)));
  const numeric = header.map((_, c) => rows.length > 0 && rows.every((r) => /^-?[\d.]+(e[-+]?\d+)?$|^-$/.test(r[c])));
  const line = (cells: readonly string[]) =>
    cells
      .map((cell, c) => (numeric[c] ? cell.padStart(widths[c]) : cell.padEnd(widths[c])))
      .join('  ')
      .trimEnd();
  return `${[line(header), ...rows.map(line)].join('\n')}\n`;
}
