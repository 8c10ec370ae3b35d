import { describe, expect, it } from 'vitest';
import { approvalQuestion, inputFilePath, workspaceRelative } from '../../../../extension/ui/chat/approvalWording';
import { BASH_TOOL_NAME, EDIT_TOOL_NAME, WRITE_TOOL_NAME } from '../../../../extension/protocol/toolNames';

describe('approval wording', () => {
  it('asks with the tool verb and the workspace-relative file, never the internal title', () => {
    expect(approvalQuestion(EDIT_TOOL_NAME, 'Update', { file_path: '/w/src/a.ts', old_string: 'a' }, 'src/a.ts')).toBe('Edit src/a.ts?');
    expect(approvalQuestion(EDIT_TOOL_NAME, 'Update', { file_path: '/w/new.ts', old_string: '' }, 'new.ts')).toBe('Create new.ts?');
    expect(approvalQuestion(WRITE_TOOL_NAME, 'Write', { file_path: '/w/b.txt' }, 'b.txt')).toBe('Write b.txt?');
    expect(approvalQuestion(BASH_TOOL_NAME, 'Bash', { command: 'npm test' }, 'npm test')).toBe('Run npm test?');
  });

  it('keeps "Allow <title>" for a tool without a verb, with or without a summary', () => {
    expect(approvalQuestion('mcp__echo__say', 'echo - say (MCP)', {}, 'hello')).toBe('Allow echo - say (MCP): hello?');
    expect(approvalQuestion('ExitPlanMode', 'Exit plan mode', {}, null)).toBe('Allow Exit plan mode?');
  });

  it('resolves the named file and shows it relative to the workspace only when inside it', () => {
    expect(inputFilePath({ file_path: 'src/a.ts' }, '/w')).toBe('/w/src/a.ts');
    expect(inputFilePath({ notebook_path: '/n/x.ipynb' }, '/w')).toBe('/n/x.ipynb');
    expect(inputFilePath({ command: 'ls' }, '/w')).toBeUndefined();
    expect(workspaceRelative('/w/src/a.ts', '/w')).toBe('src/a.ts');
    expect(workspaceRelative('/elsewhere/a.ts', '/w')).toBe('/elsewhere/a.ts');
    expect(workspaceRelative('/w/../w2/a.ts', '/w')).toBe('/w/../w2/a.ts');
  });
});
