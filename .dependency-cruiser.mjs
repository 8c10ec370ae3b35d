// Which folder may import which: the layers of docs/ARCHITECTURE.md (Layers), checked by `npm run lint`
// (`depcruise extension webview`). Type-only imports count. scripts/check-dependency-rules.mjs plants a
// violation of each rule and fails unless it is reported. Package bans (`vscode`, the SDK, `node:*`) are ESLint's.

// The floors of extension/core/, bottom first: each imports only its own floor and the floors below it. In a
// floor with areas, an area imports only the areas listed before it (and the floors below); every file of
// such a floor sits in a listed area. Reorder or add here: the rules below are made from this table.
const CORE_FLOORS = [
  ['base'],
  ['contracts'],
  [
    'engines',
    ['models', 'sandbox', 'cron', 'worklist', 'files', 'worktrees', 'results', 'transcripts', 'memory', 'permissions', 'hooks', 'tasks', 'tools', 'mcp', 'plugins', 'marketplaces', 'checkpoints'],
  ],
  ['loop', ['query', 'subagents', 'commands', 'skills', 'session']],
];

const CORE = 'extension/core';
const either = (names) => `(${names.join('|')})`;
const list = (names) => (names.length ? names.join(', ') : 'nothing');

/** One rule per floor: it imports nothing of core above it, nor core files outside the floors. */
function floorRules() {
  return CORE_FLOORS.map(([floor], i) => {
    const allowed = CORE_FLOORS.slice(0, i + 1).map(([name]) => name);
    return {
      name: `core-floor-${floor}`,
      severity: 'error',
      comment: `${floor}/ is floor ${i + 1} of core: it imports only ${list(allowed)}, never a floor above it.`,
      from: { path: `^${CORE}/${floor}/` },
      to: { path: `^${CORE}/`, pathNot: `^${CORE}/${either(allowed)}/` },
    };
  });
}

/** One rule per area of a floor: it imports only the areas listed before it in CORE_FLOORS. */
function areaRules() {
  return CORE_FLOORS.filter(([, areas]) => areas).flatMap(([floor, areas]) =>
    areas.map((area, i) => ({
      name: `core-order-${floor}-${area}`,
      severity: 'error',
      comment: `${floor}/${area}/ builds on ${list(areas.slice(0, i))} of ${floor}/ (the order in CORE_FLOORS), never on a later area.`,
      from: { path: `^${CORE}/${floor}/${area}/` },
      to: { path: `^${CORE}/${floor}/`, pathNot: `^${CORE}/${floor}/${either(areas.slice(0, i + 1))}/` },
    })),
  );
}

/** A file directly in a floor with areas, or in an area the table does not list, has no place in the order. */
function placementRule() {
  const floors = CORE_FLOORS.filter(([, areas]) => areas);
  return {
    name: 'core-area-unlisted',
    severity: 'error',
    comment: 'Each file of engines/ and loop/ sits in an area listed in CORE_FLOORS, so the order covers it.',
    module: {
      path: `^${CORE}/${either(floors.map(([floor]) => floor))}/`,
      pathNot: floors.map(([floor, areas]) => `^${CORE}/${floor}/${either(areas)}/`),
    },
    // A required dependency that no module can have: every file matched above is reported.
    to: { path: '^$' },
  };
}

const OUTER = 'extension/(host|ui|llm|tools)/';

/** The layers outside core: each rule is one line of docs/ARCHITECTURE.md (Layers). */
const houseRules = [
  {
    name: 'core-imports-only-core',
    comment: 'core/ depends on nothing but itself (host, ui, llm, protocol, conversation, tools, cli…): it reaches the world through ports.',
    from: { path: `^${CORE}/` },
    to: { path: '^(extension|webview)/', pathNot: `^${CORE}/` },
  },
  {
    name: 'conversation-no-outer',
    comment: 'The chat view model builds on core/ and protocol/ only; tools and ports come in through its deps.',
    from: { path: '^extension/(conversation|chat)/' },
    to: { path: `^${OUTER}` },
  },
  {
    name: 'protocol-only-itself',
    comment:
      'protocol/ is shared with the webview: it imports only zod, itself and the tool names of core/contracts/toolNames.ts (plain constants, spelled once there because core names a few tools too).',
    from: { path: '^extension/protocol/' },
    to: { pathNot: '^(extension/protocol/|node_modules/|extension/core/contracts/toolNames\\.ts$)', dependencyTypesNot: ['core'] },
  },
  {
    name: 'ui-host-no-tools',
    comment: 'ui/ and host/ reach tools only through core (the Tool API); extension.ts wires tools.ts.',
    from: { path: '^extension/(ui|host)/' },
    to: { path: '^extension/tools/' },
  },
  {
    name: 'tool-no-other-tool',
    comment: 'A tool never imports another tool: move shared code to tools/shared/ or core/.',
    from: { path: '^extension/tools/([^/]+)/' },
    to: { path: '^extension/tools/[^/]+/', pathNot: '^extension/tools/($1|shared)/' },
  },
  {
    name: 'cli-no-vscode-host',
    comment: 'The CLI runs without VS Code: use the Node adapters (host/node/).',
    from: { path: '^extension/cli/' },
    to: { path: '^extension/host/vscode/' },
  },
  {
    name: 'webview-only-protocol',
    comment: 'The webview runs in a browser and talks to the host over the protocol: of extension/ it imports only protocol/.',
    from: { path: '^webview/' },
    to: { path: '^extension/', pathNot: '^extension/protocol/' },
  },
].map((rule) => ({ severity: 'error', ...rule }));

const noCircular = {
  name: 'no-circular',
  severity: 'error',
  comment:
    'No module cycles in core (type imports included): a cycle makes two modules one. contracts/ is exempt: the seed\'s types (Tool and ToolUseContext, AppState and its tasks) name each other by design,.',
  from: { path: `^${CORE}/`, pathNot: `^${CORE}/contracts/` },
  to: { circular: true },
};

/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: [...floorRules(), ...areaRules(), ...houseRules, noCircular],
  required: [placementRule()],
  options: {
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    doNotFollow: { path: 'node_modules' },
    // Tests may import anything; built output is not source.
    exclude: { path: '^(test|dist|dist-test|test-results|node_modules)/' },
    skipAnalysisNotInRules: true,
  },
};
