// The client command of the conformance runs in the extension host (test/integration/suite/mcpConformance.test.ts):
// the suite runs it with its test server's URL as the last argument, as it runs client.ts for the CLI. The client
// is Codewright inside VS Code, so this only hands the URL, the scenario and its context (a pre-registered
// client's credentials) to the integration test over its loopback bridge (CODEWRIGHT_CONFORMANCE_BRIDGE), waits
// until the extension host has played the client, prints what it did (the suite keeps it) and exits with its code.
//   node test/conformance/hostClient.mjs <server url>
const url = process.argv.at(-1);
const bridge = process.env.CODEWRIGHT_CONFORMANCE_BRIDGE;

async function main() {
  if (!bridge) throw new Error('CODEWRIGHT_CONFORMANCE_BRIDGE is not set: run it through the integration test.');
  const context = process.env.MCP_CONFORMANCE_CONTEXT ? JSON.parse(process.env.MCP_CONFORMANCE_CONTEXT) : {};
  const body = JSON.stringify({ url, scenario: process.env.MCP_CONFORMANCE_SCENARIO ?? '', context });
  const res = await fetch(bridge, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
  if (!res.ok) throw new Error(`the bridge answered ${res.status}: ${await res.text()}`);
  const { exitCode, log } = await res.json();
  process.stdout.write(log);
  return exitCode;
}

main().then(
  (code) => process.exit(code),
  (err) => {
    process.stderr.write(`conformance host client: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(1);
  },
);
