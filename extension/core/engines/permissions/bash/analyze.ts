/**
 * The analysis of one command line: parse, split into simple commands, follow `cd` to know each part's
 * working directory, and classify every part as read-only or not, with the dangers that force a prompt.
 */
import path from 'node:path';
import { protectedPathReason } from '../pathSafety';
import type { SafetyConcern } from '../../../contracts/permissions';
import { commandDangers, describeWrite, isWritingRedirect, pipelineDangers, type Danger, type DangerContext } from './dangers';
import { filesystemTargets } from './fsCommands';
import { isInsideRoots, isShellStartupFile, resolveWordPath, type BashEnv } from './paths';
import { isReadOnlySimpleCommand } from './readOnly';
import { splitParsedCommand, type SimpleCommand, type SplitCommand } from './split';
import type { ShellParser, ShellSyntaxNode, ShellWord } from './syntax';
import { unwrapCommand } from './unwrap';

/** One simple command, classified. */
export interface BashPartAnalysis {
  command: SimpleCommand;
  /** Only reads: may run without asking (unless the command as a whole has dangers). */
  readOnly: boolean;
  /** Reasons this part needs a person's approval; non-empty makes the whole command ask. */
  dangers: string[];
  /**
   * A filesystem command (`mkdir`, `touch`, `cp`, `mv`, `rm` without `-r`, `rmdir`, `tee`, `sed -i`) whose
   * every path is inside the workspace and none protected: acceptEdits runs it (fsCommands.ts).
   */
  workspaceEdit: boolean;
}

export type BashAnalysis =
  | {
      ok: true;
      parts: BashPartAnalysis[];
      /** Every danger of the command: each part's, then those of redirections. */
      warnings: string[];
      /** What each warning is about, by its text (types.ts, `SafetyConcern`). */
      concerns: ReadonlyMap<string, SafetyConcern>;
      split: SplitCommand;
    }
  | { ok: false; reason: string };

export const UNPARSEABLE_REASON = 'could not parse the command';

/** Parses without throwing; undefined when there is no parser, it fails, or the tree has errors. */
export function parseCommand(parser: ShellParser | undefined, command: string): ShellSyntaxNode | undefined {
  if (!parser) return undefined;
  try {
    const root = parser.parse(command);
    return root && !root.hasError ? root : undefined;
  } catch {
    return undefined;
  }
}

const CD_NAMES = new Set(['cd', 'pushd']);

interface CdOutcome {
  readOnly: boolean;
  dangers: Danger[];
  /** The directory after the cd; undefined when unknown. */
  cwd: string | undefined;
}

function analyzeCd(cmd: SimpleCommand, cwd: string | undefined, env: BashEnv | undefined, ctx: DangerContext): CdOutcome {
  const args = unwrapCommand(cmd, 'safe').words.slice(1).filter((w) => !/^-[LPe@]+$/.test(w.value ?? ''));
  const target = args[0];
  if (!env) {
    // No workspace known: only a plain relative step down counts as staying inside.
    const v = target?.value;
    const ok = args.length === 1 && v !== undefined && !/^[/~-]/.test(v) && !v.split('/').includes('..');
    return { readOnly: ok, dangers: [], cwd: undefined };
  }
  let dir: string | undefined;
  if (target === undefined) dir = env.homeDir;
  else if (target.value !== '-' && args.length === 1) dir = resolveWordPath(target, cwd, env.homeDir);
  if (dir === undefined) {
    return { readOnly: false, dangers: [{ text: `${cmd.text} changes to a directory only known when the command runs`, concern: 'outsideWorkspace' }], cwd: undefined };
  }
  if (isInsideRoots(dir, ctx.roots)) return { readOnly: true, dangers: [], cwd: dir };
  return { readOnly: false, dangers: [{ text: `${cmd.text} changes the working directory to ${dir}, outside the workspace`, concern: 'outsideWorkspace' }], cwd: dir };
}

/** A protected path a writing command names, as a danger, with the path for de-duplication. */
type PathDanger = Danger & { path: string };

/**
 * What a command that is not read-only writes: protected paths it names (any writer naming a startup
 * file: `cp x ~/.bashrc`, `sed -i .. ~/.zshrc`; a filesystem command's targets: `touch .git/hooks/x`), and
 * whether it is a filesystem command acceptEdits covers (every path known and inside the workspace).
 */
