import { z } from 'zod';
import { AhdError, ErrorCode } from '../../errors.ts';
import { parseOptions } from '../../ground/parse-options.ts';
import { endpointBase } from '../../llm/es-server/client.ts';
import { networkCause } from '../../llm/http/json-client.ts';
import { checkEsServer, type ConformanceReport } from '../../llm/es-server/conformance.ts';
import { differingAnswers } from '../../llm/es-server/compare-answers.ts';

const optionsSchema = z.object({
  sigma: z.coerce.number({ message: 'must be a number' }).gt(0, 'must be > 0').optional(),
  json: z.boolean().optional(),
});

export async function checkServersFromFlags(urls: readonly string[], raw: unknown): Promise<void> {
  const options = parseOptions(optionsSchema, raw);
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
