/**
 * Parsing and formatting of rule strings: `Tool` or `Tool(content)`. Content may contain parentheses
 * escaped as `\(` `\)` (`Bash(python -c "print\(1\)")`), and `\\` for a backslash that would otherwise
 * escape one. Other backslashes are literal, so Windows paths (`Edit(C:\src\**)`) read as written.
 */
import type { PermissionRuleValue } from '../../contracts/permissions';

/** True when the character at `index` is preceded by an odd number of backslashes. */
function isEscaped(s: string, index: number): boolean {
  let backslashes = 0;
  for (let i = index - 1; i >= 0 && s[i] === '\\'; i--) backslashes++;
  return backslashes % 2 === 1;
}

function firstUnescaped(s: string, char: string): number {
  for (let i = 0; i < s.length; i++) {
    if (s[i] === char && !isEscaped(s, i)) return i;
  }
  return -1;
}

function unescapeRuleContent(content: string): string {
  // One left-to-right pass, so `\\(` is a backslash then an unescaped paren, not the reverse.
  return content.replace(/\\([\\()])/g, '$1');
}

function escapeRuleContent(content: string): string {
  let out = '';
  for (let i = 0; i < content.length; i++) {
    const c = content[i];
    const next = content[i + 1];
    if (c === '(' || c === ')') out += `\\${c}`;
    // A backslash needs doubling only where it would otherwise escape what follows (or the closing paren).
    else if (c === '\\' && (next === undefined || next === '\\' || next === '(' || next === ')')) out += '\\\\';
    else out += c;
  }
  return out;
}

/**
 * Parses `Bash(npm run test:*)` → `{ toolName: 'Bash', ruleContent: 'npm run test:*' }`.
 * Surrounding whitespace is ignored; `Tool`, `Tool()` and `Tool(*)` all mean the whole tool. A string whose
 * parentheses do not close at the end is kept whole as a tool name, which then matches no tool: a malformed
 * rule never widens what is allowed.
 */
export function permissionRuleValueFromString(ruleString: string): PermissionRuleValue {
  const s = ruleString.trim();
  const open = firstUnescaped(s, '(');
  if (open === -1) return { toolName: s };
  const close = s.length - 1;
  if (s[close] !== ')' || isEscaped(s, close) || close <= open) return { toolName: s };
  const toolName = s.slice(0, open).trim();
  if (toolName === '') return { toolName: s };
  const raw = s.slice(open + 1, close).trim();
  if (raw === '' || raw === '*') return { toolName };
  return { toolName, ruleContent: unescapeRuleContent(raw) };
}

/**
 * Formats a rule value back into its string form, escaping parentheses in the content;
 * `permissionRuleValueFromString(permissionRuleValueToString(v))` gives back `v` for any content that is
 * not blank at either end and not exactly `*`.
 */
export function permissionRuleValueToString(value: PermissionRuleValue): string {
  if (value.ruleContent === undefined || value.ruleContent === '') return value.toolName;
  return `${value.toolName}(${escapeRuleContent(value.ruleContent)})`;
}
