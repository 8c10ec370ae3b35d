// The "browser" of the conformance runs, set as BROWSER for the CLI: opens the authorization URL it is given
// and follows the redirects, as a user approving at once would (the suite's authorization servers approve
// without asking), which ends at the CLI's loopback callback on 127.0.0.1. Only loopback URLs are fetched.
//   node test/conformance/browser.mjs <url>
const url = process.argv[2];
const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

async function follow(start) {
  let at = new URL(start);
  for (let hop = 0; hop < 10; hop++) {
    if (!LOOPBACK.has(at.hostname)) throw new Error(`not a loopback URL: ${at.href}`);
    const res = await fetch(at, { redirect: 'manual' });
    const next = res.headers.get('location');
    if (res.status < 300 || res.status >= 400 || !next) return `${res.status} ${at.href}`;
    await res.body?.cancel();
    at = new URL(next, at);
  }
  throw new Error('too many redirects');
}

follow(url).then(
  (last) => process.stderr.write(`conformance browser: ${last}\n`),
  (err) => {
    process.stderr.write(`conformance browser: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(1);
  },
);
