import type { Command } from 'commander';
import { defaultText } from './defaults.ts';
import { SETTINGS } from './settings.ts';

/**
 * `ahd run`'s flags, generated from the run config schema: each setting with a flag becomes a commander option
 * (a default-on switch also its --no- form), its help ending in its default. No defaults are given to commander:
 * an absent flag must stay absent, so that the config file and a resumed run's config.json can say it.
 */
export function addRunOptions(command: Command): Command {
  for (const s of SETTINGS) {
    if (!s.flag) continue;
    const shown = defaultText(s.path) ?? s.defaultText;
    command.option(s.flag, shown === undefined ? s.help : `${s.help} (default: ${shown})`);
    if (s.negate) command.option(`--no-${s.flagName}`, s.negate);
  }
  return command;
}

/** commander's options as a run config document (flag text read as numbers where the setting is one). */
export function documentFromFlags(options: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const document: Record<string, unknown> = {};
  for (const s of SETTINGS) {
    const value = s.flagName === undefined ? undefined : options[attributeName(s.flagName)];
    if (value === undefined) continue;
    setAt(document, s.path, s.numeric && typeof value === 'string' ? numberOf(value) : value);
  }
  return document;
}

/** The `ahd run` arguments that say what a document says (every setting in it must have a flag). */
export function flagsFromDocument(document: object): string[] {
  return SETTINGS.flatMap((s) => {
    const value = s.path.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown> | undefined)?.[k], document);
    if (value === undefined) return [];
    if (!s.flagName) throw new Error(`run config: ${s.path} has no flag`);
    const flag = `--${s.flagName}`;
    if (value === true) return [flag];
    if (value === false) return s.negate ? [`--no-${s.flagName}`] : [];
    return Array.isArray(value) ? [flag, ...value.map(String)] : [flag, String(value)];
  });
}

/** commander's attribute of a flag: `--top-p` -> topP. */
const attributeName = (flag: string) => flag.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());

/** A flag's text as a number; text that is none stays text, for the schema to refuse as "must be a number". */
function numberOf(text: string): number | string {
  const n = Number(text);
  return text.trim() === '' || Number.isNaN(n) ? text : n;
}

function setAt(object: Record<string, unknown>, path: string, value: unknown): void {
  const keys = path.split('.');
  let o = object;
  for (const key of keys.slice(0, -1)) o = (o[key] ??= {}) as Record<string, unknown>;
  o[keys.at(-1)!] = value;
}
