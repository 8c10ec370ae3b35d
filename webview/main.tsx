/**
 * Boots the webview: connects to the host, starts reducing its events, renders, then says `ready` so the
 * host answers with a snapshot. That order means no event can arrive before someone is listening.
 */
// Must stay the first import: it configures Zod before the protocol schemas are built.
import './zodConfig';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './components/App';
import { createChatStore, frameScheduler } from './state/store';
import { createHostBridge, type VsCodeApi } from './vscodeApi';
import './styles.css';

declare function acquireVsCodeApi(): VsCodeApi;

const bridge = createHostBridge(acquireVsCodeApi(), window);
const store = createChatStore(bridge, frameScheduler);
const root = document.getElementById('root');
if (!root) throw new Error('Codewright webview: #root element is missing from the page.');

createRoot(root).render(
  <StrictMode>
    <App store={store} bridge={bridge} initialDraft={bridge.loadViewState().draft} />
  </StrictMode>,
);
// Posted here, not in an effect, so StrictMode's double-invoked effects cannot send it twice.
bridge.post({ type: 'ready' });
