// @vitest-environment jsdom
import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, test } from 'vitest';
import { canLoadAnalytics, createConsentStore } from '../index';
import { useConsent } from './index';

afterEach(cleanup);

describe('useConsent', () => {
  test('returns the store snapshot and re-renders when consent changes', () => {
    const store = createConsentStore({ framework: true });
    const { result } = renderHook(() => useConsent(store));
    expect(result.current).toBe(store.getSnapshot());
    expect(canLoadAnalytics(result.current)).toBe(false);

    act(() => store.set('statistics', 'granted'));

    expect(result.current.categories.statistics).toBe('granted');
    expect(canLoadAnalytics(result.current)).toBe(true);
  });

  test('does not re-render when a change leaves the snapshot as it was', () => {
    const store = createConsentStore({ initial: { marketing: 'granted' } });
    let renders = 0;
    renderHook(() => {
      renders += 1;
      return useConsent(store);
    });
    const initialRenders = renders;
    act(() => store.set('marketing', 'granted'));
    expect(renders).toBe(initialRenders);
  });

  test('subscribes once while mounted and unsubscribes on unmount', () => {
    const store = createConsentStore();
    let active = 0;
    const counted = {
      ...store,
      subscribe: (listener: Parameters<typeof store.subscribe>[0]) => {
        active += 1;
        const unsubscribe = store.subscribe(listener);
        return () => {
          active -= 1;
          unsubscribe();
        };
      },
    };
    const { unmount } = renderHook(() => useConsent(counted));
    expect(active).toBe(1);
    unmount();
    expect(active).toBe(0);
  });
});
