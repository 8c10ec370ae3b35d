/**
 * TranscriptStore in VS Code: the CLI's folder, `<CODEWRIGHT_HOME or ~/.codewright>/projects/<workspace
 * key>/transcripts` for the first workspace folder, so the panel and `codewright --resume` see the same
 * sessions. Sessions of earlier versions, kept under the extension's global storage, are moved there once
 * (host/node/transcriptMigration.ts). The extension host always runs on Node next to those folders, so the
 * Node adapter does the file work; this module only decides where.
 */
import { homedir } from 'node:os';
import path from 'node:path';
import type * as vscode from 'vscode';
import { codewrightHome, NodeTranscriptStore, projectTranscriptsDir, workspaceKeyOf } from '../node/transcriptStore';
import { migrateTranscripts, type MigrationResult } from '../node/transcriptMigration';
import { sessionStorageRoot } from './sessionStorage';

/** Where earlier versions kept the workspace's transcripts: `<global storage>/transcripts/<workspace key>`. */
export function legacyTranscriptsDir(context: Pick<vscode.ExtensionContext, 'globalStorageUri'>, workspaceKey: string): string {
  if (!/^[\w-]{1,100}$/.test(workspaceKey)) throw new Error(`Invalid workspace key for transcripts: ${JSON.stringify(workspaceKey)}`);
  return path.join(sessionStorageRoot(context), 'transcripts', workspaceKey);
}

/** The shared store of the workspace folder `workspacePath` (the CLI's own scheme, `CODEWRIGHT_HOME` honoured). */
export function createTranscriptStore(workspacePath: string, env: NodeJS.ProcessEnv = process.env, homeDir = homedir()): NodeTranscriptStore {
  return new NodeTranscriptStore(projectTranscriptsDir(codewrightHome(env, homeDir), workspacePath));
}

/** Moves the workspace's sessions out of the global storage into `store`'s folder; what moved and what stayed. */
export function migrateLegacyTranscripts(
  context: Pick<vscode.ExtensionContext, 'globalStorageUri'>,
  workspacePath: string,
  store: Pick<NodeTranscriptStore, 'dir'>,
): Promise<MigrationResult> {
  return migrateTranscripts(legacyTranscriptsDir(context, workspaceKeyOf(workspacePath)), store.dir);
}
