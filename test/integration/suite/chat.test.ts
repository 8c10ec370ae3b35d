import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { CodewrightApi } from '../../../extension/extension';

describe('chat in a real VS Code (placeholder)', () => {
  it('sees the test environment', async () => {
    const api = await vscode.extensions.getExtension<CodewrightApi>('codewright.codewright')!.activate();
    assert.equal(process.env.CODEWRIGHT_TEST_MODE, '1');
    assert.equal(api.session.busy, false);
  });
});
