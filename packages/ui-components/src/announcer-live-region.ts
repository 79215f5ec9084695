import type { Politeness } from './announcer';

/** The attributes of a live region, shared by the DOM and React renderers. */
export function liveRegionAttributes(politeness: Politeness): Readonly<Record<string, string>> {
  // role="log" with aria-atomic="false": each addition is read on its own, and the
  // messages still in the region are not read again (role="status" is atomic).
  return {
    role: 'log',
    'aria-live': politeness,
    'aria-relevant': 'additions',
    'aria-atomic': 'false',
    'data-cw-announcer': politeness,
  };
}
