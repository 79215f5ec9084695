import { describe, expect, test } from 'vitest';
import { CONSENT_CATEGORIES, canLoadAnalytics, createConsentStore } from './consent-store';
import type { ConsentCategory, ConsentSnapshot, ConsentState } from './consent-store';
import { ConsentAnalyticsError, isConsentAnalyticsError } from './errors';

describe('createConsentStore', () => {
  test('knows the five WP Consent API categories, in its order', () => {
    expect(CONSENT_CATEGORIES).toEqual([
      'functional',
      'preferences',
      'statistics',
      'statistics-anonymous',
      'marketing',
    ]);
  });

  test('starts with no framework and every category denied unless told otherwise', () => {
    expect(createConsentStore().getSnapshot()).toEqual({
      framework: false,
      categories: {
        functional: 'denied',
        preferences: 'denied',
        statistics: 'denied',
        'statistics-anonymous': 'denied',
        marketing: 'denied',
      },
      choices: {},
      consentType: 'optin',
      gpc: false,
    });
  });

  test('takes the framework flag and initial decisions', () => {
    const snapshot = createConsentStore({
      framework: true,
      initial: { statistics: 'granted', marketing: 'denied' },
    }).getSnapshot();
    expect(snapshot.framework).toBe(true);
    expect(snapshot.categories.statistics).toBe('granted');
    expect(snapshot.categories.functional).toBe('denied');
  });

  test('a change notifies listeners with a new, frozen snapshot and leaves the old one intact', () => {
    const store = createConsentStore({ framework: true });
    const before = store.getSnapshot();
    const heard: ConsentSnapshot[] = [];
    store.subscribe((snapshot) => heard.push(snapshot));

    store.set('statistics', 'granted');

    const after = store.getSnapshot();
    expect(after).not.toBe(before);
    expect(heard).toEqual([after]);
    expect(after.categories.statistics).toBe('granted');
    expect(before.categories.statistics).toBe('denied');
    expect(Object.isFrozen(after)).toBe(true);
    expect(Object.isFrozen(after.categories)).toBe(true);
    expect(() => {
      (after.categories as Record<string, string>).statistics = 'denied';
    }).toThrow(TypeError);
  });

  test('setting the same state again neither notifies nor replaces the snapshot', () => {
    const store = createConsentStore({ initial: { marketing: 'granted' } });
    const before = store.getSnapshot();
    let calls = 0;
    store.subscribe(() => (calls += 1));
    store.set('marketing', 'granted');
    store.update({ marketing: 'granted' });
    store.setFramework(false);
    store.setConsentType('optin');
    expect(calls).toBe(0);
    expect(store.getSnapshot()).toBe(before);
  });

  test('update applies several decisions with one notification', () => {
    const store = createConsentStore({ framework: true });
    const heard: ConsentSnapshot[] = [];
    store.subscribe((snapshot) => heard.push(snapshot));
    store.update({ statistics: 'granted', marketing: 'granted', preferences: undefined });
    expect(heard).toHaveLength(1);
    expect(heard[0]?.categories).toMatchObject({
      statistics: 'granted',
      marketing: 'granted',
      preferences: 'denied',
    });
  });

  test('setFramework records a framework that appears after load', () => {
    const store = createConsentStore();
    const events: boolean[] = [];
    store.subscribe((snapshot) => events.push(snapshot.framework));
    store.setFramework(true);
    expect(events).toEqual([true]);
    expect(store.getSnapshot().framework).toBe(true);
  });

  test('an unsubscribed listener hears nothing more, and unsubscribing twice is harmless', () => {
    const store = createConsentStore();
    const events: ConsentState[] = [];
    const unsubscribe = store.subscribe((snapshot) => events.push(snapshot.categories.statistics));
    store.set('statistics', 'granted');
    unsubscribe();
    unsubscribe();
    store.set('statistics', 'denied');
    expect(events).toEqual(['granted']);
  });

  test('a failing listener does not stop the others, and its error reaches the caller', () => {
    const store = createConsentStore();
    const failure = new Error('listener broke');
    const events: string[] = [];
    store.subscribe(() => {
      throw failure;
    });
    store.subscribe(() => events.push('second heard it'));
    expect(() => store.set('statistics', 'granted')).toThrow(failure);
    expect(events).toEqual(['second heard it']);
    expect(store.getSnapshot().categories.statistics).toBe('granted');
  });
});

