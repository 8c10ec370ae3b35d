/**
 * Path rules and permission checks of the file tools. `Edit(...)` rules cover every tool that writes files
 * (Write, Edit, NotebookEdit); `Read(...)` rules cover every tool that reads them (Read, Glob, Grep, LSP).
 * A rule's content is a gitignore-style pattern (pathPattern.ts) whose prefix says where it is anchored:
 *
 * | written as      | anchored at                                                                  |
 * |-----------------|------------------------------------------------------------------------------|
 * | `//abs/path/**` | the filesystem root: `/abs/path/**`                                           |
 * | `~/path`        | the home directory                                                           |
 * | `/path`         | the folder holding the rule's settings (`.claude/` sits in it): the home     |
 * |                 | directory for user settings, each workspace folder for every other source    |
 * | `path`, `./path`| each workspace folder; without a `/` it matches at any depth (`*.env`)        |
 *
 * `C:\dir\**` (a Windows drive path) is absolute too. Whole-tool rules `Read` / `Edit` cover every path.
 * An allow rule for `Edit` also allows reading the same paths.
 */
import path from 'node:path';
import type { ToolUseContext } from '../../contracts/toolUseContext';
import { workspaceRoots } from '../../contracts/workingDirectory';
import { describeDecisionReason } from './describe';
import { compilePathPattern } from './pathPattern';
import {
  describeResolved,
  isInWorkingDirectories,
  isWithin,
  protectedPathReason,
  resolvePath,
  type ResolvedPath,
} from './pathSafety';
import { RULE_FAMILIES, type PathRuleFamily } from './ruleFamilies';
import { rulesFor } from './rules';
import type { PermissionBehavior, PermissionResult, PermissionRule, PermissionRuleSource, PermissionUpdate, ToolPermissionContext } from '../../contracts/permissions';

/** Where relative and `/`-anchored patterns are anchored, and whether case matters. */
export interface PathRuleEnv {
  workspaceRoots: readonly string[];
  homeDir: string;
  /** Defaults to the platform's file system: insensitive on macOS and Windows. */
  caseInsensitive?: boolean;
}

const DEFAULT_CASE_INSENSITIVE = process.platform === 'darwin' || process.platform === 'win32';

function toSlashes(p: string): string {
  return p.split(path.sep).join('/');
}

/** True when `content` (a rule's pattern) from `source` covers the absolute path `absPath`. */
export function pathRuleMatches(content: string, source: PermissionRuleSource, absPath: string, env: PathRuleEnv): boolean {
  return compilePathRule(content, source, env)(absPath);
}

/** `content` compiled once, for checking many paths (a search's results). */
export function compilePathRule(content: string, source: PermissionRuleSource, env: PathRuleEnv): (absPath: string) => boolean {
  const caseInsensitive = env.caseInsensitive ?? DEFAULT_CASE_INSENSITIVE;
  let anchors: ((absPath: string) => readonly string[]) | readonly string[];
  let pattern: string;
  let anchored = true;
  if (content.startsWith('//')) {
    anchors = (absPath) => [path.parse(absPath).root || '/'];
    pattern = content.slice(2);
  } else if (/^[A-Za-z]:[\\/]/.test(content)) {
    anchors = [content.slice(0, 3)];
    pattern = content.slice(3);
  } else if (content === '~' || content.startsWith('~/')) {
    anchors = [env.homeDir];
    pattern = content.slice(2);
  } else if (content.startsWith('/')) {
    anchors = source === 'userSettings' ? [env.homeDir] : env.workspaceRoots;
    pattern = content.slice(1);
  } else {
    anchors = env.workspaceRoots;
    pattern = content;
    anchored = false;
  }
  const compiled = compilePathPattern(pattern, { anchored, caseInsensitive });
  return (absPath) => {
    const roots = typeof anchors === 'function' ? anchors(absPath) : anchors;
    return roots.some((anchor) => isWithin(anchor, absPath) && compiled.matches(toSlashes(path.relative(anchor, absPath))));
  };
}

/**
 * The first rule of `behavior` for `family` that covers any of `paths` (for allow rules: all of them, so a
 * link cannot borrow an allowed name), highest-precedence source first. Whole-family rules cover every path.
 */
