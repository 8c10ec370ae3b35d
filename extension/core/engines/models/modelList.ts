/**
 * The ids `/model` and the header's picker offer: the model table's listed models, plus the provider's models
 * list when its client has one (`ModelClient.listModels`). Fetched once and kept; a failure (no key yet,
 * offline, a provider without the endpoint) lists the table alone and is tried again next time.
 */
import type { ModelClient } from '../../contracts/modelClient';
import type { Logger } from '../../contracts/settings';
import { pickerModels } from './models';

export type ListModels = () => Promise<string[]>;

export function createModelList(client: Pick<ModelClient, 'listModels'>, log: Pick<Logger, 'debug'>): ListModels {
  let apiIds: string[] | undefined;
  return async () => {
    if (!apiIds && client.listModels) {
      try {
        apiIds = await client.listModels();
      } catch (err) {
        log.debug(`The models list is unavailable, listing the model table only: ${err instanceof Error ? err.message : String(err)}`);
      }
    }
    return pickerModels(apiIds);
  };
}
