import { beforeAll, describe, expect, it } from 'vitest';
import type { ShellParser } from '../../../../extension/core/engines/permissions/bash';
import type { MonitorTaskState } from '../../../../extension/core/engines/tasks/monitor';
import { takeTaskNotifications } from '../../../../extension/core/engines/tasks/notifications';
import { loadBashParser } from '../../../../extension/host/node/bashParser';
import { createMonitorTool } from '../../../../extension/tools/Monitor/Monitor';
import { bashHarness, delay, isRunning, until } from '../Bash/harness';

/** Bash's harness (real NodeShell, real executor) with Monitor offered and loaded. */
function monitorHarness() {
  const h = bashHarness();
  const monitor = createMonitorTool();
  h.context.options = { ...h.context.options, tools: [...h.context.options.tools, monitor] };
  h.context.discoveredToolNames.add(monitor.name);
  return h;
}

const taskIdIn = (text: string) => /^Monitor (m[0-9a-z]{8}) started/.exec(text)?.[1];
const monitorTask = (h: ReturnType<typeof monitorHarness>, id: string) => h.context.getAppState().tasks[id] as MonitorTaskState;
const eventsOf = (notice: string) => /<events>\n([\s\S]*?)\n?<\/events>/.exec(notice)?.[1]?.split('\n') ?? [];

