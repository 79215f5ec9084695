import type { AddressFields } from './engine';
import type { AddressType } from './types';

type FieldElement = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

/**
 * {@link AddressFields} for a WooCommerce address form: finds `[name="{type}_{field}"]`
 * inside `root` (a form, or a function returning it, resolved at each call) and sets
 * values so that they reach **both the DOM and React state**: the value goes through
 * the element prototype's setter (past React's value tracking) and a bubbling `change`
 * event follows, which React turns into `onChange` for controlled and uncontrolled
 * inputs alike, and which Select2-free WooCommerce scripts listen to. No `input`
 * event is sent, so filling `address_1` does not start a new search.
 *
 * @example
 * const fields = createFormFields(() => document.querySelector('form.checkout'), 'billing');
 */
export function createFormFields(
  root: ParentNode | (() => ParentNode | null | undefined),
  addressType: AddressType,
): AddressFields {
  const find = (field: string) =>
    (typeof root === 'function' ? root() : root)?.querySelector<FieldElement>(
      `[name="${addressType}_${field}"]`,
    ) ?? undefined;
  return {
    get: (field) => find(field)?.value,
    set(field, value) {
      const element = find(field);
      if (!element) return;
      // The prototype's setter, with the element as receiver: React's tracker on the
      // element itself then still holds the old value, so React sees a change.
      Reflect.set(Object.getPrototypeOf(element) as object, 'value', value, element);
      element.dispatchEvent(new Event('change', { bubbles: true }));
    },
  };
}
