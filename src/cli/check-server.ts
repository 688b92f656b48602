import { Command } from 'commander';

/** `ahd check-server`: the ES model-server protocol conformance suite against running servers. */
export const checkServerCommand = new Command('check-server')
  .description('check that ES model servers speak the protocol ahd drives (fields, ES state rules, errors, reset, re-init)')
  .argument('<url...>', 'server base URLs (http://host:port)')
  .option('--sigma <x>', 'sigma of the test perturbations (default 1e-3)')
  .option('--json', 'print one JSON array: per server its checks, whether it passed, and its request-determined answers')
  .addHelpText(
    'after',
    `
Runs one scripted session per server (it re-inits the server: do not point it at a server a run is using) and
prints every check. Exit status 1 when a server fails a check; "note" marks exactness a float16/bfloat16 server
without a master copy cannot give. With several servers, also compares their request-determined answers field
by field (servers of the same model must agree).

Examples:
  ahd check-server http://127.0.0.1:11012
  ahd check-server http://127.0.0.1:11012 http://127.0.0.1:11013 --json`,
  )
  .action(async (urls: string[], raw: unknown) => (await import('./actions/check-server.ts')).checkServersFromFlags(urls, raw));
