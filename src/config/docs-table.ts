import { defaultText } from './defaults.ts';
import { SETTINGS } from './settings.ts';

/**
 * docs/cli.md's table of `ahd run` options, generated from the run config schema (a test keeps the file in step):
 * each setting's flag, its path in a config file, its default and what it does.
 */
export function runOptionsTable(): string {
  const rows = SETTINGS.map((s) => {
    const flag = s.flag ? `\`${s.flag.replace(/\|/g, '\\|')}\`${s.negate ? ` / \`--no-${s.flagName}\`` : ''}` : '-';
    const shown = defaultText(s.path) ?? s.defaultText ?? '-';
    const help = `${s.help}${s.negate ? `; \`--no-${s.flagName}\`: ${s.negate}` : ''}`;
    return `| ${flag} | \`${s.path}\` | ${escape(shown)} | ${escape(help)} |`;
  });
  return [
    '| flag | config file | default | what |',
    '|---|---|---|---|',
    '| `--config <file>` | - | - | a run config, JSON or YAML; flags given too win over it |',
    ...rows,
  ].join('\n');
}

/** Plain table text: a `|` would end the cell, a `<...>` would be read as HTML. */
const escape = (text: string) => text.replace(/\|/g, '\\|').replace(/</g, '&lt;');

/** The markers around docs/cli.md's generated `ahd run` options table. */
const BLOCK_START = '<!-- generated from src/config/schema.ts by scripts/docs-cli.ts: edit there -->';
const BLOCK_END = '<!-- end of generated table -->';

/** `markdown` with the text between the markers replaced by `table`. */
export function replaceGenerated(markdown: string, table: string): string {
  const start = markdown.indexOf(BLOCK_START);
  const end = markdown.indexOf(BLOCK_END);
  if (start < 0 || end < start) throw new Error(`docs/cli.md: the generated block's markers are missing`);
  return `${markdown.slice(0, start + BLOCK_START.length)}\n${table}\n${markdown.slice(end)}`;
}
