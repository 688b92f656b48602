import type { z } from 'zod';
import { runConfigSchema, settingMeta, type SettingMeta } from './schema.ts';

/** One leaf of the run config schema: its dotted path, its value schema and what it says about itself. */
export interface Setting extends SettingMeta {
  /** `search.budget` */
  readonly path: string;
  readonly schema: z.ZodType;
  /** The flag's long name without dashes (`es-crn`), if it has a flag. */
  readonly flagName?: string;
  /** The value is a number (a flag's text is read as one). */
  readonly numeric: boolean;
}

/** Every setting, in schema order: what flags, docs and "did you mean" are generated from. */
export const SETTINGS: readonly Setting[] = walk(runConfigSchema, []);

function walk(object: z.ZodObject, prefix: readonly string[]): Setting[] {
  return Object.entries(object.shape).flatMap(([key, field]): Setting[] => {
    const inner = (field as z.ZodOptional).unwrap() as z.ZodType;
    const path = [...prefix, key];
    if (inner.def.type === 'object') return walk(inner as z.ZodObject, path);
    const meta = settingMeta.get(inner);
    if (!meta) throw new Error(`run config: ${path.join('.')} has no setting metadata`);
    const flagName = meta.flag?.match(/^--([a-z0-9-]+)/)?.[1];
    return [{ ...meta, path: path.join('.'), schema: inner, flagName, numeric: inner.def.type === 'number' }];
  });
}

/** The setting at a path (or the one an array element's path falls in: llm.endpoint.0). */
export function settingAt(path: readonly PropertyKey[]): Setting | undefined {
  for (let n = path.length; n > 0; n--) {
    const found = SETTINGS.find((s) => s.path === path.slice(0, n).join('.'));
    if (found) return found;
  }
  return undefined;
}
