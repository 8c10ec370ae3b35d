/** The contract of a tool renderer (one per wire name, in webview/tools/registry.ts). */
import type { ComponentType } from 'react';
import type { ToolEntry } from '../../../extension/protocol/messages';

export interface ToolViewProps {
  entry: ToolEntry;
}

export interface ToolRenderer {
  /** The row's label ("Read", "Update", "github · search"). */
  title(entry: ToolEntry): string;
  /** Richer header content than the plain title (an MCP row's server badge); `title` stays the row's accessible name. */
  Heading?: ComponentType<ToolViewProps>;
  /** What the expanded row shows once the tool finished. */
  Result: ComponentType<ToolViewProps>;
  /** Shown under the row while the tool runs; the default shows a progress message if there is one. */
  Progress?: ComponentType<ToolViewProps>;
}
