import { describe, expect, it } from 'vitest';
import { transcriptToMarkdown } from '../../../extension/conversation/transcriptMarkdown';

const at = '2025-01-01T00:00:00.000Z';
const entry = (message: unknown) => JSON.stringify({ type: 'message', uuid: 'u', timestamp: at, message });

describe('chat/transcriptMarkdown', () => {
  it('renders user and assistant text under headings, tool calls as one line and results cut short', () => {
    const longOutput = Array.from({ length: 40 }, (_, i) => `line ${i + 1}`).join('\n');
    const jsonl = [
      JSON.stringify({ type: 'meta', sessionId: 's', createdAt: at, cwd: '/w', model: 'm', version: 1 }),
      entry({ role: 'user', content: 'Find where the config is loaded.' }),
      entry({ role: 'assistant', content: [{ type: 'text', text: 'Searching.' }, { type: 'tool_use', id: 't1', name: 'Grep', input: { pattern: 'loadConfig', path: 'src' } }] }),
      entry({ role: 'user', content: [{ type: 'tool_result', tool_use_id: 't1', content: longOutput }] }),
      entry({ role: 'assistant', content: [{ type: 'tool_use', id: 't2', name: 'Read', input: { file_path: '/w/missing.ts' } }] }),
      entry({ role: 'user', content: [{ type: 'tool_result', tool_use_id: 't2', content: [{ type: 'text', text: 'File does not exist.' }], is_error: true }] }),
      entry({ role: 'assistant', content: [{ type: 'text', text: 'It is in `src/config.ts`.' }] }),
    ].join('\n');
    const md = transcriptToMarkdown(jsonl, 'Agent: Find the config');
    expect(md).toBe(
      [
        '# Agent: Find the config',
        '## User',
        'Find where the config is loaded.',
        '## Assistant',
        'Searching.\n\n**→ Grep** `{"pattern":"loadConfig","path":"src"}`',
        `**← result**\n\n\`\`\`text\n${longOutput.split('\n').slice(0, 12).join('\n')}\n… (40 lines, ${longOutput.length} characters in all)\n\`\`\``,
        '**→ Read** `{"file_path":"/w/missing.ts"}`',
        '**← error**\n\n```text\nFile does not exist.\n```',
        // A new heading only when the speaker changes after text, not for tool-result turns.
        'It is in `src/config.ts`.',
      ].join('\n\n') + '\n',
    );
  });

  it('reads bare API messages too, abbreviates long inputs and fences output that holds backticks', () => {
    const jsonl = [
      JSON.stringify({ role: 'assistant', content: [{ type: 'tool_use', id: 't1', name: 'Write', input: { file_path: 'a.md', content: 'x'.repeat(500) } }] }),
      JSON.stringify({ role: 'user', content: [{ type: 'tool_result', tool_use_id: 't1', content: 'has ``` inside' }] }),
    ].join('\n');
    const md = transcriptToMarkdown(jsonl, 'T');
    const call = md.split('\n').find((l) => l.startsWith('**→ Write**'));
    expect(call?.length).toBeLessThan(240);
    expect(call).toContain('…`');
    expect(md).toContain('````text\nhas ``` inside\n````');
  });

  it('counts unreadable lines, keeps compaction summaries, and says when there is nothing yet', () => {
    const md = transcriptToMarkdown(
      ['{not json', JSON.stringify({ type: 'compactBoundary', timestamp: at, summary: 'Looked at\nthe loader.' }), entry({ role: 'assistant', content: [{ type: 'tool_use' }] })].join('\n'),
      'T',
    );
    expect(md).toContain('> **Earlier conversation, summarized:** Looked at the loader.');
    expect(md).toContain('_2 unreadable lines were left out._');
    expect(transcriptToMarkdown('', 'Empty')).toBe('# Empty\n\n_The transcript has no messages yet._\n');
  });
});
