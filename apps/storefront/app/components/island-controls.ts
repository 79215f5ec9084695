/**
 * What the islands (components/Island.tsx) carry from the server's markup to the live one: the
 * values the shopper typed or chose and the focus. Loaded with an island's first waking, beside
 * the island's own code (decision 0067), so no page pays for it before a shopper comes to one.
 */
import { controlsOf } from '../lib/island-page';

/**
 * The values and focus of an island's server-rendered controls, carried over to the live ones:
 * for each control what the shopper changed (its value, or a box's or radio's checked state;
 * `undefined` for what is as the server rendered it).
 */
export interface ControlState {
  values: Array<[value: string | undefined, checked: boolean | undefined]>;
  names: Array<string | undefined>;
  focused: number;
  /** Whether the focused field's whole text was selected (as a Tab into it selects it). */
  selected: boolean;
}

/** A select's value as the server rendered it: its default option's, else its first's. */
const defaultOf = (select: HTMLSelectElement) =>
  (Array.from(select.options).find((option) => option.defaultSelected) ?? select.options[0])
    ?.value ?? '';

/**
 * What the shopper changed in `control`: only that is carried, so a live island whose data moved
 * on since the server rendered it (other rates, another cart) shows its own, not the old markup's.
 */
function changeOf(control: HTMLInputElement): [string | undefined, boolean | undefined] {
  if (control.type === 'checkbox' || control.type === 'radio') {
    return [undefined, control.checked === control.defaultChecked ? undefined : control.checked];
  }
  const rendered =
    control.tagName === 'SELECT'
      ? defaultOf(control as unknown as HTMLSelectElement)
      : control.defaultValue;
  return [control.value === rendered ? undefined : control.value, undefined];
}

export function readControls(root: HTMLElement): ControlState {
  const controls = controlsOf(root);
  const active = root.ownerDocument.activeElement as HTMLInputElement;
  const focused = controls.indexOf(active);
  return {
    values: controls.map(changeOf),
    names: controls.map(nameOf),
    focused,
    // Read through the document's selection: a number field has no selectionStart to read.
    selected:
      focused !== -1 &&
      typeof active.value === 'string' &&
      active.value !== '' &&
      root.ownerDocument.getSelection()?.toString() === active.value,
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
 * a ticked box, a chosen option, the focus and a selected text); what the shopper left as it was
 * is left as the live markup renders it. The same controls in the same order are matched by
 * place; when the live markup has more or fewer (a "Clear" button that only scripts offer),
 * named fields are matched by name. A select whose option the shopper changed is told so with a
 * `change` event, as the browser would: a live select that React controls takes the choice into
 * its state instead of showing it while the page goes on with the old one. Returns whether it
 * told any: the state that follows is React's next render's, not the markup's yet.
 */
export function restoreControls(root: HTMLElement, state: ControlState): boolean {
  const controls = controlsOf(root);
  let told = false;
  const samePlaces = controls.length === state.values.length;
  const placeOf = (control: HTMLInputElement, index: number) => {
    const name = nameOf(control);
    return samePlaces ? index : name ? state.names.indexOf(name) : -1;
  };
  controls.forEach((control, index) => {
    const carried = state.values[placeOf(control, index)];
    if (carried === undefined) return;
    const [value, checked] = carried;
    if (control.type === 'checkbox' || control.type === 'radio') {
      if (checked !== undefined) control.checked = checked;
    } else if (control.tagName === 'BUTTON' || control.type === 'hidden' || value === undefined)
      return;
    else if (control.value !== value) {
      control.value = value;
      if (control.tagName === 'SELECT') {
        control.dispatchEvent(new Event('change', { bubbles: true }));
        told = true;
      }
    }
  });
  const focused = state.focused;
  const by = state.names[focused];
  const target = samePlaces
    ? controls[focused]
    : by
      ? controls.find((c) => nameOf(c) === by)
      : undefined;
  target?.focus();
  // The text the shopper was about to type over stays selected: a key pressed next replaces it,
  // as it would have in the server's field (not "12" for a "2" typed over "1").
  if (state.selected && typeof target?.select === 'function') target.select();
  return told;
}
