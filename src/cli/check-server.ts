import { Command } from 'commander';
import { z } from 'zod';
import { AhdError, ErrorCode } from '../errors.ts';
import { parseOptions } from '../ground/parse-options.ts';
import { endpointBase } from '../llm/es-server/client.ts';
import { networkCause } from '../llm/http/json-client.ts';
import type { ConformanceReport } from '../llm/es-server/conformance.ts';

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
  .action(checkServerAction);

const optionsSchema = z.object({
  sigma: z.coerce.number({ message: 'must be a number' }).gt(0, 'must be > 0').optional(),
  json: z.boolean().optional(),
});

/** The library it drives loads when the command runs, so that other commands do not load it. */
async function checkServerAction(urls: readonly string[], raw: unknown): Promise<void> {
  const options = parseOptions(optionsSchema, raw);
  const { checkEsServer } = await import('../llm/es-server/conformance.ts');
  const { differingAnswers } = await import('../llm/es-server/compare-answers.ts');
  const bases = urls.map(endpointBase);
  const reports: ConformanceReport[] = [];
  for (const base of bases) {
    try {
      reports.push(await checkEsServer(base, { sigma: options.sigma }));
    } catch (error) {
      throw new AhdError(ErrorCode.Llm, `check-server: ${base}: cannot complete the session (${networkCause(error)})`);
    }
  }
  const differences = reports.slice(1).flatMap((r) => differingAnswers(reports[0], r));
  if (options.json) {
    process.stdout.write(`${JSON.stringify({ servers: reports, differences })}\n`);
  } else {
    for (const report of reports) {
      process.stdout.write(`${report.url}: ${report.passed ? 'passed' : 'FAILED'}\n`);
      for (const c of report.checks) process.stdout.write(`  ${c.outcome.padEnd(4)}  ${c.name}${c.detail ? ` (${c.detail})` : ''}\n`);
    }
    if (reports.length > 1) {
      process.stdout.write(differences.length === 0 ? 'answers agree field by field\n' : `answers differ:\n${differences.map((d) => `  ${d}`).join('\n')}\n`);
    }
  }
  // The verdict is an error like any other, so main's one exit-status rule applies (failures exit 1).
  const failed = reports.filter((r) => !r.passed).length;
  if (failed > 0 || differences.length > 0) {
    const what = [failed > 0 && `${failed} of ${reports.length} server(s) failed a check`, differences.length > 0 && 'their answers differ'].filter(Boolean);
    throw new AhdError(ErrorCode.Conformance, `check-server: ${what.join('; ')} (listed above)`);
  }
}