export function matchingPathRule(
  permissions: ToolPermissionContext,
  families: readonly PathRuleFamily[],
  behavior: PermissionBehavior,
  paths: readonly string[],
  env: PathRuleEnv,
): PermissionRule | undefined {
  const candidates = rulesFor(permissions, behavior).filter((r) => (families as readonly string[]).includes(r.ruleValue.toolName));
  const whole = candidates.find((r) => r.ruleValue.ruleContent === undefined);
  if (whole) return whole;
  const covers = (rule: PermissionRule, p: string) => pathRuleMatches(rule.ruleValue.ruleContent!, rule.source, p, env);
  if (behavior === 'allow') return candidates.find((rule) => paths.every((p) => covers(rule, p)));
  return candidates.find((rule) => paths.some((p) => covers(rule, p)));
}

function ruleEnv(context: ToolUseContext, homeDir: string): PathRuleEnv {
  return { workspaceRoots: workspaceRoots(context), homeDir };
}

/** `//abs/dir/**` for a POSIX folder, `C:\dir\**` for a Windows one. */
export function absoluteRuleContent(folder: string): string {
  return folder.startsWith('/') ? `/${toSlashes(folder).replace(/\/$/, '')}/**` : `${folder.replace(/[\\/]$/, '')}${path.sep}**`;
}

function pathsOf(target: ResolvedPath): string[] {
  return target.real === target.requested ? [target.requested] : [target.requested, target.real];
}

function denied(what: string, target: ResolvedPath, rule: PermissionRule): PermissionResult {
  const decisionReason = { type: 'rule', rule } as const;
  return {
    behavior: 'deny',
    message: `Permission to ${what} ${describeResolved(target)} has been denied by ${describeDecisionReason(decisionReason)}. Do not try to reach it another way.`,
    decisionReason,
  };
}

/** What a file check works on: the permissions, the path as asked and as resolved, and a rule lookup. */
interface FileCheck {
  permissions: ToolPermissionContext;
  target: ResolvedPath;
  /** `matchingPathRule` for the target's paths (the requested one and, when a link, the real one). */
  rule(families: readonly PathRuleFamily[], behavior: PermissionBehavior): PermissionRule | undefined;
}

async function fileCheck(absPath: string, context: ToolUseContext, homeDir: string): Promise<FileCheck> {
  const permissions = context.getAppState().toolPermissionContext;
  const target = await resolvePath(context, absPath);
  const paths = pathsOf(target);
  const env = ruleEnv(context, homeDir);
  return { permissions, target, rule: (families, behavior) => matchingPathRule(permissions, families, behavior, paths, env) };
}

export interface FileCheckOptions {
  /** The user's home directory (for `~/` patterns and user-settings rules). */
  homeDir: string;
}

/**
 * The permission answer of a tool that writes `absPath`: deny by an `Edit` deny rule; ask (safetyCheck) for
 * protected paths, which no mode or allow rule lets through, and for anything outside the working
 * directories, which only bypassPermissions runs;
 * ask by an `Edit` ask rule; allow by an `Edit` allow rule; otherwise passthrough with the suggestion to
 * switch to acceptEdits, which tells the engine that mode covers this write.
 */
