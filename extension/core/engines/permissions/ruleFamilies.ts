/**
 * The rule families whose content the permission engine reads itself (docs/ARCHITECTURE.md, Rules and where
 * they come from): each is named once here, after the tool Claude Code named it for, and the checks, the
 * suggestions and the tools that share a family use this table. Other tools' rules with content (`WebFetch(domain:…)`,
 * `Skill(name)`) are each tool's own business, under its wire name.
 */
import { BASH_TOOL_NAME, EDIT_TOOL_NAME, READ_TOOL_NAME } from '../../contracts/toolNames';

export const RULE_FAMILIES = {
  /** `Read(path)`: every tool that reads files (Read, Glob, Grep, LSP); see filesystem.ts. */
  read: READ_TOOL_NAME,
  /** `Edit(path)`: every tool that writes files (Write, Edit, NotebookEdit); an allow also covers reading. */
  edit: EDIT_TOOL_NAME,
  /** `Bash(command)`: the shell commands of Bash and Monitor; see bash/check.ts. */
  bash: BASH_TOOL_NAME,
} as const;

/** A family of path rules (`Read(...)`, `Edit(...)`). */
export type PathRuleFamily = typeof RULE_FAMILIES.read | typeof RULE_FAMILIES.edit;
