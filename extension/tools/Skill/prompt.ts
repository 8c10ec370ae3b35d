/** What the model is told about Skill (our own words; the behaviour mirrors Claude Code's Skill tool). */
import { SKILL_TOOL_NAME } from '../../protocol/toolNames';

export const SKILL_DESCRIPTION = 'Load a skill or custom command into the conversation';

/** The same text whatever skills exist: the list lives in the system prompt, so the tools array stays cacheable. */
export const SKILL_PROMPT = `Loads a skill: a folder of instructions (and often scripts or reference files) for a particular kind of task, or a custom slash command of this project or user. The result is the skill's instructions; follow them to do the task.

When to use it:
- A skill listed in the system prompt's "Skills" section fits the task: load it before starting, rather than working from memory.
- The user mentions a skill or a slash command by name ("use the pdf skill", "/review").

How to use it:
- skill: the name exactly as listed (without a leading "/"); args: optional arguments, as the user would type them after the command.
- Files the instructions mention are relative to the skill's base directory, given on the result's first line; read them with their full path.
- Load a skill once per task; do not call ${SKILL_TOOL_NAME} for a skill whose instructions are already in the conversation.`;
