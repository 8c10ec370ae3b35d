/** The composer's slash command completion (webview/components/composer/completion.ts). */
import { describe, expect, it } from 'vitest';
import type { SlashCommand } from '../../../extension/protocol/messages';
import { completionTrigger, pendingArgumentHint, slashItems } from '../../../webview/components/composer/completion';

const commands: SlashCommand[] = [
  { name: 'review', description: 'Review the changes' },
  { name: 'git:commit', description: 'Commit', argumentHint: '<message>' },
  { name: 'code-review', description: 'Deep review' },
  { name: 'compact', description: 'Summarize', argumentHint: '[instructions]' },
];

describe('composer completion: slash commands', () => {
  it('triggers on a name with colons, dots and dashes at the start of the draft only', () => {
    expect(completionTrigger('/git:co', 7)).toEqual({ kind: 'slash', query: 'git:co', start: 0, end: 7 });
    expect(completionTrigger('/v1.2-x', 7)).toMatchObject({ kind: 'slash', query: 'v1.2-x' });
    expect(completionTrigger('say /git', 8)).toBeNull();
    expect(completionTrigger('/git:commit ', 12)).toBeNull();
  });

  it('puts names that start with the query first, then names with a later part that does, with hint and description', () => {
    expect(slashItems(commands, 'co').map((i) => i.label)).toEqual(['/code-review', '/compact', '/git:commit']);
    expect(slashItems(commands, 're').map((i) => i.label)).toEqual(['/review', '/code-review']);
    expect(slashItems(commands, 'git:c')).toEqual([{ key: 'git:commit', label: '/git:commit', hint: '<message>', detail: 'Commit', insert: '/git:commit ' }]);
    expect(slashItems(commands, 'zz')).toEqual([]);
    expect(slashItems(commands, 'review')[0]).not.toHaveProperty('hint');
  });

  it('gives the argument hint only while the draft is the command and one space', () => {
    expect(pendingArgumentHint('/git:commit ', commands)).toBe('<message>');
    expect(pendingArgumentHint('/git:commit', commands)).toBeNull();
    expect(pendingArgumentHint('/git:commit f', commands)).toBeNull();
    expect(pendingArgumentHint('/review ', commands)).toBeNull();
    expect(pendingArgumentHint('/unknown ', commands)).toBeNull();
  });
});
