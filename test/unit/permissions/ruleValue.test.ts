import { describe, expect, it } from 'vitest';
import { permissionRuleValueFromString as parse, permissionRuleValueToString as format } from '../../../extension/core/engines/permissions/ruleValue';
import type { PermissionRuleValue } from '../../../extension/core/contracts/permissions';

describe('core/permissions rule strings', () => {
  it('parses a tool name and its content', () => {
    expect(parse('Bash(npm run test:*)')).toEqual({ toolName: 'Bash', ruleContent: 'npm run test:*' });
    expect(parse('WebFetch(domain:example.com)')).toEqual({ toolName: 'WebFetch', ruleContent: 'domain:example.com' });
    expect(parse('Read(src/**)')).toEqual({ toolName: 'Read', ruleContent: 'src/**' });
  });

  it('parses a bare tool name as the whole tool', () => {
    expect(parse('Bash')).toEqual({ toolName: 'Bash' });
    expect(parse('mcp__github__create_issue')).toEqual({ toolName: 'mcp__github__create_issue' });
  });

  it('treats empty parentheses and `*` as the whole tool', () => {
    expect(parse('Bash()')).toEqual({ toolName: 'Bash' });
    expect(parse('Bash(   )')).toEqual({ toolName: 'Bash' });
    expect(parse('Bash(*)')).toEqual({ toolName: 'Bash' });
  });

  it('ignores whitespace around the rule, the tool name and the content', () => {
    expect(parse('  Bash(git status)\n')).toEqual({ toolName: 'Bash', ruleContent: 'git status' });
    expect(parse('Bash ( git status )')).toEqual({ toolName: 'Bash', ruleContent: 'git status' });
    expect(parse('  Read  ')).toEqual({ toolName: 'Read' });
  });

  it('unescapes parentheses and backslashes in the content', () => {
    expect(parse('Bash(python -c "print\\(1\\)")')).toEqual({ toolName: 'Bash', ruleContent: 'python -c "print(1)"' });
    expect(parse('Bash(echo \\\\)')).toEqual({ toolName: 'Bash', ruleContent: 'echo \\' });
  });

  it('keeps unescaped inner parentheses and lone backslashes as written', () => {
    expect(parse('Bash(echo (hi))')).toEqual({ toolName: 'Bash', ruleContent: 'echo (hi)' });
    expect(parse('Edit(C:\\src\\**)')).toEqual({ toolName: 'Edit', ruleContent: 'C:\\src\\**' });
  });

  it('keeps a malformed rule whole as a tool name, so it matches no tool', () => {
    for (const s of ['Bash(npm', 'Bash(npm) extra', 'Bash(npm\\)', '(npm)', 'Bash)(']) {
      expect(parse(s), s).toEqual({ toolName: s });
    }
  });

  it('formats a value, escaping parentheses only in the content', () => {
    expect(format({ toolName: 'Bash' })).toBe('Bash');
    expect(format({ toolName: 'Bash', ruleContent: '' })).toBe('Bash');
    expect(format({ toolName: 'Bash', ruleContent: 'npm run test:*' })).toBe('Bash(npm run test:*)');
    expect(format({ toolName: 'Bash', ruleContent: 'f(x)' })).toBe('Bash(f\\(x\\))');
    expect(format({ toolName: 'Edit', ruleContent: 'C:\\src\\**' })).toBe('Edit(C:\\src\\**)');
    expect(format({ toolName: 'Bash', ruleContent: 'echo \\' })).toBe('Bash(echo \\\\)');
  });

  it('round-trips values through format then parse', () => {
    const values: PermissionRuleValue[] = [
      { toolName: 'Bash' },
      { toolName: 'Bash', ruleContent: 'npm run test:*' },
      { toolName: 'Bash', ruleContent: 'python -c "print(1)"' },
      { toolName: 'Bash', ruleContent: ')(' },
      { toolName: 'Bash', ruleContent: '(' },
      { toolName: 'Bash', ruleContent: 'a\\' },
      { toolName: 'Bash', ruleContent: 'a\\\\' },
      { toolName: 'Bash', ruleContent: 'a\\(b\\)' },
      { toolName: 'Bash', ruleContent: '\\\\(' },
      { toolName: 'Bash', ruleContent: 'echo "a)b" && ls (x' },
      { toolName: 'Edit', ruleContent: 'C:\\Users\\me\\**' },
      { toolName: 'Read', ruleContent: '**' },
      { toolName: 'mcp__server__tool' },
    ];
    for (const v of values) expect(parse(format(v)), format(v)).toEqual(v);
  });

  it('round-trips canonical strings through parse then format', () => {
    for (const s of ['Bash', 'Bash(git status)', 'Bash(f\\(x\\))', 'Bash(echo \\\\)', 'Edit(C:\\src\\**)', 'WebFetch(domain:x.com)']) {
      expect(format(parse(s))).toBe(s);
    }
  });
});
