import { describe, expect, it } from 'vitest';
import { approvalQuestion, inputFilePath, workspaceRelative } from '../../../../extension/ui/chat/approvalWording';
import { createBashTool } from '../../../../extension/tools/Bash/Bash';
import { EditTool } from '../../../../extension/tools/Edit/Edit';
import { ExitPlanModeTool } from '../../../../extension/tools/ExitPlanMode/ExitPlanMode';
import { WriteTool } from '../../../../extension/tools/Write/Write';

/** A tool that gives no verb, as an MCP tool is. */
const mcpTool = { name: 'mcp__echo__say' };

describe('approval wording', () => {
  it('asks with the tool verb and the workspace-relative file, never the internal title', () => {
    expect(approvalQuestion(EditTool, 'Update', { file_path: '/w/src/a.ts', old_string: 'a' }, 'src/a.ts')).toBe('Edit src/a.ts?');
    expect(approvalQuestion(EditTool, 'Update', { file_path: '/w/new.ts', old_string: '' }, 'new.ts')).toBe('Create new.ts?');
    expect(approvalQuestion(WriteTool, 'Write', { file_path: '/w/b.txt' }, 'b.txt')).toBe('Write b.txt?');
    expect(approvalQuestion(createBashTool(), 'Bash', { command: 'npm test' }, 'npm test')).toBe('Run npm test?');
  });

  it('keeps "Allow <title>" for a tool without a verb, with or without a summary', () => {
    expect(approvalQuestion(mcpTool, 'echo - say (MCP)', {}, 'hello')).toBe('Allow echo - say (MCP): hello?');
    expect(approvalQuestion(ExitPlanModeTool, 'Exit plan mode', {}, null)).toBe('Allow Exit plan mode?');
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
