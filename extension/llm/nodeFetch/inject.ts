/**
 * What the CLI bundle gets in place of Node's undici-backed globals (scripts/build.mjs `inject`: every free
 * `Headers` and `FormData` in the bundle, which are the Anthropic SDK's). Touching either global would load
 * undici, about 11 MB resident (docs/ARCHITECTURE.md, Host memory).
 */
export { NodeHeaders as Headers } from './headers';

/**
 * Only ever a right-hand side of `instanceof` (the SDK asks whether a request body is form data): true for
 * a real `FormData` (by its tag) without loading the global class. Never constructed here.
 */
export class FormData {
  constructor() {
    throw new TypeError('FormData is not available in the Codewright CLI bundle');
  }

  static [Symbol.hasInstance](value: unknown): boolean {
    return typeof value === 'object' && value !== null && Object.prototype.toString.call(value) === '[object FormData]';
  }
}
