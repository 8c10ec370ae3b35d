/** The sections of the permission dialog: its title line, what the call does, the answers, and the feedback field. */
import type { Ref } from 'react';
import type { PermissionRequest } from '../../extension/protocol/messages';
import { PermissionPreviewView } from './PermissionDialogPreview';

type Suggestion = PermissionRequest['suggestions'][number];

/** "Edit src/a.ts?" when the host gave the tool's verb, else "Allow <title>: <summary>?"; the summary's tooltip holds its full text. */
function PermissionTitle({ id, request }: { id: string; request: PermissionRequest }) {
  const summary = request.summary ? (
    <span className="permission-summary" data-testid="permission-summary" title={request.summaryTitle ?? request.summary}>
      {request.summary}
    </span>
  ) : null;
  return (
    <span id={id} className="permission-title" data-testid="permission-title">
      {request.verb && summary ? (
        <>
          {request.verb} {summary}?
        </>
      ) : (
        <>
          Allow {request.title}
          {summary ? <>: {summary}</> : null}?
        </>
      )}
    </span>
  );
}

/** "Asked by sub-agent Explore: …", or for a background agent or teammate "Asked by background agent alice (reviewer): …". */
function agentLine(agent: NonNullable<PermissionRequest['agent']>): string {
  if (!agent.background) return `Asked by sub-agent ${agent.agentType}: ${agent.description}`;
  return `Asked by background agent ${agent.name ? `${agent.name} (${agent.agentType})` : agent.agentType}: ${agent.description}`;
}

export function PermissionHeader({ titleId, request }: { titleId: string; request: PermissionRequest }) {
  return (
    <div className="permission-header">
      <PermissionTitle id={titleId} request={request} />
      {request.waiting > 0 && (
        <span className="permission-waiting" data-testid="permission-waiting">
          {request.waiting} more waiting
        </span>
      )}
      {request.agent && (
        <span className="permission-agent" data-testid="permission-agent">
          {agentLine(request.agent)}
        </span>
      )}
    </div>
  );
}

export function PermissionDetail({ id, request, onOpenDiff }: { id: string; request: PermissionRequest; onOpenDiff: (requestId: string) => void }) {
  return (
    <div id={id} className="permission-detail">
      {request.destructive && (
        <div className="permission-destructive" data-testid="permission-destructive" role="note">
          {request.destructive}
        </div>
      )}
      <PermissionPreviewView request={request} onOpenDiff={onOpenDiff} />
      {request.warnings.length > 0 && (
        <ul className="permission-warnings" data-testid="permission-warnings" aria-label="Warnings">
          {request.warnings.map((w, i) => (
            <li key={i}>{w}</li>
          ))}
        </ul>
      )}
      {/* A command or a diff already shows what the call does; the message would only repeat it (with the absolute path). */}
      {request.message && request.preview.kind === 'generic' && request.warnings.length === 0 && (
        <div className="permission-message">{request.message}</div>
      )}
      {request.reason && (
        <div className="permission-reason" data-testid="permission-reason">
          Asking because {request.reason}
        </div>
      )}
    </div>
  );
}

export interface PermissionOptionsProps {
  suggestion: Suggestion | undefined;
  onAllow: () => void;
  onAccept: () => void;
  onDeny: () => void;
  /** A background agent's request: allow this tool for the rest of that agent's run. */
  onAllowForRun?: (() => void) | undefined;
}

export function PermissionOptions({ suggestion, onAllow, onAccept, onDeny, onAllowForRun }: PermissionOptionsProps) {
  return (
    <div className="permission-options" role="group" aria-label="Answer">
      <button type="button" className="permission-option" data-testid="permission-allow" onClick={onAllow}>
        <kbd>1</kbd> Allow once
      </button>
      {suggestion && (
        <button type="button" className="permission-option" data-testid="permission-suggestion" onClick={onAccept}>
          <kbd>2</kbd> {suggestion.label}
        </button>
      )}
      <button type="button" className="permission-option" data-testid="permission-deny" onClick={onDeny}>
        <kbd>3</kbd> Deny <span className="permission-hint">(Esc)</span>
      </button>
      {onAllowForRun && (
        <button type="button" className="permission-option" data-testid="permission-allow-run" onClick={onAllowForRun}>
          <kbd>4</kbd> Allow for the rest of this agent&apos;s run
        </button>
      )}
    </div>
  );
}

export interface FeedbackFieldProps {
  id: string;
  ref: Ref<HTMLInputElement>;
  value: string;
  onChange: (value: string) => void;
}

export function FeedbackField({ id, ref, value, onChange }: FeedbackFieldProps) {
  return (
    <label className="permission-feedback" htmlFor={id}>
      <span className="permission-hint">Tab to write to the agent: Enter denies with it, Ctrl+Enter allows with it as a note</span>
      <input
        id={id}
        ref={ref}
        className="permission-feedback-input"
        data-testid="permission-feedback"
        type="text"
        placeholder="Feedback for the agent…"
        value={value}
        maxLength={10_000}
        onChange={(e) => {
          onChange(e.target.value);
        }}
      />
    </label>
  );
}
