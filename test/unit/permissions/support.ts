/** Tools and contexts for the permission tests. */
import { z } from 'zod';
import type { PermissionResult, ToolPermissionContext } from '../../../extension/core/contracts/permissions';
import type { ToolUseContext } from '../../../extension/core/contracts/toolUseContext';
import { buildTool, type Tools } from '../../../extension/core/contracts/tool';
import { makeContext } from '../tool/fixtures';

type Check = (input: Record<string, unknown>, context: ToolUseContext) => Promise<PermissionResult>;

/** A tool whose own permission answer and read-only flag the test chooses. */
export function fakeTool(name: string, opts: { readOnly?: boolean; check?: Check; aliases?: string[]; classifierInput?: (input: Record<string, unknown>) => string } = {}) {
  return buildTool({
    name,
    ...(opts.aliases ? { aliases: opts.aliases } : {}),
    ...(opts.classifierInput ? { toAutoClassifierInput: opts.classifierInput } : {}),
    inputSchema: z.looseObject({ arg: z.string().optional() }),
    maxResultSizeChars: 1000,
    isReadOnly: () => opts.readOnly ?? false,
    async description() {
      return name;
    },
    async prompt() {
      return name;
    },
    checkPermissions: opts.check ?? (async () => ({ behavior: 'passthrough', message: `Use ${name}?` })),
    async call() {
      return { data: '' };
    },
    mapToolResultToToolResultBlockParam: (o: string, id: string) => ({ type: 'tool_result' as const, tool_use_id: id, content: o }),
  });
}

/** A context whose AppState holds `permissions` over an empty permission context. */
export function contextWith(tools: Tools, permissions: Partial<ToolPermissionContext> = {}, overrides: Partial<ToolUseContext> = {}): ToolUseContext {
  const context = makeContext(tools, overrides);
  setPermissions(context, permissions);
  return context;
}

export function setPermissions(context: ToolUseContext, permissions: Partial<ToolPermissionContext>): void {
  context.setAppState((prev) => ({ ...prev, toolPermissionContext: { ...prev.toolPermissionContext, ...permissions } }));
}
