/**
 * Filesystem commands and the paths they touch, for the modes (modes.ts, `MODE_TABLE`): `acceptEdits` runs
 * `mkdir`, `touch`, `cp`, `mv`, `rm` (not recursive), `rmdir`, `tee` and `sed -i` when every path they name
 * is inside the workspace, and every mode asks when a writing command names a protected path
 * (`.git/`, `.vscode/`, `.claude/settings*.json`, shell startup files, `~/.ssh`; pathSafety.ts).
 *
 * Operands are read conservatively: an option this file does not know is skipped on its own, so a value it
 * takes counts as one more path (which can only make a command ask, never let one through).
 */
import path from 'node:path';
import { protectedPathReason } from '../pathSafety';
import { isStartupPath, type BashEnv } from './paths';
import type { SimpleCommand } from './split';
import type { ShellWord } from './syntax';
import { unwrapCommand } from './unwrap';

/** Commands acceptEdits covers when every path is inside the workspace. */
const COVERED = new Set(['mkdir', 'touch', 'cp', 'mv', 'rm', 'rmdir', 'tee', 'sed']);
/** Other commands that change the files they name (checked for protected paths only). */
const OTHER_WRITERS = new Set(['ln', 'install', 'chmod', 'chown', 'chgrp', 'truncate', 'unlink', 'shred']);
/** Commands whose last operand is the destination and whose other operands are only read. */
const COPIERS = new Set(['cp', 'ln', 'install']);

/** The paths a filesystem command names. */
export interface FsTargets {
  /** Every path operand (sources and destinations). */
  paths: ShellWord[];
  /** The operands it writes, creates, moves or deletes. */
  writes: ShellWord[];
  /** acceptEdits may run it when every path is inside the workspace (false for `rm -r`, `ln`, `chmod`, …). */
  coverable: boolean;
}

interface Operands {
  operands: ShellWord[];
  /** `-t DIR` / `--target-directory=DIR` of cp, mv, ln, install. */
  targetDir: ShellWord[];
  flags: string[];
  /** `sed -e SCRIPT` / `-f FILE` given, so no operand is the script. */
  scriptGiven: boolean;
}

function splitOperands(name: string, args: readonly ShellWord[]): Operands {
  const out: Operands = { operands: [], targetDir: [], flags: [], scriptGiven: false };
  let options = true;
  for (let i = 0; i < args.length; i++) {
    const w = args[i]!;
    const a = w.value;
    if (!options || a === undefined || a === '-' || !a.startsWith('-')) {
      out.operands.push(w);
      continue;
    }
    if (a === '--') {
      options = false;
      continue;
    }
    out.flags.push(a);
    if (name === 'sed' && /^(-[ef]|--expression|--file)$/.test(a)) {
      out.scriptGiven = true;
      i++; // the script or script file is read, not written
    } else if (name === 'sed' && /^(--expression|--file)=|^-[ef]./.test(a)) {
      out.scriptGiven = true;
    } else if (a === '-t' && args[i + 1]) {
      out.targetDir.push(args[++i]!);
    } else if (a.startsWith('--target-directory=')) {
      // The directory is only known as text here; a word stands for it below.
      out.targetDir.push({ ...w, text: a.slice('--target-directory='.length), value: a.slice('--target-directory='.length) });
    }
  }
  return out;
}

const isRecursive = (flags: readonly string[]) => flags.some((f) => f === '--recursive' || /^-[a-zA-Z]*[rR]/.test(f));
const isInPlace = (flags: readonly string[]) => flags.some((f) => f.startsWith('--in-place') || /^-[a-zA-Z]*i/.test(f));

/**
 * The paths of a filesystem command, or undefined when `cmd` is not one (or is `sed` without `-i`, or is
 * wrapped in a way that changes what runs: `sudo`, a risky variable, a computed name; `timeout` and
 * the other `safe` wrappers of unwrap.ts are looked through).
 */
export function filesystemTargets(cmd: SimpleCommand): FsTargets | undefined {
  if (cmd.kind !== 'command') return undefined;
  const { words, riskyEnv } = unwrapCommand(cmd, 'safe');
  const name = words[0]?.value;
  if (riskyEnv || name === undefined || (!COVERED.has(name) && !OTHER_WRITERS.has(name))) return undefined;
  const { operands, targetDir, flags, scriptGiven } = splitOperands(name, words.slice(1));
  if (name === 'sed') {
    if (!isInPlace(flags)) return undefined;
    const files = scriptGiven ? operands : operands.slice(1);
    return { paths: files, writes: files, coverable: true };
  }
  const paths = [...operands, ...targetDir];
  const writes = COPIERS.has(name) ? [...targetDir, ...(targetDir.length ? [] : operands.slice(-1))] : paths;
  const coverable = COVERED.has(name) && !(name === 'rm' && isRecursive(flags));
  return { paths, writes, coverable };
}

/**
 * True when text that could not be parsed names a protected path anywhere (`.git/hooks/x`, `~/.bashrc`,
 * `.claude/settings.json`): bypassPermissions still asks for it. Each run of characters between spaces,
 * quotes and shell operators is read as a path against the working directory and home.
 */
export function mentionsProtectedPath(text: string, env: BashEnv): boolean {
  for (const token of text.split(/[\s;&|<>()`'"=]+/)) {
    if (token === '') continue;
    let p = token.replace(/^(\$HOME|\$\{HOME\})(?=\/|$)/, '~');
    if (p === '~' || p.startsWith('~/')) {
      if (env.homeDir === undefined) continue;
      p = path.join(env.homeDir, p.slice(1));
    }
    const abs = path.resolve(env.cwd, p);
    if (protectedPathReason(abs) || isStartupPath(abs)) return true;
  }
  return false;
}
