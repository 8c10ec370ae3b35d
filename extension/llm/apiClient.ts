/**
 * The Anthropic API client with only the resources Codewright calls: `messages` (stream, create) and
 * `models` (list). The SDK's full `Anthropic` class also builds beta, files, skills, organization and
 * user-profile resources, 0.7 MB of the 1 MB the SDK added to each Node bundle, parsed at every start
 * (docs/ARCHITECTURE.md, Host memory); `BaseAnthropic` is the same client (auth, retries, streaming)
 * without them.
 */
import { BaseAnthropic } from '@anthropic-ai/sdk/client';
import { Messages } from '@anthropic-ai/sdk/resources/messages/messages';
import { Models } from '@anthropic-ai/sdk/resources/models';

export class AnthropicApiClient extends BaseAnthropic {
  readonly messages: Messages = new Messages(this);
  readonly models: Models = new Models(this);
}
