#!/usr/bin/env bash
# Installs code-server (a real VS Code served over http) and playwright-core into a cache outside the repo,
# without any download besides the npm registry. Idempotent: a finished install is reused.
# Recipe and reasons: docs/ARCHITECTURE.md ("Testing facts").
set -euo pipefail

VERSION="${CODE_SERVER_VERSION:-4.100.3}"
CACHE="${CODEWRIGHT_CACHE:-$HOME/.cache/codewright}"
DIR="$CACHE/code-server-$VERSION"
MARK="$DIR/.installed"

if [ -f "$MARK" ]; then
  echo "$DIR/node_modules/code-server/out/node/entry.js"
  exit 0
fi

log() { echo "[setup-code-server] $*" >&2; }

if ! command -v rg >/dev/null 2>&1; then
  log "ripgrep (rg) is needed to seed VS Code's ripgrep download; install it: apt-get install -y ripgrep"
  exit 1
fi

mkdir -p "$DIR"
cd "$DIR"
[ -f package.json ] || echo '{"name":"codewright-code-server-cache","private":true}' > package.json
log "installing code-server@$VERSION into $DIR (a few minutes on first run)"
npm install --no-audit --no-fund --ignore-scripts "code-server@$VERSION" "playwright-core@1" >&2
npm_config_dangerously_allow_all_scripts=true npm rebuild argon2 >&2

# VS Code's @vscode/ripgrep postinstall downloads rg from GitHub; seed its cache with the system rg instead.
RG_VERSION=$(node -e "
  const s=require('./node_modules/code-server/lib/vscode/npm-shrinkwrap.json');
  const p=s.packages&&s.packages['node_modules/@vscode/ripgrep'];
  process.stdout.write(p&&p.version||'');")
RG_BIN_VERSION="v13.0.0-10"
if [ -n "$RG_VERSION" ]; then
  RG_CACHE="$(node -p "require('os').tmpdir()")/vscode-ripgrep-cache-$RG_VERSION"
  mkdir -p "$RG_CACHE"
  TMP=$(mktemp -d)
  cp "$(command -v rg)" "$TMP/rg"
  tar -C "$TMP" -czf "$RG_CACHE/ripgrep-$RG_BIN_VERSION-x86_64-unknown-linux-musl.tar.gz" rg
  rm -rf "$TMP"
fi

log "running code-server's postinstall (about 2 minutes)"
cd node_modules/code-server
npm_config_yes=true npm_config_unsafe_perm=true npm_config_dangerously_allow_all_scripts=true \
  npm_config_user_agent="npm/11 node/$(node -v) linux x64" sh ./postinstall.sh >&2
cd "$DIR"
touch "$MARK"
echo "$DIR/node_modules/code-server/out/node/entry.js"
