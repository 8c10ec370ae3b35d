import { describe, expect, it } from 'vitest';
import { bashRuleMatches, checkBashPermissions, splitSimpleCommands, suggestRuleContent } from '../../../../extension/core/engines/permissions/bash';
import type { PermissionResult } from '../../../../extension/core/contracts/permissions';
import { contextWith, env, parser } from './helpers';

describe('bashRuleMatches', () => {
  const cases: [string, string, boolean][] = [
    ['npm run test:*', 'npm run test', true],
    ['npm run test:*', 'npm run test:unit', true],
    ['npm run test:*', 'npm run test -- x', true],
    ['npm run test:*', 'npm run testing', false],
    ['npm run test:*', 'npm run', false],
    ['npm:*', 'npmx install', false],
    ['git status', 'git status', true],
    ['git status', 'git status  ', true],
    ['git status', 'git status -s', false],
    ['git * main', 'git push origin main', true],
    ['git * main', 'git push origin dev', false],
    ['ls *', 'ls', true],
    ['ls *', 'ls -la', true],
    ['ls *', 'lsof', false],
    ['ls*', 'lsof', true],
    ['echo \\*', 'echo *', true],
    ['echo \\*', 'echo x', false],
  ];
  it.each(cases)('%j against %j is %s', (rule, command, expected) => {
    expect(bashRuleMatches(rule, command)).toBe(expected);
  });
});

type Rules = { allow?: string[]; deny?: string[]; ask?: string[] };

/** [command, rules, expected behavior, the rule content that decided (deny/ask/single allow) if any] */
const combination: [string, Rules, PermissionResult['behavior'], string?][] = [
  ['npm run test:unit', { allow: ['Bash(npm run test:*)'] }, 'allow', 'npm run test:*'],
  ['npm run test -- --watch=false', { allow: ['Bash(npm run test:*)'] }, 'allow', 'npm run test:*'],
  ['FOO=1 npm run test', { allow: ['Bash(npm run test:*)'] }, 'allow', 'npm run test:*'],
  ['timeout 60 npm run test', { allow: ['Bash(npm run test:*)'] }, 'allow', 'npm run test:*'],
  ['nice -n 5 nohup npm run test', { allow: ['Bash(npm run test:*)'] }, 'allow', 'npm run test:*'],
  ['PATH=. npm run test', { allow: ['Bash(npm run test:*)'] }, 'passthrough'],
  ['npm run build', { allow: ['Bash(npm run test:*)'] }, 'passthrough'],
  ['git status', { allow: ['Bash(git status)'] }, 'allow', 'git status'],
  ['git status && npm test', { allow: ['Bash(git status)'] }, 'passthrough'],
  ['echo hi && rm -rf ~', { allow: ['Bash(echo:*)'] }, 'ask'],
  ['echo hi && rm -rf dist', { allow: ['Bash(echo:*)'] }, 'passthrough'],
  ['echo hi; touch x', { allow: ['Bash(echo:*)'] }, 'passthrough'],
  ['echo $(touch x)', { allow: ['Bash(echo:*)'] }, 'passthrough'],
  ['npm test && npm run lint', { allow: ['Bash(npm test:*)', 'Bash(npm run lint:*)'] }, 'allow'],
  ['npm test | tail -5', { allow: ['Bash(npm test:*)'] }, 'allow'],
  ['rm x', { deny: ['Bash(rm:*)'] }, 'deny', 'rm:*'],
  ['ls && rm x', { deny: ['Bash(rm:*)'], allow: ['Bash(ls:*)'] }, 'deny', 'rm:*'],
  ['"rm" -rf x', { deny: ['Bash(rm:*)'] }, 'deny', 'rm:*'],
  ["r''m x", { deny: ['Bash(rm:*)'] }, 'deny', 'rm:*'],
  ['\\rm x', { deny: ['Bash(rm:*)'] }, 'deny', 'rm:*'],
  ["$'rm' x", { deny: ['Bash(rm:*)'] }, 'deny', 'rm:*'],
  ['sudo rm x', { deny: ['Bash(rm:*)'] }, 'deny', 'rm:*'],
  ['/bin/rm x', { deny: ['Bash(rm:*)'] }, 'deny', 'rm:*'],
  ['FOO=1 timeout 5 rm x', { deny: ['Bash(rm:*)'] }, 'deny', 'rm:*'],
  ['find . | xargs rm', { deny: ['Bash(rm:*)'] }, 'deny', 'rm:*'],
  ['echo $(rm x)', { deny: ['Bash(rm:*)'] }, 'deny', 'rm:*'],
  ['git push --force', { deny: ['Bash(git push:*)'], allow: ['Bash(git:*)'] }, 'deny', 'git push:*'],
  ['git push', { ask: ['Bash(git push:*)'], allow: ['Bash(git:*)'] }, 'ask', 'git push:*'],
  ['ls && git push', { ask: ['Bash(git push:*)'] }, 'ask', 'git push:*'],
  ['ls', { ask: ['Bash(ls:*)'] }, 'ask', 'ls:*'],
  ['$CMD x', { allow: ['Bash($CMD:*)'] }, 'passthrough'],
  ['$(echo rm) x', { allow: ['Bash(echo:*)'] }, 'passthrough'],
  ['ls -la', {}, 'allow'],
  ['cat a | grep b', {}, 'allow'],
  ['npm install', {}, 'passthrough'],
  ['echo "oops', { allow: ['Bash(echo:*)'] }, 'ask'],
  ['rm -rf x "', { deny: ['Bash(rm:*)'] }, 'deny', 'rm:*'],
  ['git commit -m "msg"', { allow: ['Bash(git commit:*)'] }, 'allow', 'git commit:*'],
  ['git commit -m "msg" > out', { allow: ['Bash(git commit:*)'] }, 'ask'],
];

