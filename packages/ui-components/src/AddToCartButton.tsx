import {
  useEffect,
  useId,
  useRef,
  type FormEvent,
  type MouseEvent,
  type ReactElement,
  type ReactNode,
} from 'react';
import { useAnnounce } from './AnnouncerProvider';
import { UiComponentsError } from './errors';
import { addMessages, defaultTranslator, type Translator } from './messages';
import { useMessages } from './MessagesProvider';
import { ADD_TO_CART_MESSAGES } from './messages-add-to-cart';

/** What {@link AddToCartButtonProps.renderLink} receives: the "View cart" link's props. */
export interface AddToCartLinkProps {
  href: string;
  className: string;
  children: ReactNode;
}

const defaultLink = ({ children, ...props }: AddToCartLinkProps) => <a {...props}>{children}</a>;

/** Where an add-to-cart button is: the `status` of cart-queue's `AddButtonState`. */
export type AddToCartStatus = 'idle' | 'loading' | 'added' | 'error';

/**
 * What an add sends: every data attribute of the button, by its dataset name
 * (`product_id`, `product_sku`, `quantity`, `success_message`), as WooCommerce's
 * add-to-cart script posts them. Pass it as cart-queue's `add(id, { data })`.
 */
export type AddToCartData = Readonly<{
  product_id: string;
  product_sku: string;
  quantity: string;
  success_message: string;
}>;

/** Props of {@link AddToCartButton}. */
export interface AddToCartButtonProps {
  /** The product id (`data-product_id`, and the no-JavaScript `add-to-cart` value). */
  productId: string | number;
  /** The product name, for the accessible name "Add to cart: “{name}”" and the messages. */
  name: string;
  /**
   * The product SKU (`data-product_sku`).
   * @default ''
   */
  sku?: string | undefined;
  /**
   * How many to add (`data-quantity`, and the hidden `quantity` field of the form).
   * @default 1
   */
  quantity?: number | undefined;
  /**
   * Announced after a successful add (`data-success_message`). Pass `''` for none
   * (WooCommerce's value when the product cannot be bought).
   * @default '“{name}” has been added to your cart'
   */
  successMessage?: string | undefined;
  /**
   * The button's state, usually `snapshot.buttons[id].status` from cart-queue.
   * `loading` marks the button `aria-busy` (and adds WooCommerce's `loading` class),
   * `added` adds `added`, `error` shows {@link AddToCartButtonProps.errorMessage}.
   * @default 'idle'
   */
  status?: AddToCartStatus | undefined;
  /**
   * Show the "View cart" link next to the button (cart-queue's `showViewCart`: added,
   * with fragments, not on the cart page).
   * @default false
   */
  showViewCart?: boolean | undefined;
  /**
   * The cart page's URL, for the "View cart" link.
   * @default '/cart/'
   */
  cartUrl?: string | undefined;
  /**
   * Renders the "View cart" link (pass your router's link, so that following it is a
   * client-side navigation).
   * @default a plain <a>
   */
  renderLink?: ((props: AddToCartLinkProps) => ReactNode) | undefined;
  /**
   * The message shown when `status` is `'error'`; it describes the button and is
   * announced through the page's assertive live region.
   * @default 'Sorry, “{name}” could not be added to your cart. Please try again.'
   */
  errorMessage?: ReactNode;
  /**
   * Render a link to this URL instead of a form: WooCommerce's listing markup, e.g.
   * `?add-to-cart=42`, which adds the product when followed without JavaScript.
   * @default undefined (a form)
   */
  href?: string | undefined;
  /**
   * The form's action (it is posted with `add-to-cart`, `product_id` and `quantity`).
   * Ignored when `href` is given.
   * @default `?add-to-cart={productId}` (this page)
   */
  action?: string | undefined;
  /**
   * A quantity control for the form, e.g. `<QuantityInput />`, shown before the
   * button; its `quantity` field then replaces the hidden one, and is what an add sends.
   * @default undefined (a hidden `quantity` field)
   */
  quantityField?: ReactNode;
  /**
   * The button's visible text. Keep it at the start of "Add to cart: “{name}”" so the
   * visible label stays part of the accessible name (WCAG 2.5.3).
   * @default the catalogue's 'addToCart.button' ("Add to cart")
   */
  label?: string | undefined;
  /**
   * The product type, for WooCommerce's `product_type_{type}` class.
   * @default 'simple'
   */
  productType?: string | undefined;
  /**
   * Ignore activations while `status` is `'loading'` and mark the button
   * `aria-disabled`. The button is never `disabled`, so it keeps keyboard focus. Off by
   * default: WooCommerce queues every click, so five quick clicks add five.
   * @default false
   */
  disableWhileLoading?: boolean | undefined;
  /**
   * Called instead of the no-JavaScript navigation when the shopper adds, with what
   * to send; the default action is prevented. Without it, the form posts (or the link
   * is followed). Modified clicks on the link (new tab, …) are left to the browser.
   * @default undefined
   */
  onAdd?: ((data: AddToCartData, event: FormEvent | MouseEvent) => void) | undefined;
}

/**
 * "Add to cart: “Beanie”" (WooCommerce's loop button label), from the catalogue.
 * @example addToCartLabel('Beanie') // "Add to cart: “Beanie”"
 */
export function addToCartLabel(name: string, t: Translator = defaultTranslator): string {
  addMessages(ADD_TO_CART_MESSAGES);
  return t.format('addToCart.label', { name });
}

/**
 * "“Beanie” has been added to your cart" (WooCommerce's success message), from the
 * catalogue.
 * @example addToCartSuccessMessage('Beanie') // "“Beanie” has been added to your cart"
 */
