import { ensureWebviewBundle } from './bundle';

export default async function setup(): Promise<void> {
  await ensureWebviewBundle();
}