describe('tools/Monitor on the Node shell', () => {
  it('delivers the lines a command prints, in order, each batch only once', async () => {
    const h = monitorHarness();
    const started = await h.run('Monitor', {
      description: 'Count to five',
      timeout_ms: 20_000,
      command: 'for i in 1 2 3; do echo "line $i"; done; sleep 1; echo "line 4"; echo "line <5>"; sleep 30',
    });
    const id = taskIdIn(started.text)!;
    expect(started.text).toContain('arrive as <task-notification> events');
    expect(started.text).toContain(`TaskStop (task_id ${id})`);
    expect(monitorTask(h, id)).toMatchObject({ type: 'monitor_mcp', status: 'running', description: 'Count to five' });

    await until(() => monitorTask(h, id).pendingLines.length === 3);
    const [first] = takeTaskNotifications(h.context);
    expect(first).toContain(`<task-id>${id}</task-id>`);
    expect(first).toContain('<status>running</status>');
    expect(eventsOf(first!)).toEqual(['line 1', 'line 2', 'line 3']);
    expect(takeTaskNotifications(h.context)).toEqual([]);

    await until(() => monitorTask(h, id).pendingLines.length === 2);
    expect(eventsOf(takeTaskNotifications(h.context)[0]!)).toEqual(['line 4', 'line &lt;5&gt;']);
    expect(monitorTask(h, id).deliveredLines).toBe(5);
    await h.run('TaskStop', { task_id: id });
  });

  it('completes when its timeout passes: the command is stopped and the last lines come before the completion notice', async () => {
    const h = monitorHarness();
    const started = await h.run('Monitor', { description: 'Ticks', timeout_ms: 600, command: 'echo $$; while true; do echo tick; sleep 0.1; done' });
    const id = taskIdIn(started.text)!;
    await until(() => monitorTask(h, id).status === 'completed');
    const task = monitorTask(h, id);
    expect(task).toMatchObject({ endReason: 'timeout', notified: false });
    expect(task.process).toBeUndefined();
    const notices = takeTaskNotifications(h.context);
    expect(notices).toHaveLength(2);
    const [events, done] = notices;
    const lines = eventsOf(events!);
    expect(lines.slice(1).every((l) => l === 'tick')).toBe(true);
    expect(lines.length).toBeGreaterThanOrEqual(2); // the pid, then at least one tick
    expect(done).toContain('<status>completed</status>');
    await until(() => !isRunning(Number(lines[0])));
    expect(takeTaskNotifications(h.context)).toEqual([]);
  });

  it('never reports a killed monitor as completed, and drops its undelivered lines', async () => {
    const h = monitorHarness();
    const id = taskIdIn((await h.run('Monitor', { description: 'Spam', timeout_ms: 400, command: 'while true; do echo x; sleep 0.05; done' })).text)!;
    await until(() => monitorTask(h, id).pendingLines.length > 0);
    const stopped = await h.run('TaskStop', { task_id: id });
    expect(stopped.text).toContain(`Stopped task ${id}`);
    expect(monitorTask(h, id)).toMatchObject({ status: 'killed', notified: true, pendingLines: [] });
    await delay(600); // past the timeout: nothing may turn it completed
    expect(monitorTask(h, id).status).toBe('killed');
    expect(takeTaskNotifications(h.context)).toEqual([]);
  });

  it('ends with the command: its last unfinished line is delivered, a non-zero exit fails the task', async () => {
    const h = monitorHarness();
    const id = taskIdIn((await h.run('Monitor', { description: 'Short', timeout_ms: 10_000, command: "printf 'a\\nb'; exit 3" })).text)!;
    await until(() => monitorTask(h, id).status === 'failed');
    expect(monitorTask(h, id)).toMatchObject({ endReason: 'exit', exitCode: 3 });
    const [events, done] = takeTaskNotifications(h.context);
    expect(eventsOf(events!)).toEqual(['a', 'b']);
    expect(done).toContain('<status>failed</status>');
  });

  it('caps one delivery and counts what did not fit', async () => {
    const h = monitorHarness();
    const id = taskIdIn((await h.run('Monitor', { description: 'Many', timeout_ms: 10_000, command: 'seq 1 150' })).text)!;
    await until(() => monitorTask(h, id).status === 'completed');
    const [events] = takeTaskNotifications(h.context);
    const lines = eventsOf(events!);
    expect(lines).toHaveLength(100);
    expect(lines[0]).toBe('1');
    expect(lines[99]).toBe('100');
    expect(events).toContain('<skipped-lines>50</skipped-lines>');
    expect(events).toContain(`<output-file>${monitorTask(h, id).outputFile}</output-file>`);
  });

  it('refuses ws, a missing command and a timeout out of range with what to do instead', async () => {
    const h = monitorHarness();
    const ws = await h.run('Monitor', { description: 'Socket', timeout_ms: 1000, ws: { url: 'ws://127.0.0.1:9' } });
    expect(ws.result.is_error).toBe(true);
    expect(ws.text).toContain('cannot watch a WebSocket (ws) in this build. Pass `command` instead');
    const none = await h.run('Monitor', { description: 'Nothing', timeout_ms: 1000 });
    expect(none.text).toContain('Missing command');
    const long = await h.run('Monitor', { description: 'Long', timeout_ms: 7_200_000, command: 'true' });
    expect(long.text).toContain('timeout_ms must be between 100 and 3600000');
    expect(Object.keys(h.context.getAppState().tasks)).toEqual([]);
  });
});

describe('tools/Monitor permissions', () => {
  let parser: ShellParser;
  beforeAll(async () => {
    parser = await loadBashParser();
  });

  it('checks the command as Bash does: Bash rules apply, read-only commands pass, others go to the user', async () => {
    const h = monitorHarness();
    const monitor = createMonitorTool({ parser });
    h.context.setAppState((s) => ({
      ...s,
      toolPermissionContext: { ...s.toolPermissionContext, alwaysDenyRules: { session: ['Bash(rm:*)'] } },
    }));
    const check = (command: string) => monitor.checkPermissions({ description: 'd', timeout_ms: 1000, command }, h.context);
    expect((await check('tail -f app.log')).behavior).toBe('allow');
    expect((await check('rm -rf build')).behavior).toBe('deny');
    expect((await check('npm run dev')).behavior).toBe('passthrough');
    expect(monitor.commandPreview?.({ command: 'npm run dev', description: 'Dev server' })).toEqual({ command: 'npm run dev', description: 'Dev server' });
  });
});