describe('bad input', () => {
  test.each([
    [
      'an unknown category',
      () => createConsentStore().set('analytics' as ConsentCategory, 'granted'),
      'invalid_category',
    ],
    [
      'a WP Consent API value instead of a state',
      () => createConsentStore().set('statistics', 'allow' as ConsentState),
      'invalid_state',
    ],
    [
      'a missing state',
      () => createConsentStore().set('statistics', undefined as unknown as ConsentState),
      'invalid_state',
    ],
    [
      'an unknown category in update',
      () => createConsentStore().update({ cookies: 'granted' } as never),
      'invalid_category',
    ],
    ['a non-object update', () => createConsentStore().update(null as never), 'invalid_options'],
    [
      'an unknown initial category',
      () => createConsentStore({ initial: { ads: 'granted' } as never }),
      'invalid_category',
    ],
    [
      'an invalid initial state',
      () => createConsentStore({ initial: { marketing: 'yes' } as never }),
      'invalid_state',
    ],
    [
      'a framework flag that is not a boolean',
      () => createConsentStore({ framework: 'yes' as never }),
      'invalid_options',
    ],
    [
      'setFramework with a non-boolean',
      () => createConsentStore().setFramework(1 as never),
      'invalid_options',
    ],
    [
      'subscribe with a non-function',
      () => createConsentStore().subscribe('x' as never),
      'invalid_options',
    ],
  ])('refuses %s', (_title, run, code) => {
    let error: unknown;
    try {
      run();
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConsentAnalyticsError);
    expect(error).toMatchObject({ name: 'ConsentAnalyticsError', code });
  });

  test('an update with one bad entry changes nothing', () => {
    const store = createConsentStore();
    const before = store.getSnapshot();
    expect(() =>
      store.update({ statistics: 'granted', marketing: 'maybe' as ConsentState }),
    ).toThrow(expect.objectContaining({ code: 'invalid_state' }));
    expect(store.getSnapshot()).toBe(before);
  });

  test('isConsentAnalyticsError recognises a look-alike by name but not a plain Error', () => {
    expect(isConsentAnalyticsError({ name: 'ConsentAnalyticsError', code: 'invalid_state' })).toBe(
      true,
    );
    expect(isConsentAnalyticsError(new Error('x'))).toBe(false);
  });
});

describe('canLoadAnalytics', () => {
  test.each([
    ['no framework, nothing granted', false, {}, true],
    ['no framework, statistics denied', false, { statistics: 'denied' }, true],
    ['a framework, statistics granted', true, { statistics: 'granted' }, true],
    ['a framework, statistics denied', true, { statistics: 'denied' }, false],
    [
      'a framework, only statistics-anonymous granted',
      true,
      { 'statistics-anonymous': 'granted' },
      false,
    ],
    ['a framework, only marketing granted', true, { marketing: 'granted' }, false],
  ] as const)('with %s → %s', (_title, framework, initial, expected) => {
    expect(canLoadAnalytics(createConsentStore({ framework, initial }).getSnapshot())).toBe(
      expected,
    );
  });

  test('turns true when statistics consent is granted later', () => {
    const store = createConsentStore({ framework: true });
    const decisions: boolean[] = [];
    store.subscribe((snapshot) => decisions.push(canLoadAnalytics(snapshot)));
    expect(canLoadAnalytics(store.getSnapshot())).toBe(false);
    store.set('marketing', 'granted');
    store.set('statistics', 'granted');
    expect(decisions).toEqual([false, true]);
  });
});
