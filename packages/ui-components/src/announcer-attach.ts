import type { Announcement, Announcer, Politeness } from './announcer';

/**
 * Keeps two live regions that are already in the page (a server-rendered
 * `AnnouncerProvider`'s, `[data-cw-announcer]`) in step with an announcer, without
 * React: for a page whose components announce through several React roots, or
 * none yet, into the regions the server rendered.
 *
 * @returns the detach: it stops listening and leaves the regions in place.
 * @example
 * const find = (p: string) => document.querySelector<HTMLElement>(`[data-cw-announcer="${p}"]`)!;
 * attachAnnouncer(announcer, { polite: find('polite'), assertive: find('assertive') });
 */
export function attachAnnouncer(
  announcer: Announcer,
  regions: Readonly<Record<Politeness, Element>>,
): () => void {
  const nodes = new Map<number, Element>();
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
      const node = region.ownerDocument.createElement('div');
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
  return announcer.subscribe(render);
}
