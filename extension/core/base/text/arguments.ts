/**
 * The arguments of a prompt command (`/fix-issue 123 "high priority"`), substituted into its body as Claude
 * Code does: `$ARGUMENTS` is the whole string, `$1`..`$9` the shell-like words (quotes group, backslash
 * escapes). A body that uses neither still gets the arguments, appended as `ARGUMENTS: …`, so they are never
 * silently lost.
 */

const PLACEHOLDER = /\$ARGUMENTS\b|\$[1-9](?!\d)/;

/** `a "b c" 'd e' f\ g` → `a`, `b c`, `d e`, `f g`; an unclosed quote runs to the end. */
export function splitArguments(args: string): string[] {
  const words: string[] = [];
  let current: string | undefined;
  let quote: '"' | "'" | undefined;
  for (let i = 0; i < args.length; i++) {
    const ch = args[i]!;
    if (quote) {
      if (ch === quote) quote = undefined;
      else if (ch === '\\' && quote === '"' && (args[i + 1] === '"' || args[i + 1] === '\\')) current += args[++i]!;
      else current += ch;
    } else if (ch === '"' || ch === "'") {
      quote = ch;
      current ??= '';
    } else if (ch === '\\' && i + 1 < args.length) {
      current = (current ?? '') + args[++i]!;
    } else if (/\s/.test(ch)) {
      if (current !== undefined) words.push(current);
      current = undefined;
    } else current = (current ?? '') + ch;
  }
  if (current !== undefined) words.push(current);
  return words;
}

/** True when the body says where its arguments go. */
export function hasArgumentPlaceholders(body: string): boolean {
  return PLACEHOLDER.test(body);
}

/** The body with its placeholders filled; missing positional words become empty. */
export function substituteArguments(body: string, args: string): string {
  const trimmed = args.trim();
  if (!hasArgumentPlaceholders(body)) return trimmed === '' ? body : `${body.trimEnd()}\n\nARGUMENTS: ${trimmed}`;
  const words = splitArguments(trimmed);
  // One pass, so an argument that itself contains `$1` is not substituted again.
  return body.replace(/\$ARGUMENTS\b|\$([1-9])(?!\d)/g, (_m, n: string | undefined) => (n === undefined ? trimmed : (words[Number(n) - 1] ?? '')));
}
