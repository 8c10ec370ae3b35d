/**
 * SessionStorage in VS Code: a folder per session under the extension's global storage. The extension
 * host always runs on Node next to that folder (desktop and remote alike), so the Node adapter does the
 * file work; this module only decides where. Files stay out of the user's workspace and sync.
 */
import { tmpdir } from 'node:os';
import path from 'node:path';
import type * as vscode from 'vscode';
import type { SessionStorage } from '../../core/contracts/storage';
import { NodeSessionStorage } from '../node/sessionStorage';

export function sessionStorageRoot(context: Pick<vscode.ExtensionContext, 'globalStorageUri'>): string {
  const uri = context.globalStorageUri;
  // A virtual scheme (web worker hosts) has no path the model could Read: fall back to the temp folder.
  return uri.scheme === 'file' ? uri.fsPath : path.join(tmpdir(), 'codewright');
}

export function createSessionStorage(
  context: Pick<vscode.ExtensionContext, 'globalStorageUri'>,
  sessionId: string,
): SessionStorage {
  if (!/^[\w-]{1,100}$/.test(sessionId)) throw new Error(`Invalid session id for storage: ${JSON.stringify(sessionId)}`);
  return new NodeSessionStorage(path.join(sessionStorageRoot(context), 'sessions', sessionId));
}
