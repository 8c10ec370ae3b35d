/** Splitting the CLI's rule and tool lists ("A,B(x y),C"). */

/** "A,B(x y),C" → ["A", "B(x y)", "C"]: commas and spaces separate rules, but not inside parentheses. */
export function splitRules(list: string | undefined): string[] {
  if (!list) return [];
  const rules: string[] = [];
  let depth = 0;
  let current = '';
  for (const ch of list) {
    if (ch === '(') depth++;
    if (ch === ')') depth = Math.max(0, depth - 1);
    if (depth === 0 && (ch === ',' || ch === ' ')) {
      if (current.trim()) rules.push(current.trim());
      current = '';
    } else current += ch;
  }
  if (current.trim()) rules.push(current.trim());
  return rules;
}
