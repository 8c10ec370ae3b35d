/** The built-in slash commands, in the order /help and the composer list them. */
import type { CommandHost } from '../host';
import type { Command } from '../../../contracts/commands';
import { costCommand, helpCommand, modelCommand } from './info';
import { memoryCommand } from './memory';
import { outputStyleCommand } from './outputStyle';
import { agentsCommand, contextCommand, hooksCommand, mcpCommand, permissionsCommand } from './panels';
import { pluginCommand } from './plugin';
import { initCommand, reviewCommand } from './prompts';
import { clearCommand, compactCommand, exportCommand, resumeCommand, rewindCommand } from './session';
import { tasksCommand } from './tasks';

export function createBuiltinCommands(host: CommandHost): Command[] {
  return [
    compactCommand(host),
    clearCommand(host),
    helpCommand(host),
    contextCommand(host),
    costCommand(host),
    modelCommand(host),
    outputStyleCommand(host),
    permissionsCommand(host),
    memoryCommand(host),
    initCommand(),
    reviewCommand(),
    resumeCommand(host),
    rewindCommand(host),
    exportCommand(host),
    agentsCommand(host),
    tasksCommand(),
    hooksCommand(host),
    mcpCommand(host),
    pluginCommand(host),
  ];
}