function writtenPaths(cmd: SimpleCommand, cwd: string | undefined, env: BashEnv | undefined, ctx: DangerContext): { dangers: PathDanger[]; workspaceEdit: boolean } {
  const dangers: PathDanger[] = [];
  const targets = filesystemTargets(cmd);
  for (const w of targets?.writes ?? []) {
    const abs = resolveWordPath(w, cwd, env?.homeDir);
    const reason = abs === undefined ? undefined : protectedPathReason(abs);
    if (reason) dangers.push({ text: `${cmd.text} changes ${w.text}, which is protected: ${reason}`, concern: 'protectedPath', path: w.text });
  }
  const startup = cmd.words.slice(1).find((w) => isShellStartupFile(w, resolveWordPath(w, cwd, env?.homeDir)));
  if (startup && dangers.length === 0) {
    dangers.push({ text: `${cmd.text} may change the shell startup file ${startup.text}, which runs in every new shell`, concern: 'protectedPath', path: startup.text });
  }
  const inside = (w: ShellWord) => {
    const abs = resolveWordPath(w, cwd, env?.homeDir);
    return abs !== undefined && ctx.knowsRoots && isInsideRoots(abs, ctx.roots);
  };
  const workspaceEdit = targets !== undefined && targets.coverable && dangers.length === 0 && targets.paths.every(inside);
  return { dangers, workspaceEdit };
}

/**
 * Analyses `command`. `extraRoots` are directories the user allowed besides the workspace roots
 * (additional working directories). Without `env`, paths cannot be placed, so `cd` counts as inside only
 * for plain relative paths and writes get the plain warning.
 */
export function analyzeBashCommand(
  parser: ShellParser | undefined,
  command: string,
  env?: BashEnv,
  extraRoots: readonly string[] = [],
): BashAnalysis {
  const root = parseCommand(parser, command);
  if (!root) return { ok: false, reason: UNPARSEABLE_REASON };
  const split = splitParsedCommand(root);
  const ctx: DangerContext = {
    cwd: env?.cwd,
    ...(env?.homeDir !== undefined ? { homeDir: env.homeDir } : {}),
    roots: [...(env?.workspaceRoots ?? []), ...extraRoots].map((r) => path.resolve(r)),
    knowsRoots: env !== undefined,
  };
  const piped = pipelineDangers(split.pipelines);
  // Working directory changes, by source position, so a redirection is placed against the right cwd.
  const cwdChanges: { at: number; cwd: string | undefined }[] = [];
  const cwdAt = (index: number): string | undefined => {
    let cwd = env?.cwd;
    for (const c of cwdChanges) if (c.at <= index) cwd = c.cwd;
    return cwd;
  };
  const concerns = new Map<string, SafetyConcern>();
  const texts = (dangers: readonly Danger[]): string[] => {
    for (const d of dangers) if (!concerns.has(d.text)) concerns.set(d.text, d.concern);
    return dangers.map((d) => d.text);
  };
  const parts: BashPartAnalysis[] = split.commands.map((cmd) => {
    const cwd = cwdAt(cmd.node.startIndex);
    const dangers = commandDangers(cmd, split.commands, ctx, cwd);
    const pipe = piped.get(cmd);
    if (pipe) dangers.push(pipe);
    let readOnly: boolean;
    let workspaceEdit = false;
    const name = cmd.kind === 'command' ? unwrapCommand(cmd, 'safe').words[0]?.value : undefined;
    if (name !== undefined && CD_NAMES.has(name)) {
      const cd = analyzeCd(cmd, cwd, env, ctx);
      cwdChanges.push({ at: cmd.node.endIndex, cwd: cd.cwd });
      readOnly = cd.readOnly;
      dangers.push(...cd.dangers);
    } else {
      readOnly = isReadOnlySimpleCommand(cmd);
    }
    if (!readOnly) {
      const written = writtenPaths(cmd, cwd, env, ctx);
      workspaceEdit = written.workspaceEdit;
      for (const d of written.dangers) if (!dangers.some((x) => x.concern === 'protectedPath' && x.text.includes(d.path))) dangers.push(d);
    }
    const ok = dangers.length === 0;
    return { command: cmd, readOnly: readOnly && ok, dangers: texts(dangers), workspaceEdit: workspaceEdit && dangers.every((d) => d.concern === 'workspaceWrite') };
  });
  const warnings = parts.flatMap((p) => p.dangers);
  for (const r of split.redirects) {
    if (!isWritingRedirect(r) || !r.target) continue;
    const d = describeWrite(r.target, cwdAt(r.node.startIndex), ctx, `The redirection ${r.text}`);
    if (d) warnings.push(...texts([d]));
  }
  return { ok: true, parts, warnings: [...new Set(warnings)], concerns, split };
}

/**
 * The warnings a permission dialog shows for `command` (empty when there is nothing to warn about).
 * An unparseable command gets one warning saying so.
 */
export function bashWarnings(parser: ShellParser | undefined, command: string, env?: BashEnv, extraRoots: readonly string[] = []): string[] {
  const analysis = analyzeBashCommand(parser, command, env, extraRoots);
  return analysis.ok ? analysis.warnings : ['The command could not be parsed, so it was not checked'];
}

/** True when every part only reads and nothing needs a warning; false for anything unparseable. */
export function isReadOnlyBashCommand(parser: ShellParser | undefined, command: string, env?: BashEnv): boolean {
  const analysis = analyzeBashCommand(parser, command, env);
  return analysis.ok && analysis.warnings.length === 0 && analysis.parts.every((p) => p.readOnly);
}
