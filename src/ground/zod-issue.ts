import type { z } from 'zod';

/**
 * The first problem zod found, as "<where>: <what>" for a one-line error. `where` names the path (dotted, or
 * `top` when there is none); `name` turns the path into what the user wrote (a flag, a field).
 */
export function firstIssue(error: z.ZodError, top: string, name: (path: readonly PropertyKey[]) => string = (p) => p.join('.')): string {
  const issue = error.issues[0];
  const where = issue.path.length > 0 ? name(issue.path) : top;
  return `${where}: ${plainMessage(issue)}`;
}

/** zod's type names as ahd's messages say them: one wording for integers ("must be an integer", never "an int"). */
const TYPE_NAMES: Readonly<Record<string, string>> = { int: 'integer' };

/** zod's wording made plain ("Invalid input: expected number, received NaN" -> "must be a number"). */
export function plainMessage(issue: z.core.$ZodIssue): string {
  // A message the schema wrote itself ("must be an integer from 20 to 1000000") stays as it is.
  const plain = issue.code === 'invalid_type' && issue.message.startsWith('Invalid input');
  const expected = plain ? (TYPE_NAMES[issue.expected] ?? issue.expected) : undefined;
  if (expected) return `must be ${/^[aeiou]/.test(expected) ? 'an' : 'a'} ${expected}`;
  return issue.message;
}
