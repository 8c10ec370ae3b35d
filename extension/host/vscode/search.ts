/**
 * SearchPort in VS Code: the Node adapter's behaviour with the rg VS Code itself ships. Every VS Code build
 * carries ripgrep for its own search view, so users need not install anything; rg on PATH is the fallback
 * (a stripped-down build, or a layout this code does not know yet). Only a type is taken from `vscode`:
 * the caller passes `vscode.env`, which also keeps this module loadable in unit tests.
 */
import path from 'node:path';
import type * as vscode from 'vscode';
import { RIPGREP_BINARY } from '../node/ripgrep';
import { RipgrepSearch } from '../node/search';

/** Where VS Code keeps its rg under `appRoot`: unpacked from the asar archive in desktop builds, plain elsewhere. */
export function vscodeRipgrepCandidates(appRoot: string, explicit?: string): (string | undefined)[] {
  return [
    explicit,
    path.join(appRoot, 'node_modules', '@vscode', 'ripgrep', 'bin', RIPGREP_BINARY),
    path.join(appRoot, 'node_modules.asar.unpacked', '@vscode', 'ripgrep', 'bin', RIPGREP_BINARY),
    RIPGREP_BINARY,
  ];
}

export class VsCodeSearch extends RipgrepSearch {
  constructor(env: Pick<typeof vscode.env, 'appRoot'>, opts: { rgPath?: string } = {}) {
    super(() => vscodeRipgrepCandidates(env.appRoot, opts.rgPath));
  }
}
