/**
 * Dangers: things that need a person's approval whatever the allow rules say (results carry `safetyCheck`).
 * Each danger is a sentence the permission dialog shows and a `concern` saying what it is about: the modes
 * table (modes.ts) lets `bypassPermissions` run all but `protectedPath`, and `acceptEdits` run
 * `workspaceWrite`.
 */
import { protectedPathReason } from '../pathSafety';
import type { SafetyConcern } from '../../../contracts/permissions';
import { isBroadRemovalTarget, isHarmlessDevice, isInsideRoots, isSensitiveFile, isShellStartupFile, resolveWordPath } from './paths';
import type { ShellRedirect, SimpleCommand } from './split';
import { canBeOption, type ShellSyntaxNode, type ShellWord } from './syntax';
import { unwrapCommand } from './unwrap';

/** What danger checks know about where the command runs; `roots` empty and `cwd` undefined when unknown. */
export interface DangerContext {
  cwd: string | undefined;
  homeDir?: string;
  roots: readonly string[];
  /** False when no workspace is known, so "outside the workspace" cannot be said. */
  knowsRoots: boolean;
}

/** One reason a command needs approval, and what it is about (which decides the modes that skip it). */
export interface Danger {
  text: string;
  concern: SafetyConcern;
}

const warning = (text: string): Danger => ({ text, concern: 'commandWarning' });

const ELEVATE = new Set(['sudo', 'doas', 'su', 'pkexec', 'run0']);
const SHELLS = new Set(['sh', 'bash', 'zsh', 'dash', 'ksh', 'mksh', 'fish', 'csh', 'tcsh', 'python', 'python2', 'python3', 'perl', 'ruby', 'node', 'php', 'lua', 'source', '.', 'eval']);
const DOWNLOADERS = new Set(['curl', 'wget', 'fetch', 'aria2c', 'http', 'https', 'xh']);

const baseName = (name: string | undefined): string | undefined => name?.slice(name.lastIndexOf('/') + 1);

/** The name of the command that really runs, through every wrapper (`sudo timeout 5 rm` → `rm`). */
export function innerName(cmd: SimpleCommand): string | undefined {
  return cmd.kind === 'command' ? baseName(unwrapCommand(cmd, 'all').words[0]?.value) : undefined;
}

export function isInterpreter(cmd: SimpleCommand): boolean {
  return SHELLS.has(innerName(cmd) ?? '');
}

export function isDownloader(cmd: SimpleCommand): boolean {
  return DOWNLOADERS.has(innerName(cmd) ?? '');
}

/** Describes where a write goes, strongest concern first. */
export function describeWrite(target: ShellWord, cwd: string | undefined, ctx: DangerContext, via: string): Danger | undefined {
  if (isHarmlessDevice(target)) return undefined;
  const abs = resolveWordPath(target, cwd, ctx.homeDir);
  const t = target.text;
  if (isShellStartupFile(target, abs)) return { text: `${via} writes to the shell startup file ${t}: whatever is written there runs in every new shell`, concern: 'protectedPath' };
  if (isSensitiveFile(target, abs)) return { text: `${via} writes to ${t}, which controls SSH access, git hooks or git configuration`, concern: 'protectedPath' };
  const protectedReason = abs === undefined ? undefined : protectedPathReason(abs);
  if (protectedReason) return { text: `${via} writes to ${t}, which is protected: ${protectedReason}`, concern: 'protectedPath' };
  if (abs === undefined) return { text: `${via} writes to ${t}, a path only known when the command runs`, concern: 'outsideWorkspace' };
  if (ctx.knowsRoots && !isInsideRoots(abs, ctx.roots)) return { text: `${via} writes to ${t}, outside the workspace`, concern: 'outsideWorkspace' };
  return { text: `${via} writes to the file ${t}`, concern: 'workspaceWrite' };
}

