// @vitest-environment jsdom
// @vitest-environment-options {"url": "https://shop.example/"}
import { afterEach, describe, expect, test } from 'vitest';
import {
  googleConsentMode,
  readWpConsentCookies,
  toGoogleConsent,
  wpConsentApi,
  wpConsentApiProvider,
} from './adapters';
import type { ConsentWindow } from './adapters';
import { canLoadAnalytics, consentFor, createConsentStore } from './index';

const win = window as unknown as ConsentWindow;
const stops: Array<() => void> = [];

afterEach(() => {
  while (stops.length) stops.pop()?.();
  for (const part of document.cookie.split(';')) {
    const name = part.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; max-age=-1; path=/`;
  }
  delete win.wp_has_consent;
  delete win.wp_set_consent;
  delete win.wp_consent_type;
});

const heard = () => {
  const events: unknown[] = [];
  const listener = (event: Event) => events.push((event as CustomEvent).detail);
  document.addEventListener('wp_listen_for_consent_change', listener);
  stops.push(() => document.removeEventListener('wp_listen_for_consent_change', listener));
  return events;
};

describe('readWpConsentCookies', () => {
  test.each<[string, string | null | undefined, Record<string, string>]>([
    ['no header', undefined, {}],
    ['an empty header', '', {}],
    [
      'allow and deny',
      'wp_consent_statistics=allow; wp_consent_marketing=deny',
      { statistics: 'granted', marketing: 'denied' },
    ],
    [
      'every category',
      'wp_consent_functional=allow;wp_consent_preferences=deny',
      {
        functional: 'granted',
        preferences: 'denied',
      },
    ],
    [
      'spaces and other cookies',
      'a=b;  wp_consent_statistics = allow ;c=d',
      { statistics: 'granted' },
    ],
    [
      'the first cookie of a name decides',
      'wp_consent_marketing=deny; wp_consent_marketing=allow',
      {
        marketing: 'denied',
      },
    ],
    ['a value with `=` is not `allow`', 'wp_consent_statistics=allow=1', {}],
    ['a percent-encoded value', 'wp_consent_statistics=%61llow', { statistics: 'granted' }],
    ['a malformed value never throws', 'wp_consent_statistics=%E0%A4%A', {}],
    [
      'unknown values and categories are no choice',
      'wp_consent_statistics=yes; wp_consent_x=allow',
      {},
    ],
    [
      'other prefixes are other cookies',
      'wp_consentstatistics=allow; my_consent_statistics=allow',
      {},
    ],
  ])('%s', (_name, header, expected) => {
    expect(readWpConsentCookies(header)).toEqual(expected);
  });

  test('with another prefix', () => {
    expect(readWpConsentCookies('cmp_statistics=allow', 'cmp')).toEqual({ statistics: 'granted' });
  });
});

describe('the adapter reads the consent cookies by the same rule', () => {
  test('a consent cookie whose value holds `=` is not read as allow', () => {
    win.wp_has_consent = () => false;
    win.wp_set_consent = () => undefined;
    win.wp_consent_type = 'optin';
    document.cookie = 'wp_consent_statistics=allow=1; path=/';
    const store = createConsentStore();
    stops.push(wpConsentApi().connect(store));
    expect(consentFor(store.getSnapshot(), 'statistics')).toBe('pending');
  });
});

describe('consentFor', () => {
  test.each([
    ['no framework', {}, 'statistics', 'granted'],
    ['no framework, GPC', { gpc: true }, 'marketing', 'denied'],
    ['no framework, GPC, preferences', { gpc: true }, 'preferences', 'granted'],
    ['opt-in, no choice', { framework: true }, 'marketing', 'pending'],
    [
      'opt-in, granted',
      { framework: true, initial: { marketing: 'granted' } },
      'marketing',
      'granted',
    ],
    ['opt-out, no choice', { framework: true, consentType: 'optout' }, 'statistics', 'granted'],
    ['opt-out, GPC', { framework: true, consentType: 'optout', gpc: true }, 'statistics', 'denied'],
    [
      'GPC, explicit opt-in',
      { framework: true, gpc: true, initial: { statistics: 'granted' } },
      'statistics',
      'granted',
    ],
    ['opt-in, GPC, no choice', { framework: true, gpc: true }, 'marketing', 'denied'],
  ] as const)('%s → %s is %s', (_title, options, category, expected) => {
    expect(consentFor(createConsentStore(options).getSnapshot(), category)).toBe(expected);
  });
});

describe.each([
  ['wpConsentApi without a consent plugin', wpConsentApi],
  ['wpConsentApiProvider', wpConsentApiProvider],
] as const)('%s (our own API)', (_, adapter) => {
  test('defines the WP Consent API globals backed by the store', () => {
    const store = createConsentStore();
    let typeDefined = 0;
    document.addEventListener('wp_consent_type_defined', () => (typeDefined += 1), { once: true });
    stops.push(adapter().connect(store));
    expect(store.getSnapshot().framework).toBe(true);
    expect(win.wp_consent_type).toBe('optin');
    expect(typeDefined).toBe(1);
    expect(win.wp_has_consent?.('statistics')).toBe(false);
    expect(canLoadAnalytics(store.getSnapshot())).toBe(false);

    const events = heard();
    win.wp_set_consent?.('statistics', 'allow');
    expect(win.wp_has_consent?.('statistics')).toBe(true);
    expect(canLoadAnalytics(store.getSnapshot())).toBe(true);
    expect(events).toEqual([{ statistics: 'allow' }]);
    expect(document.cookie).toContain('wp_consent_statistics=allow');
  });

  test('a banner choice in the store writes the cookies and fires the event per category', () => {
    const store = createConsentStore();
    stops.push(adapter().connect(store));
    const events = heard();
    store.update({ statistics: 'granted', marketing: 'denied' });
    expect(events).toEqual([{ statistics: 'allow' }, { marketing: 'deny' }]);
    expect(document.cookie).toContain('wp_consent_marketing=deny');
  });

  test('reads earlier choices back from the consent cookies', () => {
    document.cookie = 'wp_consent_marketing=allow; path=/';
    const store = createConsentStore();
    stops.push(adapter().connect(store));
    expect(consentFor(store.getSnapshot(), 'marketing')).toBe('granted');
    expect(consentFor(store.getSnapshot(), 'statistics')).toBe('pending');
  });

  test('disconnecting removes the globals', () => {
    const stop = adapter().connect(createConsentStore());
    stop();
    expect(win.wp_has_consent).toBeUndefined();
  });

  test('a cookie prefix of the page’s own', () => {
    const store = createConsentStore();
    stops.push(adapter({ cookiePrefix: 'shop_consent', cookieDays: 1 }).connect(store));
    store.set('statistics', 'granted');
    expect(document.cookie).toContain('shop_consent_statistics=allow');
    expect(document.cookie).not.toContain('wp_consent_statistics');
  });
});

describe('wpConsentApi without a consent plugin, provide: false', () => {
  test('with provide: false nothing is defined', () => {
    const store = createConsentStore();
    stops.push(wpConsentApi({ provide: false }).connect(store));
    expect(win.wp_has_consent).toBeUndefined();
    expect(store.getSnapshot().framework).toBe(false);
  });
});

describe('wpConsentApi with a consent plugin on the page', () => {
  /** A stand-in for the WP Consent API plugin: cookies plus the change event. */
  function installPlugin(type?: string) {
    const calls: Array<[string, string]> = [];
    win.wp_consent_type = type;
    win.wp_has_consent = (category) =>
      !win.wp_consent_type || document.cookie.includes(`wp_consent_${category}=allow`);
    win.wp_set_consent = (category, value) => {
      calls.push([category, value]);
      document.cookie = `wp_consent_${category}=${value}; path=/`;
      document.dispatchEvent(
        new CustomEvent('wp_listen_for_consent_change', { detail: { [category]: value } }),
      );
    };
    return calls;
  }

  test('follows the plugin’s cookies and change events', () => {
    installPlugin('optin');
    document.cookie = 'wp_consent_marketing=allow; path=/';
    const store = createConsentStore();
    stops.push(wpConsentApi().connect(store));
    expect(store.getSnapshot()).toMatchObject({ framework: true, consentType: 'optin' });
    expect(consentFor(store.getSnapshot(), 'marketing')).toBe('granted');
    expect(canLoadAnalytics(store.getSnapshot())).toBe(false);

    document.dispatchEvent(
      new CustomEvent('wp_listen_for_consent_change', {
        detail: { statistics: 'allow', bogus: 'x' },
      }),
    );
    expect(canLoadAnalytics(store.getSnapshot())).toBe(true);
  });

  test('passes the store’s choices to wp_set_consent once, without echo', () => {
    const calls = installPlugin('optin');
    const store = createConsentStore();
    stops.push(wpConsentApi().connect(store));
    store.set('statistics', 'granted');
    store.set('statistics', 'granted');
    expect(calls).toEqual([['statistics', 'allow']]);
    expect(store.getSnapshot().choices.statistics).toBe('granted');
  });

  test('a plugin without a consent type yet means consent, until it defines one', () => {
    installPlugin(undefined);
    const store = createConsentStore();
    stops.push(wpConsentApi().connect(store));
    expect(canLoadAnalytics(store.getSnapshot())).toBe(true);
    win.wp_consent_type = 'optin';
    document.dispatchEvent(new Event('wp_consent_type_defined'));
    expect(canLoadAnalytics(store.getSnapshot())).toBe(false);
  });
});

describe('wpConsentApiProvider on a page with a consent plugin', () => {
  test('provides its own API in place of the plugin’s: it never follows it', () => {
    const pluginCalls: string[] = [];
    win.wp_consent_type = undefined; // a plugin with no type yet would mean "consent" to a follower
    win.wp_has_consent = () => true;
    win.wp_set_consent = (category) => void pluginCalls.push(category);
    const store = createConsentStore();
    stops.push(wpConsentApiProvider().connect(store));
    expect(store.getSnapshot().framework).toBe(true);
    expect(canLoadAnalytics(store.getSnapshot())).toBe(false);
    expect(win.wp_has_consent?.('statistics')).toBe(false);
    store.set('statistics', 'granted');
    expect(pluginCalls).toEqual([]);
    expect(document.cookie).toContain('wp_consent_statistics=allow');
  });
});

describe('Google Consent Mode v2', () => {
  test('maps the categories to the seven signals', () => {
    const snapshot = createConsentStore({
      framework: true,
      initial: { statistics: 'granted', marketing: 'denied', functional: 'granted' },
    }).getSnapshot();
    expect(toGoogleConsent(snapshot)).toEqual({
      ad_storage: 'denied',
      ad_user_data: 'denied',
      ad_personalization: 'denied',
      analytics_storage: 'granted',
      functionality_storage: 'granted',
      personalization_storage: 'denied',
      security_storage: 'granted',
    });
  });

  test('emits the default on connect and an update only when a signal changes', () => {
    const calls: unknown[][] = [];
    const store = createConsentStore({ framework: true });
    stops.push(googleConsentMode({ gtag: (...args) => calls.push(args) }).connect(store));
    store.set('preferences', 'denied'); // still denied: no update
    store.set('marketing', 'granted');
    expect(calls).toEqual([
      [
        'consent',
        'default',
        expect.objectContaining({
          ad_storage: 'denied',
          analytics_storage: 'denied',
          wait_for_update: 500,
        }),
      ],
      [
        'consent',
        'update',
        expect.objectContaining({ ad_storage: 'granted', ad_user_data: 'granted' }),
      ],
    ]);
  });

  test('without gtag it pushes Arguments objects to the data layer', () => {
    delete win.dataLayer;
    stops.push(googleConsentMode().connect(createConsentStore()));
    const entry = win.dataLayer?.[0] as unknown as IArguments;
    expect(Object.prototype.toString.call(entry)).toBe('[object Arguments]');
    expect([...entry]).toEqual([
      'consent',
      'default',
      expect.objectContaining({ security_storage: 'granted' }),
    ]);
  });
});
