// Its own module: a page can tell typing from autofill without the form-fields code (the
// storefront loads the rest of the engine on the first keystroke, decision 0060).

/**
 * Whether an `input` event came from browser or password-manager autofill rather
 * than typing: autofill and extensions dispatch a plain `Event` (or an `InputEvent`
 * of type `insertReplacementText`), and browsers mark autofilled fields with
 * `:autofill`. Pass the result to `engine.input(value, { autofill })`: the list then
 * stays closed, and `autocomplete` is never switched off.
 *
 * @example
 * input.addEventListener('input', (event) => engine.input(input.value, { autofill: isAutofillEvent(event) }));
 */
export function isAutofillEvent(event: Event): boolean {
  const InputEventClass = globalThis.InputEvent;
  if (typeof InputEventClass === 'function' && !(event instanceof InputEventClass)) return true;
  if ((event as InputEvent).inputType === 'insertReplacementText') return true;
  const target = event.target as Element | null;
  for (const selector of [':autofill', ':-webkit-autofill']) {
    try {
      if (target?.matches?.(selector)) return true;
    } catch {
      // A browser that does not know the pseudo-class throws; try the next one.
    }
  }
  return false;
}
