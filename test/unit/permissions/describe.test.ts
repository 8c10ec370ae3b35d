import { describe, expect, it } from 'vitest';
import { describeDecisionReason, describePermissionUpdate, PERMISSION_MODE_NAMES } from '../../../extension/core/engines/permissions/describe';
import { PERMISSION_MODE_LABELS } from '../../../extension/protocol/controls';

describe('core/engines/permissions/describe', () => {
  it('names each permission mode as the chat header does', () => {
    expect(PERMISSION_MODE_NAMES).toEqual(PERMISSION_MODE_LABELS);
  });

  it('says why a call asks and what a suggestion does in those names, not the mode ids', () => {
    expect(describeDecisionReason({ type: 'mode', mode: 'default' })).toBe('permission mode "Ask before edits"');
    expect(describePermissionUpdate({ type: 'setMode', mode: 'acceptEdits', destination: 'session' })).toBe('Switch to Accept edits for this session');
  });
});
