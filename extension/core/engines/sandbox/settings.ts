/**
 * The `sandbox` block of a settings file, Claude Code's shape (docs/ARCHITECTURE.md, Sandbox):
 * `{ "sandbox": { "enabled": true, "autoAllowBashIfSandboxed": true, "excludedCommands": ["docker *"],
 * "allowUnsandboxedCommands": true, "network": { "allowedDomains": ["github.com", "*.npmjs.org"] },
 * "filesystem": { "allowWrite": ["~/.cache"], "denyWrite": [], "denyRead": ["~/.aws"], "allowRead": [] } } }`.
 * Validated by settingsSchema.ts together with `permissions` (a bad value is reported with its file and
 * line and left out), then merged across sources here: the highest source that sets a switch wins, lists
 * from every source add up.
 */
import type { SandboxSettings } from '../../contracts/permissions';
import path from 'node:path';
import { z } from 'zod';

/** `example.com`, `*.example.com`, `api.example.com:443`, `127.0.0.1:3000`, `[::1]:8080`. */
const DOMAIN = /^(?:\*\.)?(?:[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?\.)*[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?::\d{1,5})?$|^\[[0-9A-Fa-f:.]+\](?::\d{1,5})?$/;

const domainSchema = z
  .string()
  .trim()
  .regex(DOMAIN, 'not a domain: expected a host such as example.com, *.example.com or example.com:443 (no scheme, no path)');
const pathSchema = z.string().trim().min(1, 'a path cannot be empty');
const commandSchema = z.string().trim().min(1, 'an excluded command cannot be empty');

export const sandboxBlockSchema = z.looseObject({
  enabled: z.boolean().optional(),
  autoAllowBashIfSandboxed: z.boolean().optional(),
  excludedCommands: z.array(commandSchema).optional(),
  allowUnsandboxedCommands: z.boolean().optional(),
  enableWeakerNestedSandbox: z.boolean().optional(),
  network: z
    .looseObject({
      allowedDomains: z.array(domainSchema).optional(),
      deniedDomains: z.array(domainSchema).optional(),
      allowUnixSockets: z.array(pathSchema).optional(),
      allowAllUnixSockets: z.boolean().optional(),
      allowLocalBinding: z.boolean().optional(),
    })
    .optional(),
  filesystem: z
    .looseObject({
      allowWrite: z.array(pathSchema).optional(),
      denyWrite: z.array(pathSchema).optional(),
      denyRead: z.array(pathSchema).optional(),
      allowRead: z.array(pathSchema).optional(),
    })
    .optional(),
});

/** One source's `sandbox` block as validated (paths already resolved against home and the workspace). */
export type SandboxSettingsBlock = z.infer<typeof sandboxBlockSchema>;

/** Claude Code's defaults: off; when on, a sandboxed command runs without asking. */
export function defaultSandboxSettings(): SandboxSettings {
  return {
    enabled: false,
    autoAllowBashIfSandboxed: true,
    excludedCommands: [],
    allowUnsandboxedCommands: true,
    enableWeakerNestedSandbox: false,
    network: { allowedDomains: [], deniedDomains: [], allowUnixSockets: [], allowAllUnixSockets: false, allowLocalBinding: false },
    filesystem: { allowWrite: [], denyWrite: [], denyRead: [], allowRead: [] },
  };
}

const unique = (list: readonly string[]) => [...new Set(list)];

/** Merges blocks given lowest precedence first: switches from the last one that sets them, lists joined. */
export function mergeSandboxSettings(blocks: readonly (SandboxSettingsBlock | undefined)[]): SandboxSettings {
  const out = defaultSandboxSettings();
  for (const b of blocks) {
    if (!b) continue;
    out.enabled = b.enabled ?? out.enabled;
    out.autoAllowBashIfSandboxed = b.autoAllowBashIfSandboxed ?? out.autoAllowBashIfSandboxed;
    out.allowUnsandboxedCommands = b.allowUnsandboxedCommands ?? out.allowUnsandboxedCommands;
    out.enableWeakerNestedSandbox = b.enableWeakerNestedSandbox ?? out.enableWeakerNestedSandbox;
    out.excludedCommands = unique([...out.excludedCommands, ...(b.excludedCommands ?? [])]);
    const n = b.network ?? {};
    out.network = {
      allowedDomains: unique([...out.network.allowedDomains, ...(n.allowedDomains ?? [])]),
      deniedDomains: unique([...out.network.deniedDomains, ...(n.deniedDomains ?? [])]),
      allowUnixSockets: unique([...out.network.allowUnixSockets, ...(n.allowUnixSockets ?? [])]),
      allowAllUnixSockets: n.allowAllUnixSockets ?? out.network.allowAllUnixSockets,
      allowLocalBinding: n.allowLocalBinding ?? out.network.allowLocalBinding,
    };
    const f = b.filesystem ?? {};
    out.filesystem = {
      allowWrite: unique([...out.filesystem.allowWrite, ...(f.allowWrite ?? [])]),
      denyWrite: unique([...out.filesystem.denyWrite, ...(f.denyWrite ?? [])]),
      denyRead: unique([...out.filesystem.denyRead, ...(f.denyRead ?? [])]),
      allowRead: unique([...out.filesystem.allowRead, ...(f.allowRead ?? [])]),
    };
  }
  return out;
}

/** The block with its filesystem paths made absolute (`~/x` under home, relative ones under the workspace). */
export function resolveSandboxPaths(block: SandboxSettingsBlock, resolve: (p: string) => string): SandboxSettingsBlock {
  const f = block.filesystem;
  if (!f) return block;
  const map = (list: string[] | undefined) => list?.map(resolve);
  return {
    ...block,
    filesystem: {
      ...f,
      ...(f.allowWrite ? { allowWrite: map(f.allowWrite) } : {}),
      ...(f.denyWrite ? { denyWrite: map(f.denyWrite) } : {}),
      ...(f.denyRead ? { denyRead: map(f.denyRead) } : {}),
      ...(f.allowRead ? { allowRead: map(f.allowRead) } : {}),
    },
  };
}

function isWithin(root: string, p: string): boolean {
  const rel = path.relative(root, p);
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
}

/**
 * What a checked-in project file may not do: open folders outside the workspace for writing, or weaken the
 * sandbox (cloning a repository must not let its commands write `~` without asking). Returns the block
 * without those parts and one message per part dropped.
 */
export function guardProjectSandbox(block: SandboxSettingsBlock, workspaceRoot: string): { block: SandboxSettingsBlock; problems: string[] } {
  const problems: string[] = [];
  const allowWrite = block.filesystem?.allowWrite ?? [];
  const outside = allowWrite.filter((p) => !isWithin(workspaceRoot, p));
  let out = block;
  if (outside.length) {
    problems.push(`sandbox.filesystem.allowWrite: ${outside.join(', ')} is outside the workspace; the shared project settings may only open workspace folders (set it in .claude/settings.local.json or your user settings)`);
    out = { ...out, filesystem: { ...out.filesystem, allowWrite: allowWrite.filter((p) => isWithin(workspaceRoot, p)) } };
  }
  for (const key of ['enableWeakerNestedSandbox', 'allowAllUnixSockets'] as const) {
    const set = key === 'enableWeakerNestedSandbox' ? out.enableWeakerNestedSandbox : out.network?.allowAllUnixSockets;
    if (set !== true) continue;
    problems.push(`sandbox.${key === 'allowAllUnixSockets' ? 'network.' : ''}${key}: weakens the sandbox and cannot be set in the shared project settings; set it in .claude/settings.local.json or your user settings`);
    out = key === 'enableWeakerNestedSandbox' ? { ...out, enableWeakerNestedSandbox: false } : { ...out, network: { ...out.network, allowAllUnixSockets: false } };
  }
  return { block: out, problems };
}
