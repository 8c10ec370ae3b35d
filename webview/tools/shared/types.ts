/** The contract of a tool renderer (one per wire name, in webview/tools/registry.ts). */
import type { ComponentType } from 'react';
import type { ToolEntry } from '../../../extension/protocol/messages';

export interface ToolViewProps {
  entry: ToolEntry;
}

/** A finished call that neither failed nor found anything ("No match"): shown as such, not as a success. */
export interface ToolOutcome {
  /** Names the row's status style (`tool-status-<key>`) and `data-outcome`. */
  key: 'no-match';
  /** The status icon's accessible name, and the text after the summary. */
  label: string;
}

export interface ToolRenderer {
  /** The row's label ("Read", "Update", "github · search"). */
  title(entry: ToolEntry): string;
  /** Richer header content than the plain title (an MCP row's server badge); `title` stays the row's accessible name. */
  Heading?: ComponentType<ToolViewProps>;
  /** What the expanded row shows once the tool finished. */
  Result: ComponentType<ToolViewProps>;
  /** How the call came out when that is not plain success or failure; absent means its status says it all. */
  outcome?(entry: ToolEntry): ToolOutcome | undefined;
  /** Shown under the header whether the row is open or not, once the tool finished (the files a Bash command changed). */
  Below?: ComponentType<ToolViewProps>;
  /** Shown under the row while the tool runs; the default shows a progress message if there is one. */
  Progress?: ComponentType<ToolViewProps>;
  /**
   * The whole row, for a tool whose row is not the shared frame (Agent's: a collapsible row with its sub-agent's
   * own tool uses nested in it); `ToolRow` uses it instead of the frame and the members above.
   */
  Row?: ComponentType<ToolViewProps>;
}
