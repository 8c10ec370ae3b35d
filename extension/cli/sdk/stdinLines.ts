/**
 * What one stdin line of the SDK transport is: a user message (a turn), or a line of the control protocol
 * (`control_request`, `control_response`, `control_cancel_request`). A line that is none of these, or not
 * JSON, is an error naming its line; one that carried a `request_id` is answered with an error response.
 */
import { z } from 'zod';
import { parseUserValue, STREAM_JSON_SHAPE, type StreamLine } from '../streamInput';
import type { ControlBody } from './channel';

const ControlRequest = z.looseObject({
  type: z.literal('control_request'),
  request_id: z.string().min(1),
  request: z.looseObject({ subtype: z.string().min(1) }),
});

const ControlResponse = z.looseObject({
  type: z.literal('control_response'),
  response: z.looseObject({
    subtype: z.enum(['success', 'error']),
    request_id: z.string().min(1),
    response: z.record(z.string(), z.unknown()).optional(),
    error: z.string().optional(),
  }),
});

const ControlCancel = z.looseObject({ type: z.literal('control_cancel_request'), request_id: z.string().min(1) });

export type SdkLine =
  | { kind: 'user'; user: Extract<StreamLine, { ok: true }> }
  | { kind: 'request'; requestId: string; request: ControlBody & { subtype: string } }
  | { kind: 'response'; response: z.infer<typeof ControlResponse>['response'] }
  | { kind: 'cancel'; requestId: string }
  /** `requestId`: the bad line was a control request we can answer with an error. */
  | { kind: 'error'; error: string; requestId?: string };

const KNOWN = `${STREAM_JSON_SHAPE} or a control_request / control_response / control_cancel_request`;

function issueOf(error: z.ZodError): string {
  const issue = error.issues[0];
  return `${issue?.path.length ? `at ${issue.path.join('.')}: ` : ''}${issue?.message ?? 'invalid'}`;
}

/** Classifies one non-blank stdin line (`n` counts from 1). */
export function classifyLine(text: string, n: number): SdkLine {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    return { kind: 'error', error: `stdin line ${n}: not valid JSON (${err instanceof Error ? err.message : String(err)}); expected ${KNOWN}` };
  }
  const type = typeof value === 'object' && value !== null ? (value as { type?: unknown }).type : undefined;
  const requestId = typeof value === 'object' && value !== null && typeof (value as { request_id?: unknown }).request_id === 'string' ? (value as { request_id: string }).request_id : undefined;
  switch (type) {
    case 'user': {
      const user = parseUserValue(value, n);
      return user.ok ? { kind: 'user', user } : { kind: 'error', error: user.error };
    }
    case 'control_request': {
      const parsed = ControlRequest.safeParse(value);
      if (!parsed.success) return { kind: 'error', error: `stdin line ${n}: a control_request ${issueOf(parsed.error)}`, ...(requestId ? { requestId } : {}) };
      return { kind: 'request', requestId: parsed.data.request_id, request: parsed.data.request as ControlBody & { subtype: string } };
    }
    case 'control_response': {
      const parsed = ControlResponse.safeParse(value);
      if (!parsed.success) return { kind: 'error', error: `stdin line ${n}: a control_response ${issueOf(parsed.error)}` };
      return { kind: 'response', response: parsed.data.response };
    }
    case 'control_cancel_request': {
      const parsed = ControlCancel.safeParse(value);
      if (!parsed.success) return { kind: 'error', error: `stdin line ${n}: a control_cancel_request ${issueOf(parsed.error)}` };
      return { kind: 'cancel', requestId: parsed.data.request_id };
    }
    default:
      return { kind: 'error', error: `stdin line ${n}: unknown message type ${JSON.stringify(type ?? null)}; expected ${KNOWN}`, ...(requestId ? { requestId } : {}) };
  }
}
