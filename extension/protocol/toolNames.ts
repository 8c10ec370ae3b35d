/**
 * The wire names of the built-in tools, for the webview and the chat: spelled once, in
 * extension/core/contracts/toolNames.ts, the one file of core the protocol may import (plain constants).
 */
export * from '../core/contracts/toolNames';
