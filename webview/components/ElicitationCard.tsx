/**
 * An MCP server's request for input (docs/ARCHITECTURE.md, MCP), above the composer like the other cards: the
 * server's name and message, then the form built from its schema with each default filled in (or, in URL
 * mode, the page it wants opened). Accept checks every field first and shows what is not right beside it;
 * Decline says no; Cancel (Escape) dismisses. Enter in a field accepts. Focus goes to the first field.
 */
import { useEffect, useId, useMemo, useState, type FormEvent, type KeyboardEvent } from 'react';
import type { ElicitationRequest, WebviewToHost } from '../../extension/protocol/messages';
import { elicitationFields, formContent, initialInputs, type FormInput } from '../../extension/protocol/elicitationForm';
import { ElicitationFieldRow } from './ElicitationFields';
import { handledCommonKey, useInlineDialog } from './useInlineDialog';
import '../elicitation.css';

type AnswerElicitation = Extract<WebviewToHost, { type: 'answerElicitation' }>;

export interface ElicitationCardProps {
  request: ElicitationRequest;
  onAnswer: (answer: AnswerElicitation) => void;
}

export function ElicitationCard({ request, onAnswer }: ElicitationCardProps) {
  const titleId = useId();
  const messageId = useId();
  const { ref, answerOnce } = useInlineDialog(onAnswer);
  const fields = useMemo(() => (request.mode === 'form' ? elicitationFields(request.schema) : []), [request]);
  const [inputs, setInputs] = useState<Record<string, FormInput>>(() => initialInputs(fields));
  // Errors show once Accept was tried, and follow the inputs from then on.
  const [tried, setTried] = useState(false);
  const outcome = useMemo(() => formContent(fields, inputs), [fields, inputs]);
  const errors = tried && !outcome.ok ? outcome.errors : {};

  // A form starts in its first field; a page to open keeps focus on the card, so a stray Enter opens nothing.
  useEffect(() => {
    if (request.mode === 'form') ref.current?.querySelector<HTMLElement>('input, select')?.focus();
  }, [ref, request.mode]);

  const send = (action: AnswerElicitation['action']) => answerOnce({ type: 'answerElicitation', requestId: request.requestId, action });
  const accept = (e?: FormEvent) => {
    e?.preventDefault();
    if (request.mode === 'url') return answerOnce({ type: 'answerElicitation', requestId: request.requestId, action: 'accept' });
    if (outcome.ok) return answerOnce({ type: 'answerElicitation', requestId: request.requestId, action: 'accept', content: outcome.content });
    setTried(true);
    const first = fields.find((f) => f.name in outcome.errors);
    ref.current?.querySelector<HTMLElement>(`[data-name="${CSS.escape(first?.name ?? '')}"] input, [data-name="${CSS.escape(first?.name ?? '')}"] select`)?.focus();
  };
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (handledCommonKey(e, () => send('cancel'))) return;
    // Enter on the card itself (focus came back to it) accepts, as it does in a field.
    if (e.key === 'Enter' && e.target === ref.current) accept();
  };

  return (
    <div ref={ref} className="inline-dialog elicitation-card" data-testid="elicitation-card" role="dialog" aria-labelledby={titleId} aria-describedby={messageId} tabIndex={-1} onKeyDown={onKeyDown}>
      <div id={titleId} className="elicitation-title">
        The MCP server <span className="elicitation-server">{request.server}</span> {request.mode === 'url' ? 'asks you to open a page' : 'asks for input'}
      </div>
      <div id={messageId} className="elicitation-message" data-testid="elicitation-message">
        {request.message}
      </div>
      <form noValidate onSubmit={accept}>
        {request.mode === 'url' ? (
          <div className="elicitation-url" data-testid="elicitation-url">
            {request.url}
          </div>
        ) : (
          fields.map((f) => <ElicitationFieldRow key={f.name} field={f} input={inputs[f.name]} error={errors[f.name]} onChange={(input) => setInputs((all) => ({ ...all, [f.name]: input }))} />)
        )}
        <div className="elicitation-actions">
          <button type="submit" className="button-primary" data-testid="elicitation-accept">
            {request.mode === 'url' ? 'Open' : 'Accept'}
          </button>
          <button type="button" className="button-secondary" data-testid="elicitation-decline" onClick={() => send('decline')}>
            Decline
          </button>
          <button type="button" className="button-secondary" data-testid="elicitation-cancel" onClick={() => send('cancel')}>
            Cancel <span className="elicitation-hint">(Esc)</span>
          </button>
        </div>
      </form>
    </div>
  );
}
