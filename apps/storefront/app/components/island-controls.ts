/**
 * What the islands (components/Island.tsx) carry from the server's markup to the live one: the
 * values the shopper typed or chose and the focus. Loaded with an island's first waking, beside
 * the island's own code (decision 0067), so no page pays for it before a shopper comes to one.
 */
import { controlsOf } from './Island';

/** The values and focus of an island's server-rendered controls, carried over to the live ones. */
export interface ControlState {
  values: Array<[value: string | undefined, checked: boolean | undefined]>;
  names: Array<string | undefined>;
  focused: number;
}

export function readControls(root: HTMLElement): ControlState {
  const controls = controlsOf(root);
  return {
    values: controls.map((control) => [control.value, control.checked]),
    names: controls.map(nameOf),
    focused: controls.indexOf(root.ownerDocument.activeElement as HTMLInputElement),
  };
}

/** A named field's key (a radio's with its value: the group shares the name); none for others. */
const nameOf = (control: HTMLInputElement): string | undefined =>
  control.name === '' || control.tagName === 'BUTTON'
    ? undefined
    : control.type === 'radio'
      ? `${control.name}=${control.value}`
      : control.name;

/**
 * Gives the live controls what the shopper already did to the server-rendered ones (typed text,
 * a ticked box, a chosen option, the focus). The same controls in the same order are matched by
 * place; when the live markup has more or fewer (a "Clear" button that only scripts offer),
 * named fields are matched by name. A select whose option the shopper changed is told so with a
 * `change` event, as the browser would: a live select that React controls takes the choice into
 * its state instead of showing it while the page goes on with the old one.
 */
export function restoreControls(root: HTMLElement, state: ControlState): void {
  const controls = controlsOf(root);
  const samePlaces = controls.length === state.values.length;
  const placeOf = (control: HTMLInputElement, index: number) => {
    const name = nameOf(control);
    return samePlaces ? index : name ? state.names.indexOf(name) : -1;
  };
  controls.forEach((control, index) => {
    const carried = state.values[placeOf(control, index)];
    if (carried === undefined) return;
    const [value, checked] = carried;
    if (control.type === 'checkbox' || control.type === 'radio') control.checked = !!checked;
    else if (control.tagName === 'BUTTON' || control.type === 'hidden' || value === undefined)
      return;
    else if (control.value !== value) {
      control.value = value;
      if (control.tagName === 'SELECT')
        control.dispatchEvent(new Event('change', { bubbles: true }));
    }
  });
  const focused = state.focused;
  const by = state.names[focused];
  (samePlaces
    ? controls[focused]
    : by
      ? controls.find((c) => nameOf(c) === by)
      : undefined
  )?.focus();
}
