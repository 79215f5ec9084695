// @vitest-environment jsdom
import { act, cleanup, render, renderHook } from '@testing-library/react';
import { createElement } from 'react';
import { afterEach, describe, expect, test } from 'vitest';
import { createMemoryJar } from '../../test/jar';
import { createAttributionTracker } from '../index';
import { AttributionInputs, useAttribution } from './index';

afterEach(cleanup);

const setup = () =>
  createAttributionTracker({
    consent: 'pending',
    cookies: createMemoryJar(() => 0).jar,
    now: () => 0,
    userAgent: 'UA',
  });

describe('useAttribution', () => {
  test('returns the snapshot and re-renders when consent arrives', () => {
    const tracker = setup();
    tracker.pageView({ url: 'https://shop.example/?utm_source=news', referrer: '' });
    const { result } = renderHook(() => useAttribution(tracker));
    expect(result.current.reason).toBe('consent_pending');
    act(() => tracker.setConsent('granted'));
    expect(result.current.values.utm_source).toBe('news');
  });
});

describe('AttributionInputs', () => {
  test('renders the 16 hidden inputs and fills them when consent is granted', () => {
    const tracker = setup();
    tracker.pageView({ url: 'https://shop.example/?utm_source=news', referrer: '' });
    const { container } = render(
      createElement('form', null, createElement(AttributionInputs, { tracker })),
    );
    const inputs = [...container.querySelectorAll('input')];
    expect(inputs).toHaveLength(16);
    expect(inputs.every((input) => input.type === 'hidden' && input.value === '')).toBe(true);
    act(() => tracker.setConsent('granted'));
    const form = new FormData(container.querySelector('form') ?? undefined);
    expect(form.get('wc_order_attribution_source_type')).toBe('utm');
    expect(form.get('wc_order_attribution_utm_source')).toBe('news');
    expect(form.get('wc_order_attribution_session_count')).toBe('1');
  });
});
