import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { agentDefinitionsReader, loadAgentDefinitions } from '../../../../extension/host/node/agentFiles';
import { RecordingLogger } from '../../support';

function agent(root: string, name: string): void {
  mkdirSync(path.join(root, '.claude', 'agents'), { recursive: true });
  writeFileSync(path.join(root, '.claude', 'agents', `${name}.md`), `---\nname: ${name}\ndescription: ${name} agent\n---\nYou are ${name}.\n`);
}

describe('host/node/agentFiles', () => {
  it('leaves out the project’s agent types while the workspace is not trusted, and reads them once it is', async () => {
    const cwd = mkdtempSync(path.join(tmpdir(), 'cw-agents-ws-'));
    const homeDir = mkdtempSync(path.join(tmpdir(), 'cw-agents-home-'));
    agent(homeDir, 'mine');
    agent(cwd, 'repo-agent');
    let trusted = false;
    const custom = (defs: readonly { source: string; agentType: string }[]) => defs.filter((d) => d.source !== 'builtin').map((d) => `${d.source}:${d.agentType}`);
    expect(custom((await loadAgentDefinitions({ cwd, homeDir, trusted: () => trusted })).definitions)).toEqual(['user:mine']);
    const read = agentDefinitionsReader({ cwd, homeDir, trusted: () => trusted }, new RecordingLogger());
    expect(custom(await read())).toEqual(['user:mine']);
    trusted = true;
    expect(custom(await read())).toEqual(['user:mine', 'project:repo-agent']);
    // The CLI passes no trust flag: a folder it runs in is the user's choice.
    expect(custom((await loadAgentDefinitions({ cwd, homeDir })).definitions)).toEqual(['user:mine', 'project:repo-agent']);
  });
});
