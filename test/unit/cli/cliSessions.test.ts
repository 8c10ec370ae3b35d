import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { sessionLine } from '../../../extension/cli/sessionStart';
import { TranscriptWriter } from '../../../extension/core/engines/transcripts/transcript';
import { NodeTranscriptStore, workspaceKeyOf } from '../../../extension/host/node/transcriptStore';
import { cliEnv, jsonLines, runCli, useCliFake } from './cliHarness';

const UUID = '0f8fad5b-d9cb-469f-a165-70867728950e';

function transcriptsOf(where: { home: string; cwd: string }): string {
  return path.join(where.home, 'projects', workspaceKeyOf(where.cwd), 'transcripts');
}

describe('headless CLI sessions', { timeout: 60_000 }, () => {
  const fake = useCliFake({ fallback: 'echo' });

  it('--session-id names the new session and refuses one that exists; --name titles it in --list-sessions', async () => {
    const where = cliEnv(fake.url);
    const first = await runCli(['-p', 'remember 7', '--session-id', UUID, '--name', 'Nightly check', '--output-format', 'json'], where);
    expect(jsonLines(first.stdout)[0]).toMatchObject({ subtype: 'success', session_id: UUID });
    const list = await runCli(['--list-sessions'], where);
    expect(list.stdout).toMatch(new RegExp(`^${UUID}\\t\\S+\\t2 messages\\tNightly check\\n$`));
    const again = await runCli(['-p', 'x', '--session-id', UUID], where);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain(`--session-id ${UUID}: that session exists already; continue it with --resume ${UUID}`);
  });

  it('-r resumes by UUID; --fork-session goes on in a new session with a copy, leaving the old one as it was', async () => {
    const where = cliEnv(fake.url);
    await runCli(['-p', 'remember 7', '--session-id', UUID], where);
    fake.setScript([{ content: [{ type: 'text', text: 'It was 7.' }], expect: { messageCount: 3 } }]);
    const forkId = '7c9e6679-7425-40de-944b-e07fc1f90ae7';
    const fork = await runCli(['-r', UUID, '--fork-session', '--session-id', forkId, '-p', 'what was it?', '--output-format', 'json'], where);
    expect(jsonLines(fork.stdout)[0]).toMatchObject({ subtype: 'success', result: 'It was 7.', session_id: forkId });
    const list = (await runCli(['--list-sessions'], where)).stdout;
    expect(list).toContain(`${forkId}\t`);
    expect(list).toMatch(new RegExp(`${forkId}\\t\\S+\\t4 messages`));
    expect(list).toMatch(new RegExp(`${UUID}\\t\\S+\\t2 messages`));
    fake.setScript([{ content: [{ type: 'text', text: 'Still 7.' }], expect: { messageCount: 3 } }]);
    const resumed = await runCli(['-r', UUID, '-p', 'and now?'], where);
    expect(resumed.stdout).toBe('Still 7.\n');
  });

  it('--no-session-persistence writes no transcript, so the session cannot be resumed', async () => {
    const where = cliEnv(fake.url);
    const run = await runCli(['-p', 'secret', '--no-session-persistence', '--output-format', 'json'], where);
    const id = String(jsonLines(run.stdout)[0]?.session_id);
    expect(run.code).toBe(0);
    expect(existsSync(transcriptsOf(where)) ? readdirSync(transcriptsOf(where)) : []).toEqual([]);
    const resume = await runCli(['-r', id, '-p', 'again'], where);
    expect(resume.code).toBe(1);
    expect(resume.stderr).toContain(`No transcript for session ${id}`);
  });

  it('--no-session-persistence with --resume --fork-session continues from the stored session without writing', async () => {
    const where = cliEnv(fake.url);
    await runCli(['-p', 'remember 9', '--session-id', UUID], where);
    fake.setScript([{ content: [{ type: 'text', text: 'It was 9.' }], expect: { messageCount: 3 } }]);
    const run = await runCli(['-r', UUID, '--fork-session', '--no-session-persistence', '-p', 'which?'], where);
    expect(run.stdout).toBe('It was 9.\n');
    expect(readdirSync(transcriptsOf(where))).toEqual([`${UUID}.jsonl`]);
  });

  it('--list-sessions leaves out sessions the model never answered, and --continue skips them', async () => {
    const where = cliEnv(fake.url);
    await runCli(['-p', 'answered one', '--session-id', UUID], where);
    fake.setScript([{ fault: { kind: 'http', status: 400 } }]);
    const failed = await runCli(['-p', 'never answered'], where);
    expect(failed.code).toBe(1);
    expect(readdirSync(transcriptsOf(where))).toHaveLength(2);
    const list = (await runCli(['--list-sessions'], where)).stdout;
    expect(list.trim().split('\n')).toHaveLength(1);
    expect(list).toContain('answered one');
    fake.setScript([{ content: [{ type: 'text', text: 'Continued.' }], expect: { messageCount: 3 } }]);
    const cont = await runCli(['-c', '-p', 'go on'], where);
    expect(cont.stdout).toBe('Continued.\n');
  });

  it('says "1 message" for one, as for a session compacted to its summary', async () => {
    const where = cliEnv(fake.url);
    const writer = new TranscriptWriter(new NodeTranscriptStore(transcriptsOf(where)), UUID);
    await writer.writeMeta({ cwd: where.cwd, model: 'claude-sonnet-5-5' });
    await writer.appendMessage({ role: 'user', content: 'long talk' });
    await writer.appendMessage({ role: 'assistant', content: [{ type: 'text', text: 'long answer' }] });
    await writer.appendCompactBoundary({ summary: 'We talked.', preservedMessageCount: 0 });
    const list = (await runCli(['--list-sessions'], where)).stdout;
    expect(list).toMatch(new RegExp(`^${UUID}\\t\\S+\\t1 message\\tlong talk\\n$`));
    expect(sessionLine({ sessionId: 's', title: 't', createdAt: 'c', modifiedAt: 'm', messageCount: 0 })).toBe('s\tm\t0 messages\tt');
  });
});