/** True for a redirection that opens a file for writing (not `2>&1`, `>&-` or an input redirection). */
export function isWritingRedirect(r: ShellRedirect): boolean {
  if (['>', '>>', '&>', '&>>', '>|', '<>'].includes(r.operator)) return true;
  return r.operator === '>&' && r.target !== undefined && !/^(\d+-?|-)$/.test(r.target.value ?? '');
}

function rmDangers(args: readonly ShellWord[], ctx: DangerContext): Danger[] {
  let recursive = false;
  let force = false;
  let noPreserveRoot = false;
  const targets: ShellWord[] = [];
  let options = true;
  for (const w of args) {
    const a = w.value;
    if (options && a === '--') options = false;
    else if (options && a !== undefined && a.startsWith('--')) {
      recursive ||= a === '--recursive';
      force ||= a === '--force';
      noPreserveRoot ||= a === '--no-preserve-root';
    } else if (options && a !== undefined && /^-[a-zA-Z]+$/.test(a)) {
      recursive ||= /[rR]/.test(a);
      force ||= a.includes('f');
    } else targets.push(w);
  }
  if (noPreserveRoot) return [warning('rm --no-preserve-root can delete the whole file system')];
  if (!recursive || !force) return [];
  const out: Danger[] = [];
  for (const t of targets) {
    if (isBroadRemovalTarget(t, ctx)) out.push(warning(`rm -rf ${t.text} recursively deletes a broad path (home, the root, a system or workspace directory)`));
    else if (t.value === undefined && canBeOption(t)) out.push(warning(`rm -rf ${t.text} deletes a path only known when the command runs (an empty variable makes it much broader)`));
  }
  return out;
}

function containsDownload(node: ShellSyntaxNode, all: readonly SimpleCommand[]): boolean {
  return all.some((c) => c.node.startIndex >= node.startIndex && c.node.endIndex <= node.endIndex && isDownloader(c));
}

/** Dangers of one simple command, independent of the others. `all` is every part (for nested downloads). */
export function commandDangers(cmd: SimpleCommand, all: readonly SimpleCommand[], ctx: DangerContext, cwd: string | undefined): Danger[] {
  if (cmd.kind !== 'command') return [];
  const out: Danger[] = [];
  const outer = baseName(cmd.words[0]?.value);
  const { words, wrappers } = unwrapCommand(cmd, 'all');
  const elevated = wrappers.find((w) => ELEVATE.has(w)) ?? (outer !== undefined && ELEVATE.has(outer) ? outer : undefined);
  if (elevated) out.push(warning(`${elevated} runs the command with elevated privileges`));
  const name = baseName(words[0]?.value);
  const args = words.slice(1);
  if (name === 'rm') out.push(...rmDangers(args, ctx));
  if (name === 'eval') out.push(warning('eval runs text built at run time as a command, so it cannot be checked'));
  if (name !== undefined && SHELLS.has(name) && name !== 'eval') {
    // `sh -c "$(curl ..)"`, `bash <(curl ..)`, `source <(wget -O- ..)`
    const fed = args.some((w) => (w.node.type !== 'word' || w.value === undefined) && containsDownload(w.node, all));
    if (fed) out.push(warning(`${name} runs code downloaded from the network without it being checked`));
  }
  if (name === 'tee') {
    for (const w of args) {
      if (canBeOption(w) && w.value !== undefined) continue;
      const d = describeWrite(w, cwd, ctx, 'tee');
      if (d) out.push(d);
    }
  }
  return out;
}

/** `curl .. | sh`: a download piped into a shell or interpreter further down the same pipeline. */
export function pipelineDangers(pipelines: readonly (readonly (readonly SimpleCommand[])[])[]): Map<SimpleCommand, Danger> {
  const out = new Map<SimpleCommand, Danger>();
  for (const stages of pipelines) {
    let downloaded = false;
    for (const stage of stages) {
      if (downloaded) {
        const sink = stage.find(isInterpreter);
        if (sink) out.set(sink, warning(`pipes content downloaded from the network into ${innerName(sink) ?? 'a shell'}, which runs it unchecked`));
      }
      if (stage.some(isDownloader)) downloaded = true;
    }
  }
  return out;
}
