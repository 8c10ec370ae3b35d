/**
 * Turns a Zod failure on model-written tool input into a message the model can act on: which parameter,
 * and whether it is missing, of the wrong type (expected vs given) or unexpected.
 */
import type { z } from 'zod';

type Issue = z.core.$ZodIssue;

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let cur: unknown = input;
  for (const key of path) {
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = (cur as Record<PropertyKey, unknown>)[key];
  }
  return cur;
}

function typeName(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

function paramName(path: readonly PropertyKey[]): string {
  return path.map((p, i) => (typeof p === 'number' ? `[${p}]` : i === 0 ? String(p) : `.${String(p)}`)).join('');
}

function describeIssue(issue: Issue, input: unknown): string[] {
  const name = paramName(issue.path);
  if (issue.code === 'unrecognized_keys') {
    const prefix = issue.path.length ? `${name}.` : '';
    return issue.keys.map((k) => `An unexpected parameter \`${prefix}${k}\` was provided`);
  }
  if (issue.code === 'invalid_type') {
    const given = valueAt(input, issue.path);
    if (given === undefined) return [`The required parameter \`${name}\` is missing`];
    return [`The parameter \`${name}\` type is expected as \`${issue.expected}\` but provided as \`${typeName(given)}\``];
  }
  return [name ? `The parameter \`${name}\` is invalid: ${issue.message}` : issue.message];
}

export function formatInputError(toolName: string, error: z.ZodError, input: unknown): string {
  const lines = error.issues.flatMap((i) => describeIssue(i, input));
  return `InputValidationError: ${toolName} failed due to the following ${lines.length > 1 ? 'issues' : 'issue'}:\n${lines.join('\n')}`;
}
