/**
 * The built-in `prompt` commands: /init and /review expand into a prompt for the model, which then works
 * through its tools and the permission engine like for any other request (nothing is written or run around
 * it).
 */
import type { PromptCommand } from '../../../contracts/commands';

const INIT_PROMPT = `Please analyze this workspace and create a CLAUDE.md file at its root. It will be given to future coding-agent sessions working in this repository as their project memory.

What to put in it:
1. The commands people use most: how to install, build, lint, type-check and run the tests, including how to run a single test.
2. The high-level architecture: the parts of the code base, where each lives and how they fit together, the things one only learns by reading several files.
3. Conventions the code follows that are not obvious (naming, error handling, layering rules, where tests go).

How to work:
- Read the README, the package or build manifests, CI configuration, and existing agent instructions (.cursorrules, .github/copilot-instructions.md, AGENTS.md) first; include what matters from them.
- Keep it short and specific to this repository. Do not list every file, and leave out generic advice (write tests, handle errors).
- If a CLAUDE.md already exists, suggest improvements to it instead of replacing it.
- Start the file with:

\`\`\`
# CLAUDE.md

This file gives coding agents guidance for working in this repository.
\`\`\``;

const REVIEW_PROMPT = `Review the current uncommitted changes in this repository.

1. Run \`git status\` and \`git diff HEAD\` through Bash to see what changed (and read new, untracked files).
2. Read enough of the surrounding code to understand each change.
3. Report, most important first: bugs and regressions, security problems, missing error handling or tests, and places where the change does not follow the code around it. Name each finding by path:line and say how to fix it.
4. Finish with a short overall verdict. Do not edit any files: this is a review.`;

function promptCommand(def: { name: string; description: string; argumentHint?: string; progressMessage: string; text: (args: string) => string }): PromptCommand {
  return {
    type: 'prompt',
    name: def.name,
    description: def.description,
    ...(def.argumentHint ? { argumentHint: def.argumentHint } : {}),
    source: 'builtin',
    progressMessage: def.progressMessage,
    contentLength: def.text('').length,
    getPromptForCommand: async (args) => [{ type: 'text', text: def.text(args.trim()) }],
  };
}

export function initCommand(): PromptCommand {
  return promptCommand({
    name: 'init',
    description: 'Have the model read the workspace and write a starter CLAUDE.md',
    progressMessage: 'analyzing the workspace',
    text: (args) => (args ? `${INIT_PROMPT}\n\nAlso: ${args}` : INIT_PROMPT),
  });
}

export function reviewCommand(): PromptCommand {
  return promptCommand({
    name: 'review',
    description: 'Review the current uncommitted changes',
    argumentHint: '[what to focus on]',
    progressMessage: 'reviewing changes',
    text: (args) => (args ? `${REVIEW_PROMPT}\n\nFocus on: ${args}` : REVIEW_PROMPT),
  });
}
