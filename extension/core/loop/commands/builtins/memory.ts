/**
 * /memory: opens one of the memory files the system prompt loads (user, project, local CLAUDE.md) in the
 * editor, creating it there if it does not exist yet; where there is no editor (the CLI) it lists their paths.
 */
import path from 'node:path';
import type { CommandHost, MemoryFileChoice } from '../host';
import type { LocalCommand } from '../../../contracts/commands';

const KINDS = ['user', 'project', 'local'] as const;

/** Where each memory file lives (host/node/environment.ts reads the same ones). */
export function memoryFilePaths(cwd: string, homeDir: string): Record<(typeof KINDS)[number], string> {
  return {
    user: path.join(homeDir, '.claude', 'CLAUDE.md'),
    project: path.join(cwd, 'CLAUDE.md'),
    local: path.join(cwd, 'CLAUDE.local.md'),
  };
}

const LABELS = { user: 'User memory (all your projects)', project: 'Project memory (checked in)', local: 'Local project memory (not checked in)' };

export function memoryCommand(host: CommandHost): LocalCommand {
  return {
    type: 'local',
    name: 'memory',
    description: 'Open a memory file (CLAUDE.md) in the editor',
    argumentHint: '[user|project|local]',
    source: 'builtin',
    supportsNonInteractive: true,
    call: async (args) => {
      const wanted = args.trim().toLowerCase();
      if (wanted && !(KINDS as readonly string[]).includes(wanted)) return { type: 'text', value: `Which memory file? Type /memory user, /memory project or /memory local.` };
      const paths = memoryFilePaths(host.cwd, host.homeDir);
      const kinds = wanted ? [wanted as (typeof KINDS)[number]] : KINDS;
      const choices: MemoryFileChoice[] = await Promise.all(kinds.map(async (k) => ({ label: LABELS[k], path: paths[k], exists: await host.exists(paths[k]) })));
      if (!host.editor) return { type: 'text', value: choices.map((c) => `- ${c.label}: ${c.path}${c.exists ? '' : ' (not created yet)'}`).join('\n') };
      const opened = await host.editor.openMemoryFile(choices);
      return opened ? { type: 'text', value: `Opened ${opened}.` } : { type: 'skip' };
    },
  };
}
