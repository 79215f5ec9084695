import { expect, test } from 'vitest';
import { sanitizeBranding } from './index';

test('sanitizeBranding without a DOM (server rendering) refuses with dom_unavailable instead of passing HTML through', () => {
  expect(typeof window).toBe('undefined');
  expect(() => sanitizeBranding('<img src=x onerror=alert(1)>')).toThrow(
    expect.objectContaining({ name: 'AddressAutocompleteError', code: 'dom_unavailable' }),
  );
});
