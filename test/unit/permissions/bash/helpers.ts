import { loadBashParser } from '../../../../extension/host/node/bashParser';
import type { BashEnv } from '../../../../extension/core/engines/permissions/bash';
import { getEmptyToolPermissionContext, type ToolPermissionContext } from '../../../../extension/core/contracts/permissions';

/** The real parser: tree-sitter-bash wasm on web-tree-sitter, loaded from node_modules. */
export const parser = await loadBashParser();

export const env: BashEnv = { cwd: '/work/ws', workspaceRoots: ['/work/ws'], homeDir: '/home/dev' };

export function contextWith(rules: { allow?: string[]; deny?: string[]; ask?: string[] }, extraDirs: string[] = []): ToolPermissionContext {
  return {
    ...getEmptyToolPermissionContext(),
    alwaysAllowRules: { localSettings: rules.allow ?? [] },
    alwaysDenyRules: { userSettings: rules.deny ?? [] },
    alwaysAskRules: { projectSettings: rules.ask ?? [] },
    additionalWorkingDirectories: new Map(extraDirs.map((d) => [d, { path: d, source: 'session' as const }])),
  };
}
