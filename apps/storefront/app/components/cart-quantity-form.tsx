import { QuantityInput } from '@cartwright/ui-components';
import { useEffect, useRef, type FormEvent } from 'react';
import { Form } from '../lib/routing';

/** Props of {@link CartQuantityForm}. */
export interface CartQuantityFormProps {
  /** The cart line's key, posted as `key`. */
  lineKey: string;
  /** The line's name as the page tells lines apart (with a variation's options). */
  label: string;
  /** The line's quantity now. */
  quantity: number;
  /** The quantity the server's markup shows (the page's first render of the line). */
  rendered: number;
  /** The most the line can take; none when undefined. */
  max: number | undefined;
  /** The page's update: through the cart queue with JavaScript (no page reload). */
  onUpdate: (event: FormEvent<HTMLFormElement>) => void;
}

/**
 * The live code of a cart line's quantity form (`components/CartQuantity`'s island, decision
 * 0069): the quantity field and its Update button, posted to the cart page's action without
 * JavaScript, sent through the page's `onUpdate` with it. The field shows the line's quantity
 * again whenever that changes (the store's answer, the mini-cart, another tab).
 */
export function CartQuantityForm({
  lineKey,
  label,
  quantity,
  rendered,
  max,
  onUpdate,
}: CartQuantityFormProps) {
  const form = useRef<HTMLFormElement>(null);
  // Woken because the line's quantity changed elsewhere: the server's markup (whose values the
  // island carried over) still shows the old one, so the field shows the new one unless the
  // shopper had already typed another.
  useEffect(() => {
    const field = form.current?.elements.namedItem('quantity');
    if (field instanceof HTMLInputElement && field.value === String(rendered)) {
      field.value = String(quantity);
    }
    // Once, on mount: later changes are written by the effect below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  // The line's quantity changed (the store's answer to this form, the mini-cart, another tab):
  // the same field shows it, so the focus stays where it was (a keyboard shopper who pressed
  // Enter in the field is still in it; a new field would drop the focus to the page's body).
  const shown = useRef(quantity);
  useEffect(() => {
    if (shown.current === quantity) return;
    shown.current = quantity;
    const field = form.current?.elements.namedItem('quantity');
    if (field instanceof HTMLInputElement) field.value = String(quantity);
  }, [quantity]);
  return (
    <Form method="post" className="cart-table__quantity" onSubmit={onUpdate} ref={form}>
      <input type="hidden" name="key" value={lineKey} />
      <QuantityInput
        name="quantity"
        label={`${label} quantity`}
        hideLabel
        min={0}
        max={max}
        defaultValue={quantity}
      />
      <button type="submit" className="cw-button">
        Update<span className="cw-visually-hidden"> {label}</span>
      </button>
    </Form>
  );
}
