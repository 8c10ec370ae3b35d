/** The command panels', config problems' and slash list's part of the webview state (docs/ARCHITECTURE.md, Command panels). */
import { describe, expect, it } from 'vitest';
import type { ConfigProblem, HostToWebview, PanelView, SlashCommand } from '../../../extension/protocol/messages';
import { initialChatState, reduceChat, type ChatState } from '../../../webview/state/reducer';

function snapshot(extra: Partial<Extract<HostToWebview, { type: 'sessionSnapshot' }>> = {}): HostToWebview {
  return { type: 'sessionSnapshot', sessionId: 's1', entries: [], busy: false, setup: { hasApiKey: true, keySource: 'secretStorage' }, model: 'm', ...extra };
}

function ready(state: ChatState) {
  if (state.phase !== 'ready') throw new Error('expected a ready state');
  return state;
}

const context: PanelView = { panel: 'context', model: 'm', window: 200_000, parts: [{ label: 'System prompt', tokens: 3000 }] };
const mcp: PanelView = { panel: 'mcp', servers: [] };
const problem: ConfigProblem = { kind: 'command', path: '/w/.claude/commands/bad.md', line: 3, message: 'front matter: bad YAML' };
const commands: SlashCommand[] = [{ name: 'git:commit', description: 'Commit', argumentHint: '<message>', source: 'project' }];

describe('reduceChat: command panels, config problems and the slash list', () => {
  it('starts with no panel and no problems when the snapshot has none, and takes them when it has', () => {
    const empty = ready(reduceChat(initialChatState, snapshot()));
    expect(empty.panel).toBeNull();
    expect(empty.configProblems).toEqual([]);
    const full = ready(reduceChat(initialChatState, snapshot({ panel: context, configProblems: [problem], commands })));
    expect(full.panel).toEqual(context);
    expect(full.configProblems).toEqual([problem]);
    expect(full.commands).toEqual(commands);
  });

  it('opens a panel, replaces it with the next one, and lists config problems as sent', () => {
    let state = reduceChat(initialChatState, snapshot());
    state = reduceChat(state, { type: 'panelOpened', view: context });
    expect(ready(state).panel).toEqual(context);
    state = reduceChat(state, { type: 'panelOpened', view: mcp });
    expect(ready(state).panel).toEqual(mcp);
    state = reduceChat(state, { type: 'configProblems', problems: [problem] });
    expect(ready(state).configProblems).toEqual([problem]);
    state = reduceChat(state, { type: 'configProblems', problems: [] });
    expect(ready(state).configProblems).toEqual([]);
  });

  it('keeps the command list up to date on commandsChanged', () => {
    let state = reduceChat(initialChatState, snapshot({ commands: [{ name: 'clear', description: 'Start over' }] }));
    state = reduceChat(state, { type: 'commandsChanged', commands });
    expect(ready(state).commands).toEqual(commands);
  });
});
