/**
 * What /plugin shows (docs/ARCHITECTURE.md, Plugins): the known marketplaces, the plugins they offer and the
 * installed ones, each with its state and what it contributes. The host builds it from Claude Code's files
 * (host/node/plugins/catalog.ts); the webview's panel (protocol/panels.ts `plugins`) and the CLI's text form
 * show it. Actions on it (`PluginAction`, `MarketplaceAction`) go back to the host, which asks before
 * installing anything that runs code.
 */

/** What a plugin adds once enabled, by name as the user meets it (`/plugin:cmd`, `plugin:agent`, ...). */
export interface PluginContributions {
  commands: string[];
  agents: string[];
  skills: string[];
  /** `Event: command` of each hook. */
  hooks: string[];
  mcpServers: string[];
  outputStyles: string[];
}

export interface CatalogMarketplace {
  name: string;
  /** Where it comes from, as the user wrote it (a folder, a git URL, `owner/repo`). */
  source: string;
  /** Its folder on disk; empty for a suggested one not added yet. */
  path: string;
  /** How many plugins it offers (0 when it cannot be read). */
  plugins: number;
  /** Why its manifest cannot be read. */
  error?: string;
  /** Named by a settings file's `extraKnownMarketplaces` but not added yet: Add clones or reads it. */
  suggested?: boolean;
  /** ISO time of the last add or update. */
  lastUpdated?: string;
}

export interface CatalogPlugin {
  /** `<plugin>@<marketplace>`. */
  id: string;
  name: string;
  marketplace: string;
  description?: string;
  /** The version the marketplace offers now, when it says. */
  version?: string;
  installed: boolean;
  /** The installed version; an update is offered when the marketplace's differs. */
  installedVersion?: string;
  enabled: boolean;
  /** The settings file that switched it on or off (user, project, local). */
  enabledBy?: 'user' | 'project' | 'local';
  /** Read from its folder when it is installed or lives in a folder marketplace; absent when unknown. */
  contributes?: PluginContributions;
  /** Why it cannot be installed or loaded (a broken manifest, a missing folder). */
  error?: string;
}

export interface PluginCatalog {
  marketplaces: CatalogMarketplace[];
  plugins: CatalogPlugin[];
  /** Untrusted: project settings do not count, and enabled plugins' hooks and MCP servers wait. */
  trusted: boolean;
}

export type PluginActionKind = 'install' | 'uninstall' | 'enable' | 'disable' | 'update';
export type MarketplaceActionKind = 'add' | 'remove' | 'update';
