import type { Tools } from '../../../extension/core/contracts/tool';
import { getAllBaseTools } from '../../../extension/tools/tools';

/** The built-in tools of these names, in the order given (a test of order independence reverses it). */
export function offered(names: readonly string[]): Tools {
  const all = getAllBaseTools();
  return names.map((name) => {
    const tool = all.find((t) => t.name === name);
    if (!tool) throw new Error(`No built-in tool named ${name}`);
    return tool;
  });
}
