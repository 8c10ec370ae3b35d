/**
 * The scripted session the session and resume tests share: the model looks at hello.ts (Read and Grep), later
 * edits its greeting, and the user approves the Edit in the chat's permission dialog.
 */
import type { Frame, Locator } from 'playwright-core';
import { expect } from 'vitest';
import type { FakeTurn } from '../fixtures/fake-anthropic';

export const GREETING_PROMPT = 'make the greeting friendlier';

/** The first reply: a note, then a Read of `file` and a Grep for "Hello" in the same turn. */
export const lookAtTheCode = (file: string): FakeTurn => ({
  content: [
    { type: 'text', text: 'Let me look at the code.' },
    { type: 'tool_use', id: 'toolu_read', name: 'Read', input: { file_path: file } },
    { type: 'tool_use', id: 'toolu_grep', name: 'Grep', input: { pattern: 'Hello', output_mode: 'content', '-n': true } },
  ],
});

/** The last two replies: the Edit of `file`'s greeting once the results of `after` came back, then the closing note. */
export const editTheGreeting = (file: string, after: string[]): FakeTurn[] => [
  {
    content: [{ type: 'tool_use', id: 'toolu_edit', name: 'Edit', input: { file_path: file, old_string: 'Hello, ${name}!', new_string: 'Hi there, ${name}!' } }],
    expect: { toolResultIds: after },
  },
  { content: [{ type: 'text', text: 'Changed the greeting to **Hi there**.' }], expect: { toolResultIds: ['toolu_edit'] } },
];

/** Sends GREETING_PROMPT from the chat's composer and waits for the Edit's permission dialog, naming hello.ts. */
export async function askForFriendlierGreeting(chat: Frame): Promise<Locator> {
  const input = chat.getByTestId('composer-input');
  await input.fill(GREETING_PROMPT);
  await input.press('Enter');
  const dialog = chat.getByTestId('permission-dialog');
  await dialog.waitFor({ state: 'visible', timeout: 60_000 });
  await expect.poll(() => dialog.innerText()).toContain('hello.ts');
  return dialog;
}
