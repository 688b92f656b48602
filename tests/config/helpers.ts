import { Command } from 'commander';
import { addRunOptions, documentFromFlags } from '../../src/config/flags.ts';
import { parseDocument } from '../../src/config/parse.ts';
import { resolveRunConfig, type ConfigLayer, type ResolvedRunConfig } from '../../src/config/resolve.ts';
import { readRunConfig } from '../../src/engine/run-dir/index.ts';

export const NOW = new Date(Date.UTC(2025, 0, 2, 3, 4, 5));

/** `ahd run <argv>`'s flags as commander reads them (the generated options), as a checked layer. */
export function flagLayer(...argv: string[]): ConfigLayer {
  let options: Record<string, unknown> = {};
  const command = addRunOptions(new Command('run'))
    .exitOverride()
    .configureOutput({ outputError: () => {} })
    .action(function (this: Command) {
      options = this.opts();
    });
  command.parse(argv, { from: 'user' });
  return { document: parseDocument(documentFromFlags(options), { kind: 'flags' }), source: { kind: 'flags' } };
}

/** What `ahd run <argv>` resolves to (a fixed clock for the run dir name). */
export const resolveFlags = (...argv: string[]): ResolvedRunConfig => resolveRunConfig([flagLayer(...argv)], { readStored: readRunConfig, now: NOW });

/** What the library's run(document) resolves to. */
export const resolveLibrary = (document: unknown): ResolvedRunConfig =>
  resolveRunConfig([{ document: parseDocument(document, { kind: 'library' }), source: { kind: 'library' } }], { readStored: readRunConfig, now: NOW });
