/**
 * EnterWorktree / ExitWorktree on a real git repository: Read, Glob, Bash and the two worktree tools run
 * through the real orchestrator, one assistant message per `round`, carrying the context each round's
 * modifiers leave (the rest of a turn).
 */
import { toolResultText, type ToolResultBlock, type ToolUseBlock } from '../../../../extension/core/base/messages';
import type { ToolUseContext } from '../../../../extension/core/contracts/toolUseContext';
import { runToolUses } from '../../../../extension/core/engines/tools/orchestrate';
import type { AnyTool } from '../../../../extension/core/contracts/tool';
import { NodeShell } from '../../../../extension/host/node/shell/nodeShell';
import { NodeWorkspace } from '../../../../extension/host/node/workspace';
import { NodeWorktrees } from '../../../../extension/host/node/worktrees';
import { createBashTool } from '../../../../extension/tools/Bash/Bash';
import { EnterWorktreeTool } from '../../../../extension/tools/EnterWorktree/EnterWorktree';
import { ExitWorktreeTool } from '../../../../extension/tools/ExitWorktree/ExitWorktree';
import { GlobTool } from '../../../../extension/tools/Glob/Glob';
import { ReadTool } from '../../../../extension/tools/Read/Read';
import { WriteTool } from '../../../../extension/tools/Write/Write';
import { allowAll, assistantWith, makeContext, toolUse } from '../../tool/fixtures';
import { makeRepo } from '../../host/node/gitRepo';

export function worktreeTools(): AnyTool[] {
  return [ReadTool, WriteTool, GlobTool, createBashTool(), EnterWorktreeTool, ExitWorktreeTool];
}

export interface RoundResult {
  texts: string[];
  errors: boolean[];
}

export interface WorktreeHarness {
  repo: string;
  /** The context after the last round (what the next call of the turn would get). */
  context: ToolUseContext;
  round(...calls: [name: string, input: Record<string, unknown>][]): Promise<RoundResult>;
}

export function worktreeHarness(opts: { repo?: string; worktrees?: boolean } = {}): WorktreeHarness {
  const repo = opts.repo ?? makeRepo();
  const base = makeContext(worktreeTools());
  const harness: WorktreeHarness = {
    repo,
    context: {
      ...base,
      cwd: repo,
      discoveredToolNames: new Set([EnterWorktreeTool.name, ExitWorktreeTool.name]),
      ports: {
        ...base.ports,
        workspace: new NodeWorkspace([repo]),
        shell: new NodeShell({ killGraceMs: 300, pollMs: 20 }),
        ...(opts.worktrees === false ? {} : { worktrees: new NodeWorktrees() }),
      },
    },
    async round(...calls) {
      const blocks: ToolUseBlock[] = calls.map(([name, input]) => toolUse(name, input));
      const result = await runToolUses({ assistantMessage: assistantWith(...blocks), context: harness.context, canUseTool: allowAll });
      harness.context = result.context;
      const content = (result.message.content as readonly { type: string }[]).filter((b): b is ToolResultBlock => b.type === 'tool_result');
      return { texts: content.map((r) => toolResultText(r.content)), errors: content.map((r) => r.is_error === true) };
    },
  };
  return harness;
}
