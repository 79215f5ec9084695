/**
 * The id of an island page's data block (decision 0082): the root route's data as JSON, written by
 * `components/IslandScripts` and read by the islands' runtime (`app/islands.client.tsx`).
 */
export const ROOT_DATA_ID = 'cw-root-data';

/** The attribute on `<html>` that marks an island page: its entry starts the islands' runtime. */
export const ISLAND_PAGE_ATTRIBUTE = 'data-cw-islands';

/**
 * What on the server-rendered markup wakes an island: a pointer coming over it, focus moving
 * into it (the keyboard's Tab, a screen reader's form mode), a touch, or a value changed in it
 * without any of those (assistive technology or an extension setting a field). Each bubbles, so
 * one listener on a wrapper hears them from every control inside.
 */
export const WAKE_EVENTS = ['pointerover', 'focusin', 'touchstart', 'input', 'change'] as const;

/**
 * What a shopper can act on in an island, in document order: the same list in the server's
 * markup and in the live one, so a place in it names the same control in both.
 */
export const controlsOf = (root: Element) =>
  Array.from(
    root.querySelectorAll<HTMLInputElement>('a[href], button, input, select, textarea, form'),
  );

/**
 * The control a click or a submit acts through, when it acts by itself (a submit, a link, a
 * button, a submit input): what a part of the page not live yet holds until it is.
 */
export function actingControl(event: Event): Element | null {
  const target = event.target as Element;
  return event.type === 'submit'
    ? target
    : target.closest('a[href], button, input[type=submit], input[type=image]');
}
