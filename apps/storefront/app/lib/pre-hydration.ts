import { EARLY_CHOICES_GLOBAL } from './deferred-scripts';

/**
 * Whether a form control holds something else than the server's markup gave it: the shopper
 * changed it after the first paint but before the page hydrated (hydration keeps the DOM's
 * value and replays no change event), or the browser restored a form it remembered. A route
 * reads this once after hydration to catch up with what it missed (issue 16: no interaction
 * lost between first paint and hydration).
 */
export function changedSinceMarkup(control: Element): boolean {
  if (control instanceof HTMLSelectElement) {
    const initial = [...control.options].find((option) => option.defaultSelected);
    return control.value !== (initial ?? control.options[0])?.value;
  }
  if (control instanceof HTMLInputElement) {
    return control.type === 'checkbox' || control.type === 'radio'
      ? control.checked !== control.defaultChecked
      : control.value !== control.defaultValue;
  }
  return control instanceof HTMLTextAreaElement && control.value !== control.defaultValue;
}

/**
 * The choices the shopper made in the server's markup before the page hydrated, for the
 * selects named `names` (recorded by the inline loader, `lib/deferred-scripts.ts`): each is
 * given once and forgotten, so a later visit to the same route does not see it again. React
 * puts a controlled select back to the page's state when it hydrates; a route that keeps a
 * select's value in state calls this in a mount effect and applies what it gets.
 */
export function takeEarlyChoices(names: readonly string[]): Record<string, string> {
  const early = (window as unknown as Record<string, Record<string, string> | undefined>)[
    EARLY_CHOICES_GLOBAL
  ];
  const taken: Record<string, string> = {};
  if (!early) return taken;
  for (const name of names) {
    if (!Object.hasOwn(early, name)) continue;
    taken[name] = early[name] as string;
    delete early[name];
  }
  return taken;
}
