import type { Announcement, Announcer, Politeness } from './announcer';
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
  const nodes = new Map<number, HTMLElement>();
  const sync = (politeness: Politeness, entries: readonly Announcement[]) => {
    const region = regions[politeness];
    const keep = new Set(entries.map((entry) => entry.id));
    for (const child of [...region.children]) {
      const id = Number((child as HTMLElement).dataset['id']);
      if (!keep.has(id)) {
        child.remove();
        nodes.delete(id);
      }
    }
    for (const entry of entries) {
      if (nodes.has(entry.id)) continue;
      const node = doc.createElement('div');
      node.dataset['id'] = String(entry.id);
      node.textContent = entry.message;
      region.append(node);
      nodes.set(entry.id, node);
    }
  };
  const render = () => {
    const snapshot = announcer.getSnapshot();
    sync('polite', snapshot.polite);
    sync('assertive', snapshot.assertive);
  };
  render();
  const unsubscribe = announcer.subscribe(render);
  return () => {
    unsubscribe();
    regions.polite.remove();
    regions.assertive.remove();
  };
}
