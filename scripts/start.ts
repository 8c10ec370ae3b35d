/**
 * `npm start`: opens a real VS Code with Codewright loaded from this folder and a workspace open.
 * Desktop `code` when it is on PATH (extension development host), else code-server on 127.0.0.1.
 * Options: CODEWRIGHT_WORKSPACE=<folder> (default test/fixtures/workspace), CODEWRIGHT_PORT=<port>.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT, startCodeServer } from '../test/support/codeServer';

const workspace = path.resolve(process.env.CODEWRIGHT_WORKSPACE ?? path.join(REPO_ROOT, 'test/fixtures/workspace'));

function hasDesktopCode(): boolean {
  if (process.env.CODEWRIGHT_VSCODE === 'code-server') return false;
  return spawnSync('sh', ['-c', 'command -v code'], { stdio: 'ignore' }).status === 0;
}

async function main(): Promise<void> {
  if (hasDesktopCode()) {
    console.log(`Opening VS Code with Codewright (development host) on ${workspace}`);
    const child = spawn('code', ['--extensionDevelopmentPath', REPO_ROOT, '--new-window', workspace], { stdio: 'inherit' });
    child.on('exit', (code) => process.exit(code ?? 0));
    return;
  }
  const profileDir = path.join(REPO_ROOT, '.codewright-dev');
  mkdirSync(profileDir, { recursive: true });
  console.log('No desktop `code` on PATH: starting code-server (installing it on first run; a few minutes)…');
  const port = process.env.CODEWRIGHT_PORT ? Number(process.env.CODEWRIGHT_PORT) : 8123;
  const server = await startCodeServer({ folder: workspace, port, profileDir });
  const url = server.urlFor(server.devPayload());
  console.log('');
  console.log('Codewright is running in VS Code (code-server). Open this URL in a browser on this machine:');
  console.log(`  ${url}`);
  console.log('');
  console.log('Then click the Codewright icon in the activity bar. Set your key with the palette command');
  console.log('"Codewright: Set API Key", or start with ANTHROPIC_API_KEY in the environment. Ctrl+C stops.');
  const stop = async () => {
    await server.stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
