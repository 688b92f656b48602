import type { ConformanceReport } from './conformance.ts';

/** The request-determined answers where two conformance reports differ, one line each ("step.field: a vs b"). */
export function differingAnswers(a: ConformanceReport, b: ConformanceReport): string[] {
  const lines: string[] = [];
  for (const step of new Set([...Object.keys(a.answers), ...Object.keys(b.answers)])) {
    const x = flatten(a.answers[step]);
    const y = flatten(b.answers[step]);
    for (const field of new Set([...Object.keys(x), ...Object.keys(y)])) {
      if (x[field] !== y[field]) lines.push(`${step}${field}: ${a.url} ${x[field]} vs ${b.url} ${y[field]}`);
    }
  }
  return lines;
}

function flatten(value: unknown, prefix = ''): Record<string, string> {
  if (typeof value !== 'object' || value === null) return { [prefix]: JSON.stringify(value) };
  return Object.assign({}, ...Object.entries(value).map(([k, v]) => flatten(v, `${prefix}.${k}`)));
}
