import { describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import type { PermissionResult } from '../../../extension/core/contracts/permissions';
import type { ToolUseContext } from '../../../extension/core/contracts/toolUseContext';
import { buildTool, TOOL_DEFAULTS, type BuiltTool, type DefaultableToolKeys, type ToolDef } from '../../../extension/core/contracts/tool';

const schema = z.strictObject({ path: z.string(), limit: z.number().int().optional(), mode: z.enum(['a', 'b']).default('a') });

const def = {
  name: 'Typed',
  inputSchema: schema,
  maxResultSizeChars: 100,
  async description() {
    return 'typed';
  },
  async prompt() {
    return 'typed';
  },
  // The definition's own, narrower type: literally `true`.
  isReadOnly: (): true => true,
  async call(args: z.infer<typeof schema>) {
    return { data: args.path.length };
  },
  mapToolResultToToolResultBlockParam: (n: number, id: string) => ({ type: 'tool_result' as const, tool_use_id: id, content: String(n) }),
} satisfies ToolDef<typeof schema, number>;

const tool = buildTool(def);

describe('core/contracts/tool types', () => {
  it("types call's args as z.infer of the input schema", () => {
    type Args = Parameters<typeof tool.call>[0];
    expectTypeOf<Args>().toEqualTypeOf<z.infer<typeof schema>>();
    expectTypeOf<Args>().toEqualTypeOf<{ path: string; limit?: number | undefined; mode: 'a' | 'b' }>();
    // @ts-expect-error: a wrong argument type does not compile
    void (() => tool.call({ path: 1 }, {} as ToolUseContext, async () => ({ behavior: 'allow' }), { role: 'assistant', content: [] }));
  });

  it('makes every defaultable method of a built tool present (never undefined)', () => {
    type Built = typeof tool;
    expectTypeOf<Built['isEnabled']>().toEqualTypeOf<() => boolean>();
    expectTypeOf<undefined>().not.toExtend<Built['isConcurrencySafe']>();
    expectTypeOf<undefined>().not.toExtend<Built['checkPermissions']>();
    expectTypeOf<undefined>().not.toExtend<Built['userFacingName']>();
    expectTypeOf<undefined>().not.toExtend<Built['toAutoClassifierInput']>();
    expectTypeOf<undefined>().not.toExtend<Built['isDestructive']>();
    expectTypeOf<ReturnType<Built['checkPermissions']>>().toEqualTypeOf<Promise<PermissionResult>>();
    type AllPresent = { [K in DefaultableToolKeys]-?: undefined extends BuiltTool<typeof def>[K] ? false : true };
    expectTypeOf<AllPresent[DefaultableToolKeys]>().toEqualTypeOf<true>();
  });

  it("lets a definition's own method type win over the default's", () => {
    expectTypeOf<ReturnType<typeof tool.isReadOnly>>().toEqualTypeOf<true>();
    expectTypeOf<ReturnType<typeof tool.isConcurrencySafe>>().toEqualTypeOf<boolean>();
  });

  it('fills defaults fail-closed at runtime and keeps the definition where given', async () => {
    expect(tool.isReadOnly()).toBe(true);
    expect(tool.isConcurrencySafe({ path: 'x', mode: 'a' })).toBe(false);
    expect(tool.isDestructive({ path: 'x', mode: 'a' })).toBe(false);
    expect(tool.isEnabled()).toBe(true);
    expect(tool.userFacingName()).toBe('Typed');
    expect(tool.toAutoClassifierInput({ path: 'x', mode: 'a' })).toBe('');
    expect(TOOL_DEFAULTS.interruptBehavior()).toBe('block');
    const input = { path: 'x', mode: 'a' as const };
    expect(await tool.checkPermissions(input, {} as ToolUseContext)).toEqual({ behavior: 'allow', updatedInput: input });
  });
});
