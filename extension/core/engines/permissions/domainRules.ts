/**
 * `domain:` rule contents for tools that reach the web: `WebFetch(domain:example.com)` covers example.com
 * itself, `WebFetch(domain:*.example.com)` every subdomain of it (not example.com), and `domain:*` every host.
 * Host names compare without case and without a trailing dot; a port in the rule is not part of the domain.
 */
import { ruleContentsForTool } from './rules';
import type { PermissionBehavior, PermissionRule, ToolPermissionContext } from '../../contracts/permissions';

const DOMAIN_PREFIX = 'domain:';

function normalHost(host: string): string {
  return host.trim().toLowerCase().replace(/\.$/, '');
}

/** True when the rule content (`domain:example.com`, `domain:*.example.com`) covers `hostname`. */
export function domainRuleMatches(content: string, hostname: string): boolean {
  const c = content.trim();
  if (!c.toLowerCase().startsWith(DOMAIN_PREFIX)) return false;
  const pattern = normalHost(c.slice(DOMAIN_PREFIX.length));
  const host = normalHost(hostname);
  if (pattern === '' || host === '') return false;
  if (pattern === '*') return true;
  if (pattern.startsWith('*.')) return host.endsWith(pattern.slice(1)) && host.length > pattern.length - 1;
  return host === pattern;
}

/** The rule content that allows exactly `hostname` (what an "always allow" suggestion saves). */
export function domainRuleContent(hostname: string): string {
  return `${DOMAIN_PREFIX}${normalHost(hostname)}`;
}

/** The first `toolName(domain:…)` rule of `behavior` covering `hostname`, highest-precedence source first. */
export function findDomainRule(
  context: ToolPermissionContext,
  toolName: string,
  behavior: PermissionBehavior,
  hostname: string,
): PermissionRule | undefined {
  const rules = ruleContentsForTool(context, toolName, behavior);
  return [...rules.entries()].find(([content]) => domainRuleMatches(content, hostname))?.[1];
}
