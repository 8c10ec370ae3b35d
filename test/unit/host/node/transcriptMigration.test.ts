import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { migrateTranscripts } from '../../../../extension/host/node/transcriptMigration';

function folders() {
  const root = mkdtempSync(path.join(tmpdir(), 'cw-migrate-'));
  const from = path.join(root, 'old');
  const to = path.join(root, 'new');
  mkdirSync(from, { recursive: true });
  return { from, to };
}

describe('migrateTranscripts', () => {
  it('copies each transcript into the new folder and renames the old one so it is no longer listed', async () => {
    const { from, to } = folders();
    writeFileSync(path.join(from, 'a.jsonl'), 'A\n');
    writeFileSync(path.join(from, 'b.jsonl'), 'B\n');
    expect(await migrateTranscripts(from, to)).toEqual({ moved: ['a', 'b'], skipped: [] });
    expect(readFileSync(path.join(to, 'a.jsonl'), 'utf8')).toBe('A\n');
    expect(readFileSync(path.join(to, 'b.jsonl'), 'utf8')).toBe('B\n');
    expect(existsSync(path.join(from, 'a.jsonl'))).toBe(false);
    expect(readFileSync(path.join(from, 'a.jsonl.migrated'), 'utf8')).toBe('A\n');
  });

  it('never overwrites a session the new folder already holds, and leaves the old copy in place', async () => {
    const { from, to } = folders();
    mkdirSync(to, { recursive: true });
    writeFileSync(path.join(from, 'same.jsonl'), 'old\n');
    writeFileSync(path.join(to, 'same.jsonl'), 'written by the CLI\n');
    expect(await migrateTranscripts(from, to)).toEqual({ moved: [], skipped: ['same'] });
    expect(readFileSync(path.join(to, 'same.jsonl'), 'utf8')).toBe('written by the CLI\n');
    expect(readFileSync(path.join(from, 'same.jsonl'), 'utf8')).toBe('old\n');
  });

  it('does nothing when the old folder does not exist, or holds no transcripts', async () => {
    const { from, to } = folders();
    expect(await migrateTranscripts(path.join(from, 'missing'), to)).toEqual({ moved: [], skipped: [] });
    writeFileSync(path.join(from, 'notes.txt'), 'x');
    writeFileSync(path.join(from, 'x.jsonl.migrated'), 'x');
    expect(await migrateTranscripts(from, to)).toEqual({ moved: [], skipped: [] });
    expect(existsSync(to)).toBe(false);
  });
});
