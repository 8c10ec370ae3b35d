/** What the model is told about Monitor (our own words; the behaviour follows Claude Code's Monitor). */
import { MAX_MONITOR_TIMEOUT_MS } from './constants';

export const MONITOR_DESCRIPTION = 'Watch a command’s output: each line it prints reaches you as an event until the timeout';

export const MONITOR_PROMPT = `Starts a background command and streams what it prints to you as events: each batch of new stdout/stderr lines arrives as a <task-notification> (status running, the lines inside <events>) before your next step, in the order printed. Use it to watch logs, a dev server, a test watcher or a polling loop while you keep working, instead of re-running a command to look again.

- command: a shell command, run like Bash (same permission checks, the session's working directory). Make it print one line per event, e.g. \`tail -f app.log | grep --line-buffered ERROR\`, or a loop such as \`while true; do curl -s localhost:3000/health; sleep 5; done\`. Use line-buffered output (grep --line-buffered, python -u) or lines arrive late.
- timeout_ms (required, at most ${MAX_MONITOR_TIMEOUT_MS} ms): when it passes, the command is stopped and the task completes. It also completes (or fails) when the command exits by itself.
- description: a short label shown to the user in the task panel.
- ws (a WebSocket URL) is not available in this build; use command.

The result gives the task id; stop the monitor early with TaskStop. Lines that do not fit a batch are counted and stay in the task's output file.`;
