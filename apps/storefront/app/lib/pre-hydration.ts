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
