/** The CLI's `--help` text, and the line a usage error ends with. */
import { EXTERNAL_PERMISSION_MODES } from '../core/contracts/permissions';
import { IGNORED_FLAGS } from './compatFlags';

/** The command as installed: package.json's `bin` name. */
export const COMMAND = 'codewright';

/** After a usage error's one line, instead of the whole help. */
export const USAGE_HINT = `Try '${COMMAND} --help' for the options.`;

/** `words` joined with ", " into lines of at most `width` characters. */
function wrapList(words: readonly string[], width = 104): string {
  const lines: string[] = [''];
  for (const word of words) {
    const last = lines.length - 1;
    const next = lines[last] ? `${lines[last]}, ${word}` : word;
    if (next.length > width && lines[last]) {
      lines[last] += ',';
      lines.push(word);
    } else lines[last] = next;
  }
  return lines.join('\n');
}

const ignored = wrapList(Object.keys(IGNORED_FLAGS).map((f) => `--${f}`));

export const USAGE = `Usage: ${COMMAND} -p "PROMPT" [options]
       ${COMMAND} --input-format stream-json --output-format stream-json [options] < messages.jsonl
       ${COMMAND} plugin <install|uninstall|enable|disable|list|marketplace> …   (${COMMAND} plugin, for its commands)
       ${COMMAND} mcp <add|add-json|list|get|remove|login|logout|approve> …      (${COMMAND} mcp, for its commands)

Run
  -p, --print [PROMPT]           Run one turn headless and print the result; without PROMPT (or with "-")
                                 the prompt is read from stdin
  --output-format FORMAT         text (default) | json | stream-json
  --input-format FORMAT          text (default) | stream-json: one JSON user message a line on stdin,
                                 {"type":"user","message":{"role":"user","content":"..."}}, each a turn
  --include-partial-messages     stream-json: also the model's reply as it streams (stream_event lines)
  --replay-user-messages         stream-json input: echo each user message read from stdin
  --verbose                      Tool activity and each retry with its wait on stderr (text and json output)
  -d, --debug [FILTER]           Debug log on stderr; FILTER keeps the lines holding one of its
                                 comma-separated words, "!word" drops those holding it
  --debug-to-stderr              Debug log on stderr (also with --debug-file)
  --debug-file PATH              Append the debug log to PATH instead

Model
  --model MODEL                  Model id (default: $CODEWRIGHT_MODEL or claude-sonnet-5-5)
  --fallback-model MODEL         Switch to MODEL for the rest of a turn when the model is overloaded
                                 (three 529 answers in a row within one request's retries)
  --provider NAME                auto (default) | anthropic | bedrock | vertex | foundry; auto follows
                                 CLAUDE_CODE_USE_BEDROCK / _VERTEX / _FOUNDRY, else the Anthropic API
  --max-tokens N                 max_tokens of each request (default: the model's output limit)
  --thinking on|off|N            Extended thinking: on (default: adaptive where the model offers it,
                                 else a budget), off, or a budget of N tokens (N >= 1024); Claude Code's
                                 adaptive and enabled mean on, disabled means off
  --max-thinking-tokens N        A thinking budget of N tokens, as --thinking N (0: off)
  --effort low|medium|high       Effort of each reply, for models that take it (default: the model's)

Limits
  --max-turns N                  Stop after N tool rounds
  --max-budget-usd AMOUNT        Stop before the next model request once the run has cost AMOUNT US dollars
                                 or more (the result's subtype: error_max_budget_usd)

Sessions
  -r, --resume ID                Continue a stored session (its id, a UUID, from --list-sessions)
  -c, --continue                 Continue the most recent session of this folder
  --fork-session                 With --resume or --continue: go on in a new session holding a copy
  --session-id UUID              The new session's id (must be unused; with --resume or --continue only
                                 together with --fork-session)
  --name NAME                    The session's title in --list-sessions
  --no-session-persistence       Write no transcript: the session cannot be resumed later
  --list-sessions                List this folder's answered sessions and exit

Prompt and tools
  --system-prompt TEXT           Replace the default system prompt (identity and tool guidance)
  --append-system-prompt TEXT    Append text to the system prompt
  --agent NAME                   Run as this agent type: its prompt, tools and model (types: built-in,
                                 .claude/agents/*.md, --agents)
  --agents JSON                  Agent types for this run: {"name": {"description": "...", "prompt": "...", "tools": [...], "model": "..."}}
  --tools LIST                   Only these built-in tools, e.g. "Bash,Read" ("" = none, "default" = all)
  --disable-slash-commands       A prompt starting with "/" is sent as text; the Skill tool has no commands
  --json-schema SCHEMA           Require a final answer matching this JSON Schema (an object schema);
                                 the output is that JSON (json formats: the "structured_output" field)
  --mcp-config FILE|JSON         MCP servers ({"mcpServers": {...}} as in .mcp.json) for this run (repeatable)
  --strict-mcp-config            Only the --mcp-config servers (not ~/.claude.json, .mcp.json)
  --plugin-dir DIR               Load a Claude Code plugin folder: its commands (/plugin:name), agents,
                                 skills, hooks and MCP servers (repeatable)

Permissions and settings
  --permission-mode MODE         ${EXTERNAL_PERMISSION_MODES.join(' | ')}
  --dangerously-skip-permissions The same as --permission-mode bypassPermissions
  --allowedTools RULES           Rules that run without asking, e.g. "ToolSearch,Bash(npm run test:*)"
                                 (also --allowed-tools; repeatable, or several words after the flag)
  --disallowedTools RULES        Rules that are always denied (also --disallowed-tools)
  --permission-prompt-tool NAME  stdio: ask the Agent SDK app over the control protocol (stream-json)
  --settings FILE|JSON           An extra settings file (or JSON text) over the .claude ones
  --setting-sources LIST         Which .claude settings files load: user,project,local (default: all;
                                 "" = none); --settings always loads
  --add-dir DIR                  Another directory the tools may work in (repeatable)
  --allow-unsandboxed            Run Bash unsandboxed when the sandbox setting is on but the sandbox
                                 cannot run here (bubblewrap missing); without it such commands fail

  -h, --help                     Show this help

Accepted for compatibility and ignored (--plugin-dir-no-mcp and --managed-settings with a warning):
${ignored}.
The Agent SDK's --include-hook-events, --await-initialize and --initialize-fields are accepted too.

Reads ANTHROPIC_API_KEY and ANTHROPIC_BASE_URL; on Bedrock, Vertex AI or Foundry their variables instead
(AWS_REGION, CLOUD_ML_REGION, ANTHROPIC_VERTEX_PROJECT_ID, ANTHROPIC_FOUNDRY_RESOURCE, … see the README).
CLAUDE_CODE_MAX_RETRIES sets how often a failed request is retried (default 10). The working directory is
the workspace. Exit codes: 0 done, 1 failed, 2 bad usage, 130 interrupted.`;
