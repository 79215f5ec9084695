import { describe, expect, test } from 'vitest';
import { COUNTRY_STATES, isStateOf, statesOf } from './index';

describe('address data', () => {
  test('the US, Canada and Australia list their states and require one', () => {
    expect(statesOf('US')?.required).toBe(true);
    expect(statesOf('US')?.states).toHaveLength(54);
    expect(statesOf('US')?.states.find((s) => s.code === 'CA')?.name).toBe('California');
    expect(statesOf('CA')?.label).toBe('Province');
    expect(statesOf('AU')?.states.map((s) => s.code)).toEqual([
      'ACT',
      'NSW',
      'NT',
      'QLD',
      'SA',
      'TAS',
      'VIC',
      'WA',
    ]);
  });

  test('a country without a list, or an inherited property name, has none', () => {
    expect(statesOf('GB')).toBeUndefined();
    expect(statesOf('toString')).toBeUndefined();
    expect(isStateOf('GB', 'anything')).toBe(true);
  });

  test('codes are unique and names present in every list', () => {
    for (const entry of Object.values(COUNTRY_STATES)) {
      const codes = entry.states.map((s) => s.code);
      expect(new Set(codes).size).toBe(codes.length);
      for (const state of entry.states) expect(state.name.length).toBeGreaterThan(1);
    }
    expect(isStateOf('US', 'NY')).toBe(true);
    expect(isStateOf('US', 'ZZ')).toBe(false);
  });
});
