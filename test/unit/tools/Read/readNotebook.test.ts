import { describe, expect, it } from 'vitest';
import { memoryHarness } from '../shared/harness';

const notebook = {
  nbformat: 4,
  nbformat_minor: 5,
  metadata: { language_info: { name: 'python' } },
  cells: [
    { cell_type: 'markdown', id: 'intro', metadata: {}, source: ['# Title\n', 'Some *text*.'] },
    {
      cell_type: 'code',
      id: 'c1',
      metadata: {},
      execution_count: 1,
      source: 'print("hi")\n1 + 1',
      outputs: [
        { output_type: 'stream', name: 'stdout', text: ['hi\n'] },
        { output_type: 'execute_result', execution_count: 1, data: { 'text/plain': ['2'] }, metadata: {} },
        { output_type: 'display_data', data: { 'image/png': 'iVBORw0KGgo=' }, metadata: {} },
      ],
    },
    {
      cell_type: 'code',
      id: 'c2',
      metadata: {},
      source: '1/0',
      outputs: [{ output_type: 'error', ename: 'ZeroDivisionError', evalue: 'division by zero', traceback: ['\u001b[0;31mTraceback\u001b[0m', 'line 1'] }],
    },
  ],
};

describe('tools/Read notebooks', () => {
  it('renders each cell with its id, type, source and text outputs', async () => {
    const h = memoryHarness();
    const json = JSON.stringify(notebook, null, 1);
    const mtime = h.workspace.put('/proj/nb.ipynb', json);
    const { text, outcome } = await h.run('Read', { file_path: '/proj/nb.ipynb' });
    expect(outcome.stage).toBe('success');
    expect(text).toBe(
      [
        '<cell id="intro" cell_type="markdown">',
        '# Title',
        'Some *text*.',
        '</cell>',
        '<cell id="c1" cell_type="code" language="python">',
        'print("hi")',
        '1 + 1',
        '<outputs>',
        'hi\n',
        '2',
        '[image/png output not shown]',
        '</outputs>',
        '</cell>',
        '<cell id="c2" cell_type="code" language="python">',
        '1/0',
        '<outputs>',
        'ZeroDivisionError: division by zero',
        'Traceback',
        'line 1',
        '</outputs>',
        '</cell>',
      ].join('\n'),
    );
    // Staleness is judged on the raw JSON, which is what Write and NotebookEdit compare.
    expect(h.context.readFileState.get('/proj/nb.ipynb')).toEqual({ content: json, timestamp: mtime, isPartialView: false });
  });

  it('names cells without an id by their index', async () => {
    const h = memoryHarness();
    h.workspace.put('/proj/old.ipynb', JSON.stringify({ cells: [{ cell_type: 'code', source: 'x = 1', outputs: [] }] }));
    expect((await h.run('Read', { file_path: '/proj/old.ipynb' })).text).toBe('<cell id="cell-0" cell_type="code">\nx = 1\n</cell>');
  });

  it('refuses a notebook that is not valid JSON', async () => {
    const h = memoryHarness();
    h.workspace.put('/proj/bad.ipynb', '{"cells": [');
    const { text } = await h.run('Read', { file_path: '/proj/bad.ipynb' });
    expect(text).toMatch(/^<tool_use_error>Error: \/proj\/bad\.ipynb is not valid JSON, so it cannot be read as a notebook: /);
  });

  it('refuses JSON without a cells list', async () => {
    const h = memoryHarness();
    h.workspace.put('/proj/x.ipynb', '{"nbformat": 4}');
    expect((await h.run('Read', { file_path: '/proj/x.ipynb' })).text).toBe(
      '<tool_use_error>Error: /proj/x.ipynb is not a Jupyter notebook: it has no valid "cells" list.</tool_use_error>',
    );
  });
});
