/**
 * Runs the integration suite (mocha) inside a real VS Code extension host.
 * Default: code-server (VS Code 1.100 served locally) driven by headless Chromium.
 * `CODEWRIGHT_VSCODE=desktop` (or a `VSCODE_EXECUTABLE_PATH`) uses @vscode/test-electron instead,
 * the usual path on a developer's laptop.
 */
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { launchChromium } from '../support/browser';
import { REPO_ROOT, remoteUri, startCodeServer } from '../support/codeServer';
import { buildIntegrationSuite, INTEGRATION_OUT } from './build';

const WORKSPACE = path.join(REPO_ROOT, 'test/fixtures/workspace');
const TIMEOUT_MS = 5 * 60_000;
/** A placeholder key so the extension is "configured"; every request goes to the fake server on loopback. */
const TEST_ENV = { ANTHROPIC_API_KEY: 'sk-ant-test-integration', CODEWRIGHT_TEST_MODE: '1' };

interface Results {
  passed: number;
  failed: number;
  outcomes: { title: string; state: string; error?: string }[];
}

async function runDesktop(testsPath: string): Promise<number> {
  const { runTests } = await import('@vscode/test-electron');
  try {
    await runTests({
      extensionDevelopmentPath: REPO_ROOT,
      extensionTestsPath: testsPath,
      launchArgs: [WORKSPACE, '--disable-extensions', '--disable-workspace-trust'],
      extensionTestsEnv: TEST_ENV,
      ...(process.env.VSCODE_EXECUTABLE_PATH ? { vscodeExecutablePath: process.env.VSCODE_EXECUTABLE_PATH } : {}),
    });
    return 0;
  } catch (err) {
    console.error(err);
    return 1;
  }
}

async function runInCodeServer(testsPath: string): Promise<number> {
  const resultsFile = path.join(INTEGRATION_OUT, 'results.json');
  rmSync(resultsFile, { force: true });
  const server = await startCodeServer({ folder: WORKSPACE, env: { ...TEST_ENV, CODEWRIGHT_TEST_RESULTS: resultsFile } });
  const browser = await launchChromium();
  try {
    const page = await browser.newPage();
    const url = server.urlFor(server.devPayload([['extensionTestsPath', remoteUri(server.port, testsPath)]]));
    await page.goto(url);
    const deadline = Date.now() + TIMEOUT_MS;
    while (!existsSync(resultsFile)) {
      if (Date.now() > deadline) {
        console.error(`No results after ${TIMEOUT_MS / 1000} s. code-server output:\n${server.logs()}`);
        return 1;
      }
      await new Promise((r) => setTimeout(r, 500));
    }
    const results = JSON.parse(readFileSync(resultsFile, 'utf8')) as Results;
    for (const o of results.outcomes) {
      console.log(`${o.state === 'passed' ? '  ✓' : o.state === 'failed' ? '  ✗' : '  -'} ${o.title}`);
      if (o.error) console.log(o.error.replace(/^/gm, '      '));
    }
    const skipped = results.outcomes.filter((o) => o.state === 'pending').length;
    console.log(`integration: ${results.passed} passed, ${results.failed} failed, ${skipped} skipped`);
    if (results.passed === 0) {
      console.error('No integration test ran.');
      return 1;
    }
    return results.failed > 0 ? 1 : 0;
  } finally {
    await browser.close();
    await server.stop();
  }
}

async function main(): Promise<void> {
  mkdirSync(INTEGRATION_OUT, { recursive: true });
  if (!existsSync(path.join(REPO_ROOT, 'dist/extension.js'))) throw new Error('Run `npm run build` first.');
  const testsPath = await buildIntegrationSuite();
  const desktop = process.env.CODEWRIGHT_VSCODE === 'desktop' || !!process.env.VSCODE_EXECUTABLE_PATH;
  process.exit(desktop ? await runDesktop(testsPath) : await runInCodeServer(testsPath));
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
