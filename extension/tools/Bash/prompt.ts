/** What the model is told about Bash (our own words; the behaviour mirrors Claude Code's Bash). */
import { DEFAULT_TIMEOUT_MS, MAX_OUTPUT_CHARS, MAX_TIMEOUT_MS } from './constants';
import type { ToolGuidance } from '../../core/contracts/toolViews';
import { BASH_TOOL_NAME } from '../../protocol/toolNames';

export const BASH_DESCRIPTION = 'Run a bash command in the workspace';

const minutes = (ms: number) => `${ms / 60_000} minutes`;

export const BASH_PROMPT = `Runs a bash command and returns its output.

- The working directory persists between calls: after "cd sub", the next command starts in sub. A command that leaves the workspace is put back in the workspace folder, and the result says so. Prefer absolute paths over cd.
- Quote paths that contain spaces: cd "/path/with spaces".
- stdout and stderr come back merged, in the order they were printed. A non-zero exit status is reported as "Exit code N" on the first line.
- Commands get no input (stdin is empty), so never start interactive programs (editors, pagers, prompts, "git rebase -i"). Pass flags that avoid prompts (e.g. "npm init -y").
- timeout is in milliseconds: default ${minutes(DEFAULT_TIMEOUT_MS)}, at most ${minutes(MAX_TIMEOUT_MS)}. A command still running at its timeout is not killed: it moves to the background and you get its task id.
- run_in_background: true starts the command as a background task and returns at once with its id and output file (for servers, watchers and long builds). Read the output file to check on it; stop it with TaskStop. You will be told when it finishes, so do not poll in a loop or sleep waiting for it.
- Output longer than ${MAX_OUTPUT_CHARS.toLocaleString('en-US')} characters is saved to a file and only a preview is shown; Read that file to see the rest.
- Chain dependent commands with && ("npm ci && npm test"); use ; only when later commands should run even if earlier ones fail. Independent commands can be separate calls in one response.
- Use the dedicated tools instead of the shell for files: Read (not cat/head/tail), Edit and Write (not sed/awk/echo >), Glob (not find/ls), Grep (not grep/rg).
- description: a short active-voice summary of what the command does ("Install dependencies", "Run the unit tests"), shown to the user.
- Git: never change git config, force-push, or skip hooks (--no-verify) unless the user asked for it. Commit only when asked.`;

/** Bash's line in the system prompt, after the file tools it stands in for; their lines name it as the alternative. */
export const BASH_GUIDANCE: ToolGuidance = {
  rank: 200,
  runsShell: true,
  text: ({ replacesShell }) =>
    `Use ${BASH_TOOL_NAME} for builds, tests, git and other commands${replacesShell ? ' the tools above do not cover' : ''}. Quote paths that contain spaces`,
};
