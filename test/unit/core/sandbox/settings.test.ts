/** The `sandbox` settings block: validation with file and line, merging across sources, what a project file may not set. */
import { describe, expect, it } from 'vitest';
import { initialPermissionContext, loadPermissionSettings } from '../../../../extension/core/engines/permissions/settings';
import { parsePermissionSettingsText } from '../../../../extension/core/engines/permissions/settingsSchema';
import { mergeSandboxSettings } from '../../../../extension/core/engines/sandbox/settings';

const where = { source: 'userSettings' as const, path: '/home/u/.claude/settings.json' };

describe('sandbox settings', () => {
  it('reads Claude Code\'s shape', () => {
    const text = JSON.stringify({
      sandbox: { enabled: true, autoAllowBashIfSandboxed: false, excludedCommands: ['docker'], network: { allowedDomains: ['github.com', '*.npmjs.org', 'localhost:3000'] }, filesystem: { denyRead: ['~/.aws'] } },
    });
    const { settings, errors } = parsePermissionSettingsText(text, where);
    expect(errors).toEqual([]);
    expect(settings.sandbox).toMatchObject({ enabled: true, autoAllowBashIfSandboxed: false, excludedCommands: ['docker'], network: { allowedDomains: ['github.com', '*.npmjs.org', 'localhost:3000'] } });
  });

  it('reports a bad value with its file and line and keeps the rest', () => {
    const text = '{\n  "permissions": { "allow": ["Bash(ls)"] },\n  "sandbox": {\n    "enabled": "yes",\n    "network": { "allowedDomains": ["https://github.com/x", "npmjs.org"] }\n  }\n}';
    const { settings, errors } = parsePermissionSettingsText(text, where);
    expect(errors.map((e) => [e.line, e.path])).toEqual([
      [4, where.path],
      [5, where.path],
    ]);
    expect(errors[0]!.message).toMatch(/^sandbox\.enabled: /);
    expect(errors[1]!.message).toMatch(/sandbox\.network\.allowedDomains\[0\]: not a domain/);
    expect(settings.allow).toEqual(['Bash(ls)']);
    expect(settings.sandbox).toMatchObject({ network: { allowedDomains: ['npmjs.org'] } });
    expect(settings.sandbox?.enabled).toBeUndefined();
  });

  it('merges sources: the highest switch wins, lists add up', () => {
    const merged = mergeSandboxSettings([
      { enabled: true, excludedCommands: ['docker'], network: { allowedDomains: ['a.com'] } },
      undefined,
      { enabled: false, network: { allowedDomains: ['b.com', 'a.com'] } },
    ]);
    expect(merged).toMatchObject({ enabled: false, autoAllowBashIfSandboxed: true, excludedCommands: ['docker'], network: { allowedDomains: ['a.com', 'b.com'] } });
  });

  it('keeps a shared project file from opening folders outside the workspace or weakening the sandbox', async () => {
    const files: Record<string, string> = {
      '/ws/.claude/settings.json': '{\n  "sandbox": { "enabled": true, "enableWeakerNestedSandbox": true, "filesystem": { "allowWrite": ["~", "build"] } }\n}',
      '/home/u/.claude/settings.json': '{ "sandbox": { "filesystem": { "allowWrite": ["~/.cache"] } } }',
    };
    const loaded = await loadPermissionSettings({ homeDir: '/home/u', workspaceRoot: '/ws', readFile: async (p) => files[p] });
    expect(loaded.errors.map((e) => [e.path, e.line])).toEqual([
      ['/ws/.claude/settings.json', 2],
      ['/ws/.claude/settings.json', 2],
    ]);
    expect(loaded.errors[0]!.message).toMatch(/allowWrite: \/home\/u is outside the workspace/);
    const ctx = initialPermissionContext(loaded);
    expect(ctx.sandbox).toMatchObject({ enabled: true, enableWeakerNestedSandbox: false, filesystem: { allowWrite: ['/home/u/.cache', '/ws/build'] } });
  });
});
