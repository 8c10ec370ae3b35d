/** What the model is told about Bash (our own words; the behaviour mirrors Claude Code's Bash). */
import { MAX_OUTPUT_CHARS } from './constants';
import type { ToolGuidance } from '../../core/contracts/toolViews';
import { BASH_TOOL_NAME } from '../../protocol/toolNames';

export const BASH_DESCRIPTION = 'Run a bash command in the workspace';

export const BASH_PROMPT = `Runs a bash command and returns its output.

- The working directory persists between calls ("cd sub" holds for the next command); a command that leaves the workspace is put back in the workspace folder, and the result says so. Prefer absolute paths over cd.
- stdout and stderr come back merged, in order; a non-zero exit status shows as "Exit code N" on the first line.
- stdin is empty, so never start interactive programs (editors, pagers, prompts, "git rebase -i"); pass flags that avoid prompts ("npm init -y").
- A command still running at its timeout is not killed: it moves to the background and you get its task id.
- run_in_background returns at once with a task id and output file (for servers, watchers, long builds); Read the file to check on it, stop it with TaskStop. You are told when it finishes: do not poll or sleep waiting.
- Output over ${MAX_OUTPUT_CHARS.toLocaleString('en-US')} characters is saved to a file and a preview shown; Read the file for the rest.
- Chain dependent commands with && ("npm ci && npm test"); use ; only when later ones should run even if earlier ones fail.
- Git: never change git config, force-push, or skip hooks (--no-verify) unless the user asked. Commit only when asked.`;

/** Bash's line in the system prompt, after the file tools it stands in for; their lines name it as the alternative. */
export const BASH_GUIDANCE: ToolGuidance = {
  rank: 200,
  runsShell: true,
  text: ({ replacesShell }) =>
    `Use ${BASH_TOOL_NAME} for builds, tests, git and other commands${replacesShell ? ' the tools above do not cover' : ''}. Quote paths that contain spaces`,
};
