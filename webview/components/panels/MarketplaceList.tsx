/**
 * The /plugin panel's marketplaces: the form that adds one (a folder, a git URL or owner/repo), then each
 * known marketplace with its source, how many plugins it offers, why it cannot be read, and Update and
 * Remove. One a workspace's settings suggest (`extraKnownMarketplaces`) but not added yet has only Add.
 */
import { useState } from 'react';
import type { PanelView } from '../../../extension/protocol/messages';
import type { MarketplaceActionKind } from './panelActions';

type PluginsView = Extract<PanelView, { panel: 'plugins' }>;
type Marketplace = PluginsView['marketplaces'][number];

type OnMarketplaceAction = (action: MarketplaceActionKind, marketplace: string) => void;

/** Enter in the field adds; an empty field does nothing, and the field clears once the request is sent. */
export function AddMarketplaceForm({ disabled, onAction }: { disabled: boolean; onAction: OnMarketplaceAction }) {
  const [source, setSource] = useState('');
  const trimmed = source.trim();
  return (
    <form
      className="panel-form-row plugin-add-form"
      data-testid="plugin-marketplace-form"
      aria-label="Add a marketplace"
      onSubmit={(e) => {
        e.preventDefault();
        if (!trimmed || disabled) return;
        onAction('add', trimmed);
        setSource('');
      }}
    >
      <input
        className="panel-input"
        data-testid="plugin-marketplace-input"
        aria-label="Marketplace to add: a folder, git URL or owner/repo"
        placeholder="Folder, git URL or owner/repo"
        maxLength={4096}
        value={source}
        onChange={(e) => setSource(e.target.value)}
      />
      <button type="submit" className="button-secondary" data-testid="plugin-marketplace-add" disabled={disabled || !trimmed}>
        Add
      </button>
    </form>
  );
}

function plural(n: number, one: string): string {
  return `${String(n)} ${one}${n === 1 ? '' : 's'}`;
}

interface MarketplaceButtonProps {
  action: MarketplaceActionKind;
  label: string;
  testId: string;
  marketplace: string;
  disabled: boolean;
  onAction: OnMarketplaceAction;
}

function MarketplaceButton({ action, label, testId, marketplace, disabled, onAction }: MarketplaceButtonProps) {
  return (
    <button type="button" className="button-secondary" data-testid={testId} aria-label={`${label} marketplace ${marketplace}`} disabled={disabled} onClick={() => onAction(action, marketplace)}>
      {label}
    </button>
  );
}

function MarketplaceItem({ marketplace: m, disabled, onAction }: { marketplace: Marketplace; disabled: boolean; onAction: OnMarketplaceAction }) {
  const common = { marketplace: m.name, disabled, onAction };
  const updated = m.lastUpdated && /^\d{4}-\d{2}-\d{2}/.test(m.lastUpdated) ? m.lastUpdated.slice(0, 10) : undefined;
  return (
    <li className="panel-item" data-testid="plugin-marketplace" data-name={m.name} data-suggested={m.suggested ? 'true' : undefined}>
      <div className="panel-item-line">
        <span className="panel-item-name">{m.name}</span>
        <span className="plugin-actions">
          {m.suggested ? (
            <MarketplaceButton action="add" label="Add" testId="plugin-marketplace-add-suggested" {...common} />
          ) : (
            <>
              <MarketplaceButton action="update" label="Update" testId="plugin-marketplace-update" {...common} />
              <MarketplaceButton action="remove" label="Remove" testId="plugin-marketplace-remove" {...common} />
            </>
          )}
        </span>
      </div>
      <div className="panel-item-meta">
        <code className="panel-command" data-testid="plugin-marketplace-source">
          {m.source}
        </code>
        {!m.suggested && <span data-testid="plugin-marketplace-count">{` · ${plural(m.plugins, 'plugin')}`}</span>}
        {!m.suggested && updated && ' · '}
        {!m.suggested && updated && <span className="plugin-nowrap">{`updated ${updated}`}</span>}
      </div>
      {m.suggested && (
        <div className="panel-item-text" data-testid="plugin-marketplace-suggested">
          Suggested by this workspace&apos;s settings
        </div>
      )}
      {m.error && (
        <div className="panel-item-error" data-testid="plugin-marketplace-error">
          {m.error}
        </div>
      )}
    </li>
  );
}

export function MarketplaceList({ marketplaces, disabled, onAction }: { marketplaces: readonly Marketplace[]; disabled: boolean; onAction: OnMarketplaceAction }) {
  if (marketplaces.length === 0) {
    return (
      <div className="panel-empty" data-testid="panel-empty">
        No marketplaces yet. Add one above: a folder on disk, a git URL, or a GitHub owner/repo such as anthropics/claude-code.
      </div>
    );
  }
  return (
    <ul className="panel-list" aria-label="Marketplaces">
      {marketplaces.map((m) => (
        <MarketplaceItem key={m.name} marketplace={m} disabled={disabled} onAction={onAction} />
      ))}
    </ul>
  );
}
