import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, it } from 'vitest';
import { NodeTranscriptStore } from '../../../extension/host/node/transcriptStore';
import { transcriptStoreContract } from '../../contract/transcriptStore.contract';

transcriptStoreContract(describe, it, () => new NodeTranscriptStore(path.join(mkdtempSync(path.join(tmpdir(), 'cw-transcripts-')), 'store')));
