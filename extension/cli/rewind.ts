/**
 * /rewind in the interactive CLI: picks a prompt of this session and puts the files back as they were before it,
 * what the file tools wrote and what Bash commands changed alike (cli/checkpoints.ts). Files changed by hand
 * since the session last wrote them are only overwritten when the user says so. The conversation goes on as it
 * is: the answer says so, so the user can tell the agent.
 */
import path from 'node:path';
import type { CliCheckpoints } from './checkpoints';
import type { LineReader } from './interactive';

/** How many of the newest prompts the pick offers. */
const MAX_LISTED = 20;

function shown(file: string, cwd: string): string {
  const relative = path.relative(cwd, file);
  return relative && !relative.startsWith('..') && !path.isAbsolute(relative) ? relative : file;
}

function oneLine(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > 70 ? `${line.slice(0, 69)}…` : line;
}

const yes = (line: string | undefined) => /^(?:y|yes)$/i.test(line?.trim() ?? '');

/** Runs the pick and the rewind; resolves with the exit code of the "prompt" (0 also when cancelled). */
export async function rewindAtTerminal(checkpoints: CliCheckpoints | undefined, reader: LineReader, output: NodeJS.WritableStream, cwd: string): Promise<number> {
  if (!checkpoints) {
    output.write('File checkpoints are off in this run: there is nothing to rewind.\n');
    return 1;
  }
  const prompts = (await checkpoints.list()).slice(-MAX_LISTED).reverse();
  if (prompts.length === 0) {
    output.write('There is no earlier prompt to rewind to yet.\n');
    return 0;
  }
  output.write('Rewind the files to how they were before which prompt?\n');
  prompts.forEach((p, i) => output.write(`  ${i + 1}. ${oneLine(p.text) || '(no text)'}\n`));
  const answer = (await reader.next(`Number (1-${prompts.length}; Enter cancels): `))?.trim() ?? '';
  const picked = /^\d+$/.test(answer) ? prompts[Number(answer) - 1] : undefined;
  if (!picked) {
    output.write(answer ? `No prompt numbered "${answer}": nothing was rewound.\n` : 'Cancelled: nothing was rewound.\n');
    return 0;
  }
  const plan = await checkpoints.plan(picked.promptId);
  if (!plan || plan.files.length === 0) {
    output.write(`Nothing to rewind: the files are already as they were before "${oneLine(picked.text)}".\n`);
    return 0;
  }
  for (const f of plan.files) {
    const what = f.action === 'delete' ? 'delete (created since)' : 'restore';
    output.write(`  ${what} ${shown(f.path, cwd)}${f.changedSince ? '  (changed since the session last wrote it)' : ''}\n`);
  }
  for (const f of plan.tooLarge) output.write(`  leave ${shown(f, cwd)}  (too large to have been kept)\n`);
  const edited = plan.files.filter((f) => f.changedSince);
  if (!yes(await reader.next(`Rewind ${plan.files.length} ${plan.files.length === 1 ? 'file' : 'files'}? [y/N] `))) {
    output.write('Cancelled: nothing was rewound.\n');
    return 0;
  }
  const overwrite = edited.length > 0 && yes(await reader.next(`Also overwrite the ${edited.length} changed since? [y/N] `)) ? new Set(edited.map((f) => f.path)) : new Set<string>();
  const result = await checkpoints.restore(plan, overwrite);
  output.write(`Rewound ${result.restored.size} ${result.restored.size === 1 ? 'file' : 'files'} to before "${oneLine(picked.text)}".\n`);
  if (result.kept.length) output.write(`Left as they are (changed since): ${result.kept.map((f) => shown(f, cwd)).join(', ')}\n`);
  output.write('The conversation goes on as it is: tell the agent if it should know the files changed back.\n');
  return 0;
}
