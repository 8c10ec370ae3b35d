/**
 * Runs the integration suite (mocha) inside a real VS Code extension host.
 * Default: code-server (VS Code 1.100 served locally) driven by headless Chromium.
 * `CODEWRIGHT_VSCODE=desktop` (or a `VSCODE_EXECUTABLE_PATH`) uses @vscode/test-electron instead,
 * the usual path on a developer's laptop.
 *
 * Four launches: the single-folder workspace (test/fixtures/workspace) runs every suite but three; each of those
 * gets a window of its own (suite/launchTitles.ts; `CODEWRIGHT_TEST_LAUNCH=<name>` tells suite/index.ts to run
 * only it): the multi-root workspace (test/fixtures/multiroot), an untrusted folder, and the MCP conformance
 * suite, whose 26 scenarios would otherwise push the folder launch past its time limit on a busy machine.
 * `CODEWRIGHT_TEST_GREP` skips a launch it cannot match: a grep for one of those titles runs only its launch.
 */
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { launchChromium } from '../support/browser';
import { REPO_ROOT, remoteUri, startCodeServer } from '../support/codeServer';
import { buildIntegrationSuite, INTEGRATION_OUT } from './build';
import { LAUNCH_TITLES, type OwnLaunch } from './suite/launchTitles';

const WORKSPACE = path.join(REPO_ROOT, 'test/fixtures/workspace');
const MULTI_ROOT_WORKSPACE = path.join(REPO_ROOT, 'test/fixtures/multiroot/multiroot.code-workspace');
const UNTRUSTED_FOLDER = path.join(REPO_ROOT, 'test/fixtures/untrusted');

interface Launch {
  name: string;
  /** Workspace trust on and the folder (a scratch copy of `target`) not trusted: Restricted Mode. */
  untrusted?: boolean;
  /** A folder or a `.code-workspace` file. */
  target: string;
  env: Record<string, string>;
  /** How long the window may take to write its results. */
  timeoutMs: number;
}
/** Per launch; the folder launch's ~20 suites take about 6 minutes on a 2-core machine at a load of 10. */
const TIMEOUT_MS = 15 * 60_000;
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
      extensionTestsEnv: { ...TEST_ENV, CODEWRIGHT_HOME: path.join(INTEGRATION_OUT, `codewright-home-${launch.name}`), CLAUDE_CONFIG_DIR: path.join(INTEGRATION_OUT, `claude-config-${launch.name}`), ...launch.env },
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
  // An untrusted folder is a scratch copy: what a leak would write (a hook's marker) never lands in the repository.
  const scratch = launch.untrusted ? mkdtempSync(path.join(tmpdir(), `cw-it-${launch.name}-`)) : undefined;
  if (scratch) cpSync(launch.target, scratch, { recursive: true });
  const target = scratch ?? launch.target;
  const where = target.endsWith('.code-workspace') ? { folder: path.dirname(target), workspaceFile: target } : { folder: target };
  const server = await startCodeServer({ ...where, workspaceTrust: !!launch.untrusted, env: { ...TEST_ENV, ...launch.env, CODEWRIGHT_TEST_RESULTS: resultsFile } });
  const browser = await launchChromium();
  try {
    const page = await browser.newPage();
    const url = server.urlFor(server.devPayload([['extensionTestsPath', remoteUri(server.port, testsPath)]]));
    await page.goto(url);
    const deadline = Date.now() + launch.timeoutMs;
    while (!existsSync(resultsFile)) {
      if (Date.now() > deadline) {
        console.error(`No results after ${launch.timeoutMs / 1000} s. code-server output:\n${server.logs()}`);
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
    if (scratch) rmSync(scratch, { recursive: true, force: true });
  }
}

/** The window each suite of launchTitles.ts needs. */
const OWN_TARGETS: Record<OwnLaunch, Pick<Launch, 'target' | 'untrusted'>> = {
  multiroot: { target: MULTI_ROOT_WORKSPACE },
  untrusted: { target: UNTRUSTED_FOLDER, untrusted: true },
  conformance: { target: WORKSPACE },
};

/**
 * The launches a run needs: a grep that matches one of the own-window suites' titles runs only those launches,
 * one that matches none of them only the folder launch.
 */
function launches(): Launch[] {
  const grep = process.env.CODEWRIGHT_TEST_GREP;
  const own = (Object.keys(LAUNCH_TITLES) as OwnLaunch[]).filter((name) => !grep || new RegExp(grep).test(LAUNCH_TITLES[name]));
  const folder: Launch[] = grep && own.length > 0 ? [] : [{ name: 'folder', target: WORKSPACE, env: {}, timeoutMs: TIMEOUT_MS }];
  return [...folder, ...own.map((name) => ({ name, ...OWN_TARGETS[name], env: { CODEWRIGHT_TEST_LAUNCH: name }, timeoutMs: TIMEOUT_MS }))];
}

async function main(): Promise<void> {
  mkdirSync(INTEGRATION_OUT, { recursive: true });
  if (!existsSync(path.join(REPO_ROOT, 'dist/extension.js'))) throw new Error('Run `npm run build` first.');
  const testsPath = await buildIntegrationSuite();
  const desktop = process.env.CODEWRIGHT_VSCODE === 'desktop' || !!process.env.VSCODE_EXECUTABLE_PATH;
  let code = 0;
  for (const launch of launches()) {
    // @vscode/test-electron cannot be told to leave a folder untrusted without a trust prompt nobody answers.
    if (desktop && launch.untrusted) console.log(`(${launch.name} launch skipped: it runs in code-server only)`);
    const result = desktop ? (launch.untrusted ? 0 : await runDesktop(testsPath, launch)) : await runInCodeServer(testsPath, launch);
    code = code || result;
  }
  process.exit(code);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