export function addToCartSuccessMessage(name: string, t: Translator = defaultTranslator): string {
  addMessages(ADD_TO_CART_MESSAGES);
  return t.format('addToCart.success', { name });
}

/**
 * An add-to-cart control that works without JavaScript and renders the states of
 * cart-queue's add state machine (spec §4 "Add-to-cart button").
 *
 * - Without JavaScript it is a `<form method="post">` with a submit button (or, with
 *   `href`, WooCommerce's `?add-to-cart={id}` link).
 * - It carries WooCommerce's classes (`button add_to_cart_button ajax_add_to_cart`,
 *   plus `loading` / `added`) and data attributes (`data-product_id`,
 *   `data-product_sku`, `data-quantity`, `data-success_message`), so classic theme CSS
 *   and cart-queue's classic drop-in both recognise it.
 * - Its accessible name is "Add to cart: “{name}”". The same element stays mounted in
 *   every state, so focus stays on it; while loading it is `aria-busy`.
 * - When `showViewCart`, a "View cart" link follows it; on `error`, an alert says so.
 *
 * @throws {UiComponentsError} `invalid_quantity` when `quantity` is not a positive integer.
 *
 * @example
 * const state = snapshot.buttons[id] ?? { status: 'idle', showViewCart: false };
 * <AddToCartButton
 *   productId={id}
 *   name="Beanie"
 *   sku="woo-beanie"
 *   href={`?add-to-cart=${id}`}
 *   status={state.status}
 *   showViewCart={state.showViewCart}
 *   onAdd={(data) => cart.add(String(id), { data, successMessage: data.success_message })}
 * />
 */
export function AddToCartButton({
  productId,
  name,
  sku = '',
  quantity = 1,
  successMessage,
  status = 'idle',
  showViewCart = false,
  cartUrl = '/cart/',
  renderLink = defaultLink,
  errorMessage,
  href,
  action,
  quantityField,
  label,
  productType = 'simple',
  disableWhileLoading = false,
  onAdd,
}: AddToCartButtonProps): ReactElement {
  if (!Number.isSafeInteger(quantity) || quantity < 1) {
    throw new UiComponentsError(
      'invalid_quantity',
      'AddToCartButton: quantity must be a positive integer',
      { input: quantity },
    );
  }
  const t = useMessages(ADD_TO_CART_MESSAGES);
  const errorId = useId();
  const id = String(productId);
  const data: AddToCartData = {
    product_id: id,
    product_sku: sku,
    quantity: String(quantity),
    success_message: successMessage ?? addToCartSuccessMessage(name, t),
  };
  const loading = status === 'loading';
  const blocked = disableWhileLoading && loading;
  const failed = status === 'error';
  const errorText = t.format('addToCart.error', { name });
  // The error is announced through the page's assertive region (not role="alert"
  // here), read from the paragraph so a custom `errorMessage` node is said as shown.
  const announce = useAnnounce();
  const errorRef = useRef<HTMLParagraphElement>(null);
  const errorKey = typeof errorMessage === 'string' ? errorMessage : errorText;
  useEffect(() => {
    if (!failed) return undefined;
    return announce(errorRef.current?.textContent ?? errorKey, { politeness: 'assertive' });
  }, [announce, failed, errorKey]);

  const control = {
    className: [
      'button',
      `product_type_${productType}`,
      'add_to_cart_button',
      'ajax_add_to_cart',
      'cw-button',
      'cw-add-to-cart__button',
      loading ? 'loading' : '',
      status === 'added' ? 'added' : '',
    ]
      .filter(Boolean)
      .join(' '),
    'aria-label': addToCartLabel(name, t),
    'aria-busy': loading,
    'aria-disabled': blocked ? true : undefined,
    'aria-describedby': failed ? errorId : undefined,
    'data-product_id': data.product_id,
    'data-product_sku': data.product_sku,
    'data-quantity': data.quantity,
    'data-success_message': data.success_message,
  };

  const after = (
    <>
      {showViewCart
        ? renderLink({
            href: cartUrl,
            className: 'added_to_cart wc-forward cw-add-to-cart__view-cart',
            children: t.format('addToCart.viewCart'),
          })
        : null}
      {failed ? (
        <p className="cw-add-to-cart__error" id={errorId} ref={errorRef}>
          {errorMessage ?? errorText}
        </p>
      ) : null}
    </>
  );

  if (href !== undefined) {
    const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
      if (!onAdd) return;
      const modified =
        event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey;
      if (modified) return;
      event.preventDefault();
      if (!blocked) onAdd(data, event);
    };
    return (
      <div className="cw-add-to-cart">
        <a {...control} href={href} rel="nofollow" onClick={onClick}>
          {label ?? t.format('addToCart.button')}
        </a>
        {after}
      </div>
    );
  }

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (!onAdd) return;
    event.preventDefault();
    if (blocked) return;
    const typed = new FormData(event.currentTarget).get('quantity');
    onAdd(typeof typed === 'string' && typed !== '' ? { ...data, quantity: typed } : data, event);
  };
  return (
    <form
      className="cart cw-add-to-cart"
      method="post"
      action={action ?? `?add-to-cart=${encodeURIComponent(id)}`}
      onSubmit={onSubmit}
    >
      {quantityField ?? <input type="hidden" name="quantity" value={data.quantity} />}
      <input type="hidden" name="product_id" value={id} />
      <button {...control} type="submit" name="add-to-cart" value={id}>
        {label ?? t.format('addToCart.button')}
      </button>
      {after}
    </form>
  );
}
