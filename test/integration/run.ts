/**
 * Runs the integration suite (mocha) inside a real VS Code extension host.
 * Default: code-server (VS Code 1.100 served locally) driven by headless Chromium.
 * `CODEWRIGHT_VSCODE=desktop` (or a `VSCODE_EXECUTABLE_PATH`) uses @vscode/test-electron instead,
 * the usual path on a developer's laptop.
 *
 * Two launches: the single-folder workspace (test/fixtures/workspace) runs every suite but one; a second
 * window opens the multi-root workspace (test/fixtures/multiroot) for the suite that needs two folders
 * (`CODEWRIGHT_TEST_MULTIROOT=1` tells suite/index.ts to run only that suite). `CODEWRIGHT_TEST_GREP` skips a launch
 * it cannot match: a grep for the multi-root suite's title runs only the second launch.
 */
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { launchChromium } from '../support/browser';
import { REPO_ROOT, remoteUri, startCodeServer } from '../support/codeServer';
import { buildIntegrationSuite, INTEGRATION_OUT } from './build';
import { MULTI_ROOT_TITLE } from './suite/multiRootTitle';

const WORKSPACE = path.join(REPO_ROOT, 'test/fixtures/workspace');
const MULTI_ROOT_WORKSPACE = path.join(REPO_ROOT, 'test/fixtures/multiroot/multiroot.code-workspace');

interface Launch {
  name: string;
  /** A folder or a `.code-workspace` file. */
  target: string;
  env: Record<string, string>;
}
const TIMEOUT_MS = 5 * 60_000;
/** A placeholder key so the extension is "configured"; every request goes to the fake server on loopback. */
const TEST_ENV = { ANTHROPIC_API_KEY: 'sk-ant-test-integration', CODEWRIGHT_TEST_MODE: '1' };

interface Results {
  passed: number;
  failed: number;
  outcomes: { title: string; state: string; error?: string }[];
}

async function runDesktop(testsPath: string, launch: Launch): Promise<number> {
  const { runTests } = await import('@vscode/test-electron');
  try {
    await runTests({
      extensionDevelopmentPath: REPO_ROOT,
      extensionTestsPath: testsPath,
      launchArgs: [launch.target, '--disable-extensions', '--disable-workspace-trust'],
      extensionTestsEnv: { ...TEST_ENV, ...launch.env },
      ...(process.env.VSCODE_EXECUTABLE_PATH ? { vscodeExecutablePath: process.env.VSCODE_EXECUTABLE_PATH } : {}),
    });
    return 0;
  } catch (err) {
    console.error(err);
    return 1;
  }
}

async function runInCodeServer(testsPath: string, launch: Launch): Promise<number> {
  const resultsFile = path.join(INTEGRATION_OUT, `results-${launch.name}.json`);
  rmSync(resultsFile, { force: true });
  const where = launch.target.endsWith('.code-workspace') ? { folder: path.dirname(launch.target), workspaceFile: launch.target } : { folder: launch.target };
  const server = await startCodeServer({ ...where, env: { ...TEST_ENV, ...launch.env, CODEWRIGHT_TEST_RESULTS: resultsFile } });
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
    // One count line per launch, in the form scripts/test/layers.mjs adds up.
    console.log(`(${launch.name} launch)`);
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

/** The launches a run needs: a grep that matches the multi-root suite's title skips the first, one that does not skips the second. */
function launches(): Launch[] {
  const grep = process.env.CODEWRIGHT_TEST_GREP;
  const multiRoot = !grep || new RegExp(grep).test(MULTI_ROOT_TITLE);
  return [
    ...(grep && multiRoot ? [] : [{ name: 'folder', target: WORKSPACE, env: {} }]),
    ...(multiRoot ? [{ name: 'multiroot', target: MULTI_ROOT_WORKSPACE, env: { CODEWRIGHT_TEST_MULTIROOT: '1' } }] : []),
  ];
}

async function main(): Promise<void> {
  mkdirSync(INTEGRATION_OUT, { recursive: true });
  if (!existsSync(path.join(REPO_ROOT, 'dist/extension.js'))) throw new Error('Run `npm run build` first.');
  const testsPath = await buildIntegrationSuite();
  const desktop = process.env.CODEWRIGHT_VSCODE === 'desktop' || !!process.env.VSCODE_EXECUTABLE_PATH;
  let code = 0;
  for (const launch of launches()) {
    const result = desktop ? await runDesktop(testsPath, launch) : await runInCodeServer(testsPath, launch);
    code = code || result;
  }
  process.exit(code);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
