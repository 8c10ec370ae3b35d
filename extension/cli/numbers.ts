/**
 * The CLI's flags with a value of a given shape (numbers, ids, the thinking setting): each error says what
 * was expected and what came, e.g. `--max-turns: expected a positive whole number, got "abc"`.
 */
import { z } from 'zod';
import { parseThinkingSetting, type ThinkingSetting } from '../core/engines/models/requestOptions';

/** A string flag turned into T by `read`, or an issue saying "expected <what>, got <value>". */
function shaped<T>(what: string, read: (value: string) => T | undefined) {
  return z.string().transform((value, ctx) => {
    const result = read(value.trim());
    if (result !== undefined) return result;
    ctx.addIssue({ code: 'custom', message: `expected ${what}, got ${JSON.stringify(value)}` });
    return z.NEVER;
  });
}

function positiveWhole(value: string): number | undefined {
  const n = Number(value);
  return /^\d+$/.test(value) && Number.isSafeInteger(n) && n > 0 ? n : undefined;
}

export function wholeNumber(what: string) {
  return shaped(what, positiveWhole);
}

/** `--max-budget-usd`: dollars, more than zero ("0.5", "2", ".25"). */
export const budgetUsd = shaped('a positive number of US dollars, such as 0.50', (value) => {
  const n = Number(value);
  return /^(\d+(\.\d*)?|\.\d+)$/.test(value) && Number.isFinite(n) && n > 0 ? n : undefined;
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** `--session-id`: a UUID, kept in lower case (the ids this CLI makes are). */
export const sessionUuid = shaped('a UUID such as 123e4567-e89b-42d3-a456-426614174000', (value) => (UUID.test(value) ? value.toLowerCase() : undefined));

/** Claude Code's words for the thinking setting (`--thinking=adaptive` from the Agent SDK) in ours. */
const CLAUDE_CODE_THINKING: Record<string, ThinkingSetting> = { adaptive: 'on', enabled: 'on', disabled: 'off' };

export const thinkingFlag = shaped('on, off (or adaptive, enabled, disabled) or a budget of at least 1024 tokens', (value) => CLAUDE_CODE_THINKING[value] ?? parseThinkingSetting(value));

/** `--max-thinking-tokens N`: a budget as `--thinking N`; 0 turns thinking off, as in Claude Code. */
export const thinkingBudget = shaped('0 (off) or a whole number of at least 1024', (value) => (value === '0' ? 'off' : /^\d+$/.test(value) ? parseThinkingSetting(value) : undefined));
