/** What the model is told about Skill (our own words; the behaviour mirrors Claude Code's Skill tool). */
import { SKILL_TOOL_NAME } from '../../protocol/toolNames';

export const SKILL_DESCRIPTION = 'Load a skill or custom command into the conversation';

/** The same text whatever skills exist: the list lives in the system prompt, so the tools array stays cacheable. */
export const SKILL_PROMPT = `Loads a skill (instructions, often with scripts or reference files, for a kind of task) or a custom slash command. The result is its instructions: follow them.

- Use it when a skill in the system prompt's "Skills" section fits the task (load it before starting, rather than working from memory), or when the user names a skill or slash command ("use the pdf skill", "/review").
- Files the instructions mention are relative to the skill's base directory, given on the result's first line; read them by full path.
- Load a skill once per task; do not call ${SKILL_TOOL_NAME} for one whose instructions are already in the conversation.`;
