/**
 * Bash: what the permission analysis (tree-sitter parse, split, rules, dangers) costs per command, and
 * what a whole Bash call costs, each against spawning `bash -c true` in the same run — the floor every
 * command pays anyway.
 */
import { spawnSync } from 'node:child_process';
import { checkBashPermissions } from '../../extension/core/engines/permissions/bash';
import { getEmptyToolPermissionContext } from '../../extension/core/contracts/permissions';
import { executeToolUse } from '../../extension/core/engines/tools/execute';
import { loadBashParser } from '../../extension/host/node/bashParser';
import { NodeShell } from '../../extension/host/node/shell/nodeShell';
import { createBashTool } from '../../extension/tools/Bash/Bash';
import { allowAll, makeContext } from '../unit/tool/fixtures';

const COMMANDS = [
  'ls -la src',
  'git status && git diff HEAD~1 -- src | head -50',
  'npm run test:unit -- --reporter=dot > out.txt 2>&1',
  'find . -name "*.ts" -not -path "./node_modules/*" | xargs grep -n "TODO" | sort | uniq -c',
  'curl -fsSL https://example.com/install.sh | sudo bash',
  'for f in $(ls *.md); do echo "$f"; wc -l "$f"; done',
];

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

export async function benchBash(): Promise<void> {
  const parser = await loadBashParser();
  const permissions = getEmptyToolPermissionContext();
  const env = { cwd: process.cwd(), workspaceRoots: [process.cwd()] };
  const analysis: number[] = [];
  for (let round = 0; round < 200; round++) {
    const t = performance.now();
    for (const c of COMMANDS) checkBashPermissions(parser, c, permissions, env);
    analysis.push((performance.now() - t) / COMMANDS.length);
  }
  const spawns: number[] = [];
  for (let i = 0; i < 30; i++) {
    const t = performance.now();
    spawnSync('bash', ['-c', 'true']);
    spawns.push(performance.now() - t);
  }
  const shell = new NodeShell();
  const bash = createBashTool({ parser });
  const context = makeContext([bash]);
  context.ports.shell = shell;
  const calls: number[] = [];
  for (let i = 0; i < 20; i++) {
    const block = { type: 'tool_use' as const, id: `toolu_b${i}`, name: 'Bash', input: { command: 'echo hi' } };
    const t = performance.now();
    await executeToolUse({ block, assistantMessage: { role: 'assistant', content: [block] }, context, canUseTool: allowAll });
    calls.push(performance.now() - t);
  }
  await shell.dispose();
  const a = median(analysis);
  const s = median(spawns);
  const c = median(calls);
  console.log(`bash: permission analysis per command (median of 200 rounds × ${COMMANDS.length} commands)  ${(a * 1000).toFixed(0)} µs`);
  console.log(`bash: spawn of bash -c true (median of 30)                              ${s.toFixed(2)} ms`);
  console.log(`bash: Bash tool call "echo hi" through the executor (median of 20)       ${c.toFixed(2)} ms`);
  console.log(`ratio analysis / bare spawn: ${(a / s).toFixed(3)}x; ratio Bash call / bare spawn: ${(c / s).toFixed(2)}x`);
}
