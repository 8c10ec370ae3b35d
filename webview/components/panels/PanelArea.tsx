/**
 * Shows the open command panel until the user closes it. Closing is the webview's own doing (the host
 * only hears `closePanel`), so the panel closed last is remembered: the same view stays hidden, and the
 * next `panelOpened` (a new view) shows again.
 */
import { useMemo, useState } from 'react';
import type { PanelView } from '../../../extension/protocol/messages';
import type { HostBridge } from '../../vscodeApi';
import { CommandPanel } from './CommandPanel';
import { panelActions } from './panelActions';

export function PanelArea({ view, bridge }: { view: PanelView | null; bridge: HostBridge }) {
  const actions = useMemo(() => panelActions(bridge), [bridge]);
  const [closed, setClosed] = useState<PanelView | null>(null);
  if (!view || view === closed) return null;
  // Keyed by panel: a refresh of the open panel keeps its focus and form; another panel starts fresh.
  return <CommandPanel key={view.panel} view={view} actions={actions} onClosed={() => setClosed(view)} />;
}
