/**
 * The task panel's "Open transcript": a background agent's or teammate's JSONL transcript, read from disk
 * and shown as markdown (extension/conversation/transcriptMarkdown.ts) in an untitled editor tab.
 */
import { readFile } from 'node:fs/promises';
import * as vscode from 'vscode';
import { transcriptToMarkdown } from '../../conversation/transcriptMarkdown';

export async function openTranscript(path: string, title: string): Promise<void> {
  let jsonl: string;
  try {
    jsonl = await readFile(path, 'utf8');
  } catch (e) {
    void vscode.window.showWarningMessage(`Could not read the transcript ${path}: ${e instanceof Error ? e.message : String(e)}`);
    return;
  }
  const doc = await vscode.workspace.openTextDocument({ language: 'markdown', content: transcriptToMarkdown(jsonl, title) });
  await vscode.window.showTextDocument(doc, { preview: true });
}
