/** What the model is told about Monitor (our own words; the behaviour follows Claude Code's Monitor). */

export const MONITOR_DESCRIPTION = 'Watch a command’s output: each line it prints reaches you as an event until the timeout';

export const MONITOR_PROMPT = `Starts a background command and streams what it prints to you: each batch of new stdout/stderr lines arrives, in order, as a <task-notification> (status running, the lines inside <events>) before your next step. Use it to watch logs, a dev server or a polling loop while you work, instead of re-running a command.

- command runs like Bash (same permission checks and working directory). Make it print one line per event, line-buffered (grep --line-buffered, python -u) or lines arrive late: \`tail -f app.log | grep --line-buffered ERROR\`, or a loop that polls and sleeps.
- At timeout_ms the command is stopped and the task completes; it also completes (or fails) when the command exits.
- ws (a WebSocket URL) is not available in this build.

The result gives the task id; stop it early with TaskStop. Lines that do not fit a batch are counted and stay in the task's output file.`;
