/** Workspace file search for the composer's `@` completion: VS Code's file index, ranked by fuzzyFiles. */
import * as vscode from 'vscode';
import { rankFiles } from './fuzzyFiles';

/** Enough for most repositories; beyond it the list is cut rather than stalling the completion. */
const MAX_FILES = 20_000;
const RESULTS = 50;
/** The file list is reused for this long, so every keystroke does not walk the workspace again. */
const CACHE_MS = 10_000;
const EXCLUDE = '**/{node_modules,.git,dist,out,build,.next,coverage}/**';

export function createFileSearch(): (query: string) => Promise<string[]> {
  let cached: { at: number; paths: Promise<string[]> } | undefined;
  const files = () => {
    if (!cached || Date.now() - cached.at > CACHE_MS) {
      const paths = Promise.resolve(vscode.workspace.findFiles('**/*', EXCLUDE, MAX_FILES)).then((uris) =>
        uris.map((u) => vscode.workspace.asRelativePath(u, false)),
      );
      cached = { at: Date.now(), paths };
    }
    return cached.paths;
  };
  return async (query) => rankFiles(query.trim(), await files(), RESULTS);
}
