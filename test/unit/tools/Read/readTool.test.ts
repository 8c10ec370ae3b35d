import { describe, expect, it } from 'vitest';
import { inputJSONSchemaOf } from '../../../../extension/core/engines/tools/toolSchema';
import { READ_TOOL_NAME } from '../../../../extension/protocol/toolNames';
import { ReadTool } from '../../../../extension/tools/Read/Read';

const input = { file_path: '/proj/src/app.ts' };

describe('tools/Read declaration', () => {
  it('is the read-only, concurrency-safe Read tool that bounds its own output', () => {
    expect(ReadTool.name).toBe(READ_TOOL_NAME);
    expect(READ_TOOL_NAME).toBe('Read');
    expect([ReadTool.isReadOnly(), ReadTool.isConcurrencySafe(), ReadTool.isDestructive(input)]).toEqual([true, true, false]);
    expect(ReadTool.maxResultSizeChars).toBe(Infinity);
    expect(ReadTool.userFacingName()).toBe('Read');
  });

  it("offers Claude Code's input fields, only file_path required", () => {
    const schema = inputJSONSchemaOf(ReadTool);
    expect(Object.keys(schema.properties as object)).toEqual(['file_path', 'offset', 'limit', 'pages', 'allow_large']);
    expect(schema.required).toEqual(['file_path']);
    expect(schema.additionalProperties).toBe(false);
    expect(ReadTool.inputSchema.safeParse({ file_path: '/a', offset: -1 }).success).toBe(false);
    expect(ReadTool.inputSchema.safeParse({ file_path: '/a', limit: 0 }).success).toBe(false);
  });

  it('describes its activity and summary relative to the working directory when it is known', () => {
    expect(ReadTool.getActivityDescription(input, { cwd: '/proj' })).toBe('Reading src/app.ts');
    expect(ReadTool.getToolUseSummary({ ...input, offset: 10, limit: 31 }, { cwd: '/proj' })).toBe('src/app.ts:10-40');
    expect(ReadTool.getToolUseSummary({ ...input, offset: 10 }, { cwd: '/proj' })).toBe('src/app.ts:10+');
    expect(ReadTool.getToolUseSummary({ file_path: '/proj/d.pdf', pages: '1-5' }, { cwd: '/proj' })).toBe('d.pdf (pages 1-5)');
  });

  it('falls back to the path as given outside the working directory or without one', () => {
    expect(ReadTool.getActivityDescription(input)).toBe('Reading /proj/src/app.ts');
    expect(ReadTool.getActivityDescription({ file_path: '/etc/hosts' }, { cwd: '/proj' })).toBe('Reading /etc/hosts');
    expect(ReadTool.getToolUseSummary(undefined)).toBeNull();
    expect(ReadTool.getActivityDescription(undefined)).toBe('Reading a file');
  });
});
