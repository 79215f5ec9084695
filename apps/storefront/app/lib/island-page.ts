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
 * markup and in the live one, so a place in it names the same control in both (the live markup
 * may add controls only scripts offer: see {@link placeOf} for what is replayed there).
 */
export const controlsOf = (root: Element) =>
  Array.from(
    root.querySelectorAll<HTMLInputElement>('a[href], button, input, select, textarea, form'),
  );

/**
 * What a control is, as the server's markup and the live one both write it: its element, type,
 * name, value, link or action, and its text (a form's is all of its fields': left out).
 */
const kindOf = (control: Element) =>
  control.tagName +
  ['type', 'name', 'value', 'href', 'action'].map((name) => control.getAttribute(name)).join() +
  (control.tagName === 'FORM' ? '' : control.textContent);

/** The controls in `root` of one kind, in document order. */
const alike = (root: Element, kind: string): HTMLElement[] =>
  controlsOf(root).filter((control) => kindOf(control) === kind);

/**
 * Where a held click or submit acted (decision 0085): its kind ({@link kindOf}), which of the
 * alike controls in its island it was, and its place among all of them. The live markup that
 * replays it may have more controls than the server's (a variable product's "Clear options",
 * which only scripts offer, comes before its "Add to cart"): a place alone would name another.
 */
export type ControlPlace = [kind: string, nth: number, index: number];

export function placeOf(root: Element, control: Element): ControlPlace {
  const kind = kindOf(control);
  const at = (list: Element[]) => list.indexOf(control);
  return [kind, at(alike(root, kind)), at(controlsOf(root))];
}

/**
 * The control at `place` in `root` now: the same one of its kind, else (its text changed) the
 * one at its place.
 */
export const controlAt = (
  root: Element,
  [kind, nth, index]: ControlPlace,
): HTMLElement | undefined => alike(root, kind)[nth] ?? controlsOf(root)[index];

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
