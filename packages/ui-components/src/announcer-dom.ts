import type { Announcer, Politeness } from './announcer';
import { attachAnnouncer } from './announcer-attach';
import { liveRegionAttributes } from './announcer-live-region';

/**
 * Renders an announcer's two live regions into `document.body` without React (for
 * classic pages and the framework-free drop-ins). Mount it at page load: screen
 * readers only watch regions that exist before their content changes.
 *
 * @returns the unmount: it removes the regions and stops listening.
 * @example
 * const announcer = createAnnouncer();
 * const unmount = mountAnnouncer(announcer, document);
 * announcer.announce('Cart updated.');
 */
export function mountAnnouncer(announcer: Announcer, doc: Document): () => void {
  const make = (politeness: Politeness) => {
    const region = doc.createElement('div');
    region.className = 'cw-announcer cw-visually-hidden';
    for (const [name, value] of Object.entries(liveRegionAttributes(politeness))) {
      region.setAttribute(name, value);
    }
    doc.body.append(region);
    return region;
  };
  const regions = { polite: make('polite'), assertive: make('assertive') };
  const detach = attachAnnouncer(announcer, regions);
  return () => {
    detach();
    regions.polite.remove();
    regions.assertive.remove();
  };
}