function decidingRule(result: PermissionResult): string | undefined {
  return result.decisionReason?.type === 'rule' ? result.decisionReason.rule.ruleValue.ruleContent : undefined;
}

describe('checkBashPermissions', () => {
  it.each(combination)('%j with %j is %s', (command, rules, behavior, rule) => {
    const result = checkBashPermissions(parser, command, contextWith(rules), env);
    expect(result.behavior).toBe(behavior);
    if (rule !== undefined) expect(decidingRule(result)).toBe(rule);
    expect(result.decisionReason).toBeDefined();
  });

  it('reports each part of a compound command in subcommandResults', () => {
    const result = checkBashPermissions(parser, 'ls && npm test && npm run build', contextWith({ allow: ['Bash(npm test:*)'] }), env);
    expect(result.behavior).toBe('passthrough');
    const reason = result.decisionReason;
    if (reason?.type !== 'subcommandResults') throw new Error(`expected subcommandResults, got ${reason?.type}`);
    expect([...reason.reasons].map(([k, v]) => [k, v.behavior])).toEqual([
      ['ls', 'allow'],
      ['npm test', 'allow'],
      ['npm run build', 'passthrough'],
    ]);
    expect(reason.reasons.get('ls')?.decisionReason).toEqual({ type: 'other', reason: 'read-only command' });
  });

  it('allows a read-only command with a read-only reason', () => {
    expect(checkBashPermissions(parser, 'git status', contextWith({}), env)).toEqual({
      behavior: 'allow',
      decisionReason: { type: 'other', reason: 'read-only command' },
    });
  });

  it('suggests one localSettings prefix rule per part not yet allowed', () => {
    const result = checkBashPermissions(parser, 'npm run test:unit && git commit -m x && ls', contextWith({}), env);
    expect(result.behavior === 'passthrough' ? result.suggestions : undefined).toEqual([
      { type: 'addRules', rules: [{ toolName: 'Bash', ruleContent: 'npm run test:*' }], behavior: 'allow', destination: 'localSettings' },
      { type: 'addRules', rules: [{ toolName: 'Bash', ruleContent: 'git commit:*' }], behavior: 'allow', destination: 'localSettings' },
    ]);
  });

  it('caps the suggestions at five', () => {
    const result = checkBashPermissions(parser, 'a1 x; a2 x; a3 x; a4 x; a5 x; a6 x', contextWith({}), env);
    expect(result.behavior === 'passthrough' ? result.suggestions?.length : 0).toBe(5);
  });

  it('asks with the parse reason when the command cannot be parsed, and never allows', () => {
    const result = checkBashPermissions(parser, 'ls "', contextWith({ allow: ['Bash(ls:*)'] }), env);
    expect(result).toMatchObject({ behavior: 'ask', decisionReason: { type: 'safetyCheck', reason: 'could not parse the command' } });
    expect(checkBashPermissions(undefined, 'ls', contextWith({}), env)).toMatchObject({ behavior: 'ask', decisionReason: { type: 'safetyCheck' } });
  });

  it('asks with sandboxOverride when the sandbox is to be disabled, even for read-only commands', () => {
    const result = checkBashPermissions(parser, 'ls', contextWith({ allow: ['Bash(ls:*)'] }), env, { dangerouslyDisableSandbox: true });
    expect(result).toMatchObject({ behavior: 'ask', decisionReason: { type: 'sandboxOverride' } });
  });

  it('still denies by rule when the sandbox is to be disabled', () => {
    const result = checkBashPermissions(parser, 'rm x', contextWith({ deny: ['Bash(rm:*)'] }), env, { dangerouslyDisableSandbox: true });
    expect(result.behavior).toBe('deny');
  });

  it('names the rule and its settings file in the deny message', () => {
    const result = checkBashPermissions(parser, 'ls; rm -f x', contextWith({ deny: ['Bash(rm:*)'] }), env);
    expect(result.behavior === 'deny' ? result.message : '').toMatch(/`rm -f x` is denied by the rule Bash\(rm:\*\) from user settings/);
  });
});

describe('suggestRuleContent', () => {
  const cases: [string, string | undefined][] = [
    ['npm run test:unit', 'npm run test:*'],
    ['yarn run build --prod', 'yarn run build:*'],
    ['git commit -m "x"', 'git commit:*'],
    ['FOO=1 cargo build --release', 'cargo build:*'],
    ['make', 'make:*'],
    ['rm -rf build', 'rm -rf build'],
    ['python3 script.py', 'python3 script.py'],
    ['bash -c "$X"', undefined],
    ['bash', undefined],
    ['$CMD x', undefined],
  ];
  it.each(cases)('suggests for %j: %j', (command, expected) => {
    const [cmd] = splitSimpleCommands(parser, command) ?? [];
    expect(cmd && suggestRuleContent(cmd)).toBe(expected);
  });
});
