import { consentFor, createConsentStore } from '@cartwright/consent-analytics';
import type { ConsentSnapshot } from '@cartwright/consent-analytics';
import { createAttributionTracker } from '@cartwright/order-attribution';
import type { CookieJar } from '@cartwright/order-attribution';
import { describe, expect, test } from 'vitest';
import type { PrivacyStep } from './privacy';
import { startAttribution } from './privacy-attribution';

/** A cookie jar that records every cookie written, in order. */
function jar(): CookieJar & { written: string[] } {
  const values = new Map<string, string>();
  const written: string[] = [];
  return {
    written,
    get: () => [...values].map(([name, value]) => `${name}=${value}`).join('; '),
    set(cookie) {
      written.push(cookie);
      const [pair = ''] = cookie.split(';');
      const at = pair.indexOf('=');
      const name = pair.slice(0, at);
      if (/max-age=-/.test(cookie)) values.delete(name);
      else values.set(name, pair.slice(at + 1));
    },
  };
}

const options = { domain: 'shop.example', userAgent: 'test-agent' };
const LANDING = 'https://shop.example/shop/?utm_source=news&utm_medium=email';
const NEXT = 'https://shop.example/cart/';
const T0 = Date.UTC(2026, 10, 27, 9, 0, 0);

/**
 * What a tracker made at the start and told each step live writes, against what the lazy
 * chunk writes when it replays the same steps afterwards (decision 0055).
 */
function bothWays(steps: Array<{ at: number; consent?: 'granted' | 'denied'; view?: string }>) {
  const liveConsent = createConsentStore({ framework: true });
  const liveJar = jar();
  let now = T0;
  const live = createAttributionTracker({
    ...options,
    cookies: liveJar,
    consent: consentFor(liveConsent.getSnapshot(), 'marketing'),
    now: () => now,
  });
  liveConsent.subscribe((snapshot) => live.setConsent(consentFor(snapshot, 'marketing')));

  const consent = createConsentStore({ framework: true });
  const log: PrivacyStep[] = [{ at: T0, consent: consent.getSnapshot() }];
  for (const step of steps) {
    now = step.at;
    if (step.consent) {
      liveConsent.set('marketing', step.consent);
      consent.set('marketing', step.consent);
    }
    if (step.view) live.pageView({ url: step.view });
    const snapshot: ConsentSnapshot = consent.getSnapshot();
    log.push({ at: step.at, consent: snapshot, ...(step.view ? { view: step.view } : {}) });
  }
  const lazyJar = jar();
  // The chunk arrives later than every step: its clock is the log's, not the arrival's.
  const replayed = startAttribution(consent, log, { ...options, cookies: lazyJar });
  return { consent, live, liveJar, replayed, lazyJar };
}

describe('the lazy attribution tracker replays the page log', () => {
  test('two views held while consent is pending, then a grant: the same cookies as a tracker that was there', () => {
    const { live, liveJar, replayed, lazyJar } = bothWays([
      { at: T0 + 1_000, view: LANDING },
      { at: T0 + 5_000, view: NEXT },
      { at: T0 + 9_000, consent: 'granted' },
    ]);
    expect(replayed.getSnapshot().values).toEqual(live.getSnapshot().values);
    expect(replayed.getSnapshot().values.utm_source).toBe('news');
    expect(replayed.getSnapshot().values.session_pages).toBe('2');
    // The same session start time: the landing's (the log's clock), not the chunk's arrival.
    expect(replayed.getSnapshot().values.session_start_time).toBe(
      live.getSnapshot().values.session_start_time,
    );
    expect(lazyJar.written.map((cookie) => cookie.split('=')[0])).toEqual(
      liveJar.written.map((cookie) => cookie.split('=')[0]),
    );
  });

  test('a view after a grant and one after a withdrawal: stored, then every cookie deleted', () => {
    const { live, replayed, lazyJar } = bothWays([
      { at: T0 + 1_000, consent: 'granted' },
      { at: T0 + 2_000, view: LANDING },
      { at: T0 + 3_000, consent: 'denied' },
      { at: T0 + 4_000, view: NEXT },
    ]);
    expect(replayed.getSnapshot()).toEqual(live.getSnapshot());
    expect(replayed.getSnapshot().reason).toBe('consent_denied');
    expect(lazyJar.get()).toBe('');
    expect(lazyJar.written.some((cookie) => cookie.startsWith('sbjs_current=typ%3Dutm'))).toBe(
      true,
    );
  });

  test('after its replay it follows the page: a later withdrawal deletes the cookies it stored', () => {
    const { consent, replayed, lazyJar } = bothWays([
      { at: T0 + 1_000, view: LANDING },
      { at: T0 + 2_000, consent: 'granted' },
    ]);
    expect(lazyJar.get()).toMatch(/sbjs_current=/);
    expect(replayed.getSnapshot().reason).toBeNull();
    consent.set('marketing', 'denied');
    expect(lazyJar.get()).toBe('');
    expect(replayed.getSnapshot().reason).toBe('consent_denied');
  });
});
