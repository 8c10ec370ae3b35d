import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, it } from 'vitest';
import { NodeSessionStorage } from '../../../../extension/host/node/sessionStorage';
import { sessionStorageContract } from '../../../contract/sessionStorage.contract';

sessionStorageContract(describe, it, () => new NodeSessionStorage(mkdtempSync(path.join(tmpdir(), 'cw-contract-'))));
