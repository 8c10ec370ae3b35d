import { describe, expect, it } from 'vitest';
import { domainRuleContent, domainRuleMatches, findDomainRule } from '../../../extension/core/engines/permissions/domainRules';
import { getEmptyToolPermissionContext } from '../../../extension/core/contracts/permissions';

describe('permissions/domainRules', () => {
  it('matches the exact host of a domain: rule, ignoring case and a trailing dot', () => {
    expect(domainRuleMatches('domain:example.com', 'example.com')).toBe(true);
    expect(domainRuleMatches('domain:Example.COM', 'example.com.')).toBe(true);
    expect(domainRuleMatches('domain:example.com', 'docs.example.com')).toBe(false);
    expect(domainRuleMatches('domain:example.com', 'notexample.com')).toBe(false);
  });

  it('matches subdomains only with a *. pattern, and every host with *', () => {
    expect(domainRuleMatches('domain:*.example.com', 'docs.example.com')).toBe(true);
    expect(domainRuleMatches('domain:*.example.com', 'a.b.example.com')).toBe(true);
    expect(domainRuleMatches('domain:*.example.com', 'example.com')).toBe(false);
    expect(domainRuleMatches('domain:*.example.com', 'badexample.com')).toBe(false);
    expect(domainRuleMatches('domain:*', 'anything.org')).toBe(true);
  });

  it('ignores contents that are not domain: rules', () => {
    expect(domainRuleMatches('example.com', 'example.com')).toBe(false);
    expect(domainRuleMatches('domain:', 'example.com')).toBe(false);
  });

  it('finds the rule of the asked behaviour for the tool, other tools ignored', () => {
    const context = {
      ...getEmptyToolPermissionContext(),
      alwaysAllowRules: { userSettings: ['WebFetch(domain:docs.rs)', 'Other(domain:example.com)'] },
      alwaysDenyRules: { projectSettings: ['WebFetch(domain:*.evil.test)'] },
    };
    expect(findDomainRule(context, 'WebFetch', 'allow', 'docs.rs')?.source).toBe('userSettings');
    expect(findDomainRule(context, 'WebFetch', 'allow', 'example.com')).toBeUndefined();
    expect(findDomainRule(context, 'WebFetch', 'deny', 'www.evil.test')?.ruleValue).toEqual({ toolName: 'WebFetch', ruleContent: 'domain:*.evil.test' });
    expect(domainRuleContent('Docs.RS.')).toBe('domain:docs.rs');
  });
});
