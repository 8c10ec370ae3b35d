/** Bash through the VS Code shell adapter: the Node shell wrapped by the terminal mirror of a real VS Code. */
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { toolResultText } from '../../../extension/core/base/messages';
import { executeToolUse } from '../../../extension/core/engines/tools/execute';
import { mirrorShell } from '../../../extension/host/node/shell/mirror';
import { NodeShell } from '../../../extension/host/node/shell/nodeShell';
import { createTerminalMirror } from '../../../extension/host/vscode/terminalMirror';
import { createBashTool } from '../../../extension/tools/Bash/Bash';
import { allowAll, assistantWith, makeContext, toolUse } from '../../unit/tool/fixtures';

const NAME = 'Codewright: terminal test';

const until = async (check: () => boolean, ms = 10_000) => {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
};

describe('Bash mirrored into a VS Code terminal', function () {
  this.timeout(60_000);
  const nodeShell = new NodeShell();
  const mirror = createTerminalMirror(NAME);
  const bash = createBashTool();
  const context = makeContext([bash]);
  context.ports.shell = mirrorShell(nodeShell, mirror);

  const run = async (command: string) => {
    const block = toolUse('Bash', { command });
    const outcome = await executeToolUse({ block, assistantMessage: assistantWith(block), context, canUseTool: allowAll });
    return { text: toolResultText(outcome.result.content), isError: outcome.result.is_error };
  };

  after(async () => {
    mirror.dispose();
    await nodeShell.dispose();
  });

  it('runs the command, answers the model, and shows command and output in a terminal named after the session', async () => {
    const result = await run('echo "hello from codewright"; echo "to stderr" >&2; exit 2');
    assert.deepEqual(result, { text: 'Exit code 2\nhello from codewright\nto stderr', isError: true });

    const terminal = vscode.window.terminals.find((t) => t.name === NAME);
    assert.ok(terminal, `no terminal named ${NAME}: ${vscode.window.terminals.map((t) => t.name).join(', ')}`);
    assert.equal(mirror.current, terminal);
    assert.match(mirror.written, /\$ echo "hello from codewright"; echo "to stderr" >&2; exit 2/);
    assert.ok(mirror.written.includes('hello from codewright\r\nto stderr\r\n'), JSON.stringify(mirror.written));
    assert.match(mirror.written, /exit code 2/);
    assert.ok(!/[^\r]\n/.test(mirror.written), 'every line ending is \\r\\n');
  });

  it('reuses the terminal for the next command, and opens a new one after the user closed it', async () => {
    const first = mirror.current;
    assert.equal((await run('echo second')).text, 'second');
    assert.equal(mirror.current, first);
    assert.equal(vscode.window.terminals.filter((t) => t.name === NAME).length, 1);

    first!.dispose();
    await until(() => mirror.current === undefined);
    assert.equal((await run('echo third')).text, 'third');
    assert.ok(mirror.current && mirror.current !== first);
    assert.equal(vscode.window.terminals.filter((t) => t.name === NAME).length, 1);
    assert.match(mirror.written, /third\r\n/);
  });
});
