import { describe, expect, it } from 'vitest';
import { ChatSession } from '../../../extension/conversation/chatSession';
import { createMemoryNotes } from '../../../extension/core/engines/memory/notes';
import { FakeMemoryIo, picker } from '../core/memory/fakeIo';
import { agentDeps, keyed, RecordingLogger, ScriptedModel, sequentialIds } from '../support';

describe('chat/chatSession # notes', () => {
  it('in the chat, a # prompt is saved, answered with where it went, and never sent to the model', async () => {
    const io = new FakeMemoryIo({});
    const model = new ScriptedModel([['a reply']]);
    const memoryNotes = createMemoryNotes({ cwd: '/w', io, picker: picker('Local project memory').port });
    const session = new ChatSession({ agent: agentDeps(model), credentials: keyed, log: new RecordingLogger(), newId: sequentialIds(), memoryNotes });
    await session.send('# always use pnpm');
    expect(model.requests).toHaveLength(0);
    expect(io.files.get('/w/CLAUDE.local.md')).toBe('- always use pnpm\n');
    expect(session.messages().map((m) => [m.role, m.text, m.status])).toEqual([
      ['user', '# always use pnpm', 'done'],
      ['assistant', 'Saved to /w/CLAUDE.local.md', 'done'],
    ]);
    await session.send('hello');
    expect(model.requests).toHaveLength(1);
  });
});
