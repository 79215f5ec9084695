import { describe, expect, test } from 'vitest';
import { needsConsentChoice, pageFlags, readConsentChoices } from './consent';

describe('readConsentChoices', () => {
  test('reads allow and deny from the WP Consent API cookies and ignores everything else', () => {
    expect(
      readConsentChoices(
        'wp_consent_statistics=allow; sbjs_current=x; wp_consent_marketing=deny; wp_consent_bogus=allow; wp_consent_preferences=maybe',
      ),
    ).toEqual({ statistics: 'granted', marketing: 'denied' });
  });

  test('keeps the first of a repeated cookie, as browsers send the most specific first', () => {
    expect(readConsentChoices('wp_consent_marketing=allow; wp_consent_marketing=deny')).toEqual({
      marketing: 'granted',
    });
  });

  test('no header or a malformed one means no choices', () => {
    expect(readConsentChoices(null)).toEqual({});
    expect(readConsentChoices('=;;wp_consent_statistics')).toEqual({});
  });
});

describe('needsConsentChoice', () => {
  test('a choice is needed until statistics and marketing are both decided', () => {
    expect(needsConsentChoice({})).toBe(true);
    expect(needsConsentChoice({ statistics: 'granted' })).toBe(true);
    expect(needsConsentChoice({ statistics: 'denied', marketing: 'denied' })).toBe(false);
  });
});

describe('pageFlags', () => {
  test.each([
    ['/cart/', { isCart: true, isAccountPage: false }],
    ['/my-account/orders/', { isCart: false, isAccountPage: true }],
    ['/shop/', { isCart: false, isAccountPage: false }],
    ['/cartography/', { isCart: false, isAccountPage: false }],
  ])('%s has the flags %j', (path, flags) => {
    expect(pageFlags(path)).toEqual(flags);
  });
});
