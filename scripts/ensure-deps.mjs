// Installs what `npm test` / `npm start` need on a fresh machine: npm packages (npm ci when node_modules is
// missing or older than the lockfile) and, when running as root, the system packages the browser tests and
// code-server need (Debian: chromium, ripgrep, headers for VS Code's native modules). Idempotent and quick.
import { execSync, spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';

const log = (m) => console.error(`[ensure-deps] ${m}`);

function npmPackages() {
  const marker = 'node_modules/.package-lock.json';
  const stale = !existsSync(marker) || statSync('package-lock.json').mtimeMs > statSync(marker).mtimeMs + 1000;
  if (!stale) return;
  log('installing npm packages (npm ci)');
  const r = spawnSync('npm', ['ci', '--no-audit', '--no-fund'], { stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

const SYSTEM = [
  { pkg: 'chromium', present: () => has('chromium') || !!process.env.CHROMIUM_PATH },
  { pkg: 'ripgrep', present: () => has('rg') },
  { pkg: 'libkrb5-dev', present: () => existsSync('/usr/include/gssapi/gssapi.h') },
  { pkg: 'libx11-dev', present: () => existsSync('/usr/include/X11/Xlib.h') },
  { pkg: 'libxkbfile-dev', present: () => existsSync('/usr/include/X11/extensions/XKBfile.h') },
  { pkg: 'libsecret-1-dev', present: () => existsSync('/usr/include/libsecret-1') },
];

function has(cmd) {
  return spawnSync('sh', ['-c', `command -v ${cmd}`], { stdio: 'ignore' }).status === 0;
}

function systemPackages() {
  const missing = SYSTEM.filter((s) => !s.present()).map((s) => s.pkg);
  if (missing.length === 0) return;
  const isRoot = process.getuid?.() === 0;
  if (!isRoot || !has('apt-get')) {
    log(`missing system packages: ${missing.join(' ')}`);
    log(`install them (Debian/Ubuntu: sudo apt-get install -y ${missing.join(' ')}) and run again.`);
    process.exit(1);
  }
  log(`installing system packages: ${missing.join(' ')}`);
  execSync('apt-get update -qq', { stdio: 'inherit' });
  execSync(`DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${missing.join(' ')}`, { stdio: 'inherit' });
}

npmPackages();
if (!process.argv.includes('--npm-only')) systemPackages();
