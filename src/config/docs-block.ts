/** The markers around docs/cli.md's generated `ahd run` options table. */
export const BLOCK_START = '<!-- generated from src/config/schema.ts by scripts/docs-cli.ts: edit there -->';
export const BLOCK_END = '<!-- end of generated table -->';

/** `markdown` with the text between the markers replaced by `table`. */
export function replaceGenerated(markdown: string, table: string): string {
  const start = markdown.indexOf(BLOCK_START);
  const end = markdown.indexOf(BLOCK_END);
  if (start < 0 || end < start) throw new Error(`docs/cli.md: the generated block's markers are missing`);
  return `${markdown.slice(0, start + BLOCK_START.length)}\n${table}\n${markdown.slice(end)}`;
}
