/**
 * The durable cron jobs of one workspace, as a JSON file (`{ "jobs": [...] }`). VS Code keeps it in the
 * extension's storage, keyed by workspace, so it stays out of the user's repository (and out of Claude
 * Code's own `.claude/scheduled_tasks.json`, which would fire the same prompts twice). Entries that do
 * not read as jobs are skipped; a missing or unreadable file is an empty list.
 */
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import type { CronJob, CronJobStore } from '../../core/contracts/cron';
import { readTextIfExists } from './files';

const JobSchema = z.object({
  id: z.string().min(1).max(100),
  cron: z.string().min(1).max(200),
  prompt: z.string().min(1).max(100_000),
  recurring: z.boolean(),
  durable: z.boolean(),
  createdAt: z.number(),
  nextRunAt: z.number(),
  lastFiredAt: z.number().optional(),
});

function jobsOf(text: string): CronJob[] {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return [];
  }
  const list = (data as { jobs?: unknown } | null)?.jobs;
  if (!Array.isArray(list)) return [];
  return list.flatMap((item) => {
    const parsed = JobSchema.safeParse(item);
    return parsed.success ? [parsed.data] : [];
  });
}

export class FileCronJobStore implements CronJobStore {
  constructor(readonly file: string) {}

  async load(): Promise<CronJob[]> {
    const text = await readTextIfExists(this.file).catch(() => undefined);
    return text === undefined ? [] : jobsOf(text);
  }

  /** Writes a temporary file and renames it over the old one, so a crash never leaves half a list. */
  async save(jobs: readonly CronJob[]): Promise<void> {
    await mkdir(path.dirname(this.file), { recursive: true });
    const temp = `${this.file}.${process.pid}.tmp`;
    await writeFile(temp, `${JSON.stringify({ jobs }, null, 2)}\n`, 'utf8');
    await rename(temp, this.file);
  }
}
