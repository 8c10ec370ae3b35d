/**
 * TranscriptStore in VS Code: transcripts live under the extension's global storage, one folder per
 * workspace, so the session list shows the sessions of the open folder. The extension host always runs on
 * Node next to that folder, so the Node adapter does the file work; this module only decides where.
 */
import path from 'node:path';
import type * as vscode from 'vscode';
import { NodeTranscriptStore } from '../node/transcriptStore';
import { sessionStorageRoot } from './sessionStorage';

export function transcriptsRoot(context: Pick<vscode.ExtensionContext, 'globalStorageUri'>, workspaceKey: string): string {
  if (!/^[\w-]{1,100}$/.test(workspaceKey)) throw new Error(`Invalid workspace key for transcripts: ${JSON.stringify(workspaceKey)}`);
  return path.join(sessionStorageRoot(context), 'transcripts', workspaceKey);
}

export function createTranscriptStore(
  context: Pick<vscode.ExtensionContext, 'globalStorageUri'>,
  workspaceKey: string,
): NodeTranscriptStore {
  return new NodeTranscriptStore(transcriptsRoot(context, workspaceKey));
}
