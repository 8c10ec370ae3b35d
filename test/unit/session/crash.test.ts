import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { transcriptEntrySchema } from '../../../extension/core/engines/transcripts/entries';
import { loadSession } from '../../../extension/core/engines/transcripts/sessions';
import { parseTranscript, repairForResume, TranscriptWriter } from '../../../extension/core/engines/transcripts/transcript';
import { NodeTranscriptStore } from '../../../extension/host/node/transcriptStore';
import { apiProblems, assistant, toolCall, user } from './support';

const REPO = path.resolve(__dirname, '../../..');
const FIXTURE = path.join(__dirname, 'fixtures', 'crashWriter.ts');

/** Runs the writer child, SIGKILLs it once it has reported `lines` appends, and returns the reported uuids. */
async function writeUntilKilled(dir: string, sessionId: string, lines: number): Promise<string[]> {
  const child = spawn(process.execPath, ['--import', 'tsx', FIXTURE, dir, sessionId], { cwd: REPO, stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const reported: string[] = [];
  const exited = new Promise<NodeJS.Signals | null>((resolve) => child.on('exit', (_code, signal) => resolve(signal)));
  for await (const line of createInterface({ input: child.stdout })) {
    const match = /^written (\S+)$/.exec(line);
    if (match) reported.push(match[1]!);
    if (reported.length === lines) {
      child.kill('SIGKILL');
      break;
    }
  }
  const signal = await exited;
  expect(signal, `the writer should die by SIGKILL; stderr: ${stderr}`).toBe('SIGKILL');
  return reported;
}

describe('transcripts across a crash', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'cw-crash-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('keeps every line a killed process reported written and resumes into a valid conversation', { timeout: 60_000 }, async () => {
    const store = new NodeTranscriptStore(dir);
    // 30 reports: the last reported line is a tool call, so the kill lands around a running tool.
    const reported = await writeUntilKilled(dir, 'crashed', 30);
    const text = (await store.read('crashed'))!;

    const written = text.split('\n').flatMap((line) => {
      let json: unknown;
      try {
        json = JSON.parse(line);
      } catch {
        return []; // the line cut off by the kill, if any
      }
      const entry = transcriptEntrySchema.safeParse(json);
      return entry.success && entry.data.type === 'message' ? [entry.data.uuid] : [];
    });
    expect(written.slice(0, reported.length)).toEqual(reported);

    const parsed = parseTranscript(text);
    // At most the line being written at the kill is lost, and only as an incomplete last line.
    expect(parsed.warnings.every((w) => /incomplete last line/.test(w))).toBe(true);
    expect(parsed.messages.length).toBeGreaterThanOrEqual(30);
    const { messages } = repairForResume(parsed.messages);
    expect(apiProblems(messages)).toEqual([]);
    expect(messages.slice(0, 30)).toEqual(parsed.messages.slice(0, 30));

    // Resuming appends after whatever the kill left, and nothing written from then on is lost.
    const resumed = new TranscriptWriter(store, 'crashed');
    await resumed.appendMessage(user('Continue'));
    await resumed.appendMessage(assistant('Continuing.'));
    const loaded = await loadSession(store, 'crashed');
    expect(loaded.messages.slice(-2)).toEqual([user('Continue'), assistant('Continuing.')]);
    expect(apiProblems(loaded.messages)).toEqual([]);
  });

  it('skips a hand-written partial last line and answers the tool call it left open', async () => {
    const line = (uuid: string, message: unknown) => JSON.stringify({ type: 'message', uuid, timestamp: '2030-01-01T00:00:00.000Z', message });
    const result = line('u3', { role: 'user', content: [{ type: 'tool_result', tool_use_id: 't1', content: 'file list' }] });
    await writeFile(path.join(dir, 'partial.jsonl'), `${line('u1', user('List files'))}\n${line('u2', toolCall('t1'))}\n${result.slice(0, -20)}`);
    const loaded = await loadSession(new NodeTranscriptStore(dir), 'partial');
    expect(loaded.warnings).toEqual([
      'Line 3: skipped an incomplete last line (the session probably ended mid-write).',
      'Repaired: Added interrupted results for 1 unfinished tool call(s): t1.',
    ]);
    expect(loaded.messages.slice(0, 2)).toEqual([user('List files'), toolCall('t1')]);
    expect(apiProblems(loaded.messages)).toEqual([]);
  });
});