export async function checkEditPermission(absPath: string, message: string, context: ToolUseContext, opts: FileCheckOptions): Promise<PermissionResult> {
  const { permissions, target, rule } = await fileCheck(absPath, context, opts.homeDir);
  const deny = rule([RULE_FAMILIES.edit], 'deny');
  if (deny) return denied('edit', target, deny);

  const protectedReason = protectedPathReason(target.requested) ?? protectedPathReason(target.real);
  if (protectedReason) {
    const reason = `${describeResolved(target)} is protected: ${protectedReason}`;
    return { behavior: 'ask', message: `${message} (${reason}; always asked.)`, decisionReason: { type: 'safetyCheck', reason, concern: 'protectedPath' }, blockedPath: target.real };
  }
  if (!(await isInWorkingDirectories(context, permissions, target))) {
    const reason = `${describeResolved(target)} is outside the workspace folders`;
    const suggestions: PermissionUpdate[] = [{ type: 'addDirectories', directories: [path.dirname(target.real)], destination: 'session' }];
    // bypassPermissions runs it (modes.ts); every other mode asks, whatever the allow rules say.
    return { behavior: 'ask', message: `${message} (${reason}.)`, decisionReason: { type: 'safetyCheck', reason, concern: 'outsideWorkspace' }, suggestions, blockedPath: target.real };
  }

  const ask = rule([RULE_FAMILIES.edit], 'ask');
  if (ask) return { behavior: 'ask', message, decisionReason: { type: 'rule', rule: ask } };
  const allow = rule([RULE_FAMILIES.edit], 'allow');
  if (allow) return { behavior: 'allow', decisionReason: { type: 'rule', rule: allow } };
  return { behavior: 'passthrough', message, suggestions: [{ type: 'setMode', mode: 'acceptEdits', destination: 'session' }] };
}

/**
 * The permission answer of a tool that reads `absPath` (a file, or the folder a search starts in): deny by
 * a `Read` deny rule; ask by a `Read` ask rule; allow inside the working directories, the session's own
 * storage and paths a `Read` or `Edit` allow rule covers; otherwise passthrough (outside the workspace),
 * suggesting to add the folder.
 */
export async function checkReadPermission(
  absPath: string,
  context: ToolUseContext,
  opts: FileCheckOptions & { isDirectory?: boolean },
): Promise<PermissionResult> {
  const { permissions, target, rule } = await fileCheck(absPath, context, opts.homeDir);
  const deny = rule([RULE_FAMILIES.read], 'deny');
  if (deny) return denied('read', target, deny);
  const ask = rule([RULE_FAMILIES.read], 'ask');
  if (ask) return { behavior: 'ask', message: `Read ${describeResolved(target)}?`, decisionReason: { type: 'rule', rule: ask } };

  if (await isInWorkingDirectories(context, permissions, target)) {
    return { behavior: 'allow', decisionReason: { type: 'workingDir', reason: `${target.real} is inside the workspace` } };
  }
  const storage = context.ports.storage.dir;
  if (storage && isWithin(path.resolve(storage), target.real)) {
    return { behavior: 'allow', decisionReason: { type: 'other', reason: 'the session stored this output itself' } };
  }
  const allow = rule([RULE_FAMILIES.read, RULE_FAMILIES.edit], 'allow');
  if (allow) return { behavior: 'allow', decisionReason: { type: 'rule', rule: allow } };

  const folder = opts.isDirectory ? target.real : path.dirname(target.real);
  const reason = `${describeResolved(target)} is outside the workspace folders`;
  return {
    behavior: 'passthrough',
    message: `Read ${describeResolved(target)}? It is outside the workspace folders.`,
    decisionReason: { type: 'workingDir', reason },
    suggestions: [
      { type: 'addDirectories', directories: [folder], destination: 'session' },
      { type: 'addRules', rules: [{ toolName: RULE_FAMILIES.read, ruleContent: absoluteRuleContent(folder) }], behavior: 'allow', destination: 'localSettings' },
    ],
  };
}

/**
 * What a search (Glob, Grep) leaves out of what it found: the files a `Read` deny rule covers, so searching
 * a folder cannot show what reading the file would not. Undefined when no deny rule names a path (the usual
 * case: nothing to check). Paths are taken as listed; the search does not follow links.
 */
export function readDenyFilter(context: ToolUseContext, opts: FileCheckOptions): ((absPath: string) => boolean) | undefined {
  const rules = rulesFor(context.getAppState().toolPermissionContext, 'deny').filter((r) => r.ruleValue.toolName === RULE_FAMILIES.read);
  if (rules.length === 0) return undefined;
  if (rules.some((r) => r.ruleValue.ruleContent === undefined)) return () => true;
  const env = ruleEnv(context, opts.homeDir);
  const matchers = rules.map((r) => compilePathRule(r.ruleValue.ruleContent!, r.source, env));
  return (absPath) => matchers.some((m) => m(absPath));
}
