/**
 * The agent types of the window (docs/ARCHITECTURE.md, Sub-agents): built-in, `~/.claude/agents/*.md` and the
 * workspace's `.claude/agents/*.md`, read at startup and again whenever one of those files changes. Skipped
 * files are logged with their path.
 */
import * as os from 'node:os';
import * as vscode from 'vscode';
import { BUILTIN_AGENTS } from '../../core/agents/definitions';
import type { AgentDefinition } from '../../core/agents/types';
import type { Logger } from '../../core/ports';
import { loadAgentDefinitions } from '../node/agentFiles';

export function watchAgentDefinitions(cwd: string, log: Logger, subscriptions: { dispose(): unknown }[]): () => readonly AgentDefinition[] {
  let current: readonly AgentDefinition[] = BUILTIN_AGENTS;
  const reload = () =>
    void loadAgentDefinitions({ cwd, homeDir: os.homedir() }).then(
      (loaded) => {
        current = loaded.definitions;
        for (const error of loaded.errors) log.warn(`Agent file skipped: ${error}`);
      },
      (err: unknown) => log.warn(`Could not read agent files: ${String(err)}`),
    );
  const watchers = [
    vscode.workspace.createFileSystemWatcher(new vscode.RelativePattern(cwd, '.claude/agents/*.md')),
    vscode.workspace.createFileSystemWatcher(new vscode.RelativePattern(vscode.Uri.file(os.homedir()), '.claude/agents/*.md')),
  ];
  for (const w of watchers) {
    w.onDidCreate(reload);
    w.onDidChange(reload);
    w.onDidDelete(reload);
    subscriptions.push(w);
  }
  reload();
  return () => current;
}
