/**
 * Mocha entry point, run by VS Code inside the real extension host (`extensionTestsPath`).
 * The suite is bundled by esbuild; test modules are required after mocha installs its globals.
 * Results also go to `results.json` beside the bundle, because a code-server window never exits.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import Mocha from 'mocha';
import { LAUNCH_TITLES, ownLaunch } from './launchTitles';

interface TestOutcome {
  title: string;
  state: 'passed' | 'failed' | 'pending';
  error?: string;
  durationMs?: number;
}

export function run(): Promise<void> {
  // CODEWRIGHT_TEST_GREP runs only the tests whose full title matches (e.g. one suite while developing).
  // A suite that needs a window of its own (launchTitles.ts) runs alone in the launch test/integration/run.ts
  // opens for it (CODEWRIGHT_TEST_LAUNCH); the single-folder launch runs everything else.
  const launch = ownLaunch(process.env.CODEWRIGHT_TEST_LAUNCH);
  const own = launch && LAUNCH_TITLES[launch];
  const grep = own ?? process.env.CODEWRIGHT_TEST_GREP ?? Object.values(LAUNCH_TITLES).join('|');
  const invert = !own && !process.env.CODEWRIGHT_TEST_GREP;
  const mocha = new Mocha({ ui: 'bdd', timeout: 30_000, color: false, reporter: 'spec', grep, invert });
  mocha.suite.emit('pre-require', globalThis, 'bundle', mocha);
  // Test modules must evaluate after mocha installed its globals, so they are required, not imported.
  /* eslint-disable @typescript-eslint/no-require-imports */
  require('./activation.test');
  require('./chat.test');
  require('./sessionStorage.test');
  require('./transcriptStore.test');
  require('./lsp.test');
  require('./notebook.test');
  require('./workspace.test');
  require('./search.test');
  require('./terminal.test');
  require('./permissions.test');
  require('./checkpoints.test');
  require('./bashSnapshots.test');
  require('./palette.test');
  require('./diffReview.test');
  require('./agents.test');
  require('./claudeSetup.test');
  require('./mcp.test');
  require('./elicitation.test');
  require('./mcpConformance.test');
  require('./plugins.test');
  require('./chats.test');
  require('./multiRoot.test');
  require('./untrusted.test');
  /* eslint-enable @typescript-eslint/no-require-imports */

  const outcomes: TestOutcome[] = [];
  const resultsFile = process.env.CODEWRIGHT_TEST_RESULTS ?? path.join(__dirname, 'results.json');
  return new Promise((resolve, reject) => {
    const runner = mocha.run((failures) => {
      const passed = outcomes.filter((o) => o.state === 'passed').length;
      writeFileSync(resultsFile, JSON.stringify({ done: true, passed, failed: failures, outcomes }, null, 2));
      if (failures > 0) reject(new Error(`${failures} integration test(s) failed`));
      else resolve();
    });
    runner.on('pass', (t) => outcomes.push({ title: t.fullTitle(), state: 'passed', durationMs: t.duration }));
    runner.on('fail', (t, err: Error) =>
      outcomes.push({ title: t.fullTitle(), state: 'failed', error: err.stack ?? err.message }),
    );
    runner.on('pending', (t) => outcomes.push({ title: t.fullTitle(), state: 'pending' }));
  });
}
