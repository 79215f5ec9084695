import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test, vi } from 'vitest';
import {
  AddToCartButton,
  AnnouncerProvider,
  QuantityInput,
  createAnnouncer,
  isUiComponentsError,
} from './index';
import type { AddToCartData, AddToCartLinkProps } from './index';

const NAME = 'Beanie with Logo';

describe('AddToCartButton', () => {
  test('is a post form that adds the product without JavaScript', () => {
    render(<AddToCartButton productId={42} name={NAME} quantity={2} />);
    const button = screen.getByRole('button', { name: 'Add to cart: “Beanie with Logo”' });
    expect(button).toHaveTextContent('Add to cart');
    expect(button).toHaveAttribute('type', 'submit');
    const form = button.closest('form')!;
    expect(form).toHaveAttribute('method', 'post');
    expect(form).toHaveAttribute('action', '?add-to-cart=42');
    expect([...new FormData(form, button as HTMLButtonElement)]).toEqual([
      ['quantity', '2'],
      ['product_id', '42'],
      ['add-to-cart', '42'],
    ]);
  });

  test('carries WooCommerce’s classes and every data attribute', () => {
    render(<AddToCartButton productId="42" name={NAME} sku="woo-beanie" />);
    const button = screen.getByRole('button');
    for (const name of [
      'button',
      'product_type_simple',
      'add_to_cart_button',
      'ajax_add_to_cart',
    ]) {
      expect(button).toHaveClass(name);
    }
    expect(button).not.toHaveClass('loading');
    expect(button).not.toHaveClass('added');
    expect({ ...button.dataset }).toEqual({
      product_id: '42',
      product_sku: 'woo-beanie',
      quantity: '1',
      success_message: '“Beanie with Logo” has been added to your cart',
    });
  });

  test('as a link it points at the no-JavaScript add URL', () => {
    render(<AddToCartButton productId={42} name={NAME} href="/shop/?add-to-cart=42" />);
    const link = screen.getByRole('link', { name: 'Add to cart: “Beanie with Logo”' });
    expect(link).toHaveAttribute('href', '/shop/?add-to-cart=42');
    expect(link).toHaveAttribute('rel', 'nofollow');
    expect(link).toHaveAttribute('data-product_id', '42');
    expect(screen.queryByRole('button')).toBeNull();
  });

  test('while loading it is busy and marked loading, and stays enabled', () => {
    render(<AddToCartButton productId={42} name={NAME} status="loading" />);
    const button = screen.getByRole('button');
    expect(button).toHaveAttribute('aria-busy', 'true');
    expect(button).toHaveClass('loading');
    expect(button).toBeEnabled();
    expect(button).not.toHaveAttribute('aria-disabled');
  });

  test('keeps the same element, and its focus, through every state', () => {
    const { rerender } = render(<AddToCartButton productId={42} name={NAME} />);
    const button = screen.getByRole('button');
    button.focus();
    for (const status of ['loading', 'added', 'error', 'idle'] as const) {
      rerender(<AddToCartButton productId={42} name={NAME} status={status} showViewCart />);
      expect(screen.getByRole('button', { name: 'Add to cart: “Beanie with Logo”' })).toBe(button);
      expect(button).toHaveFocus();
    }
  });

  test('added shows the added class, and the View cart link only when asked', () => {
    const { rerender } = render(<AddToCartButton productId={42} name={NAME} status="added" />);
    expect(screen.getByRole('button')).toHaveClass('added');
    expect(screen.getByRole('button')).toHaveAttribute('aria-busy', 'false');
    expect(screen.queryByRole('link', { name: 'View cart' })).toBeNull();
    rerender(
      <AddToCartButton productId={42} name={NAME} status="added" showViewCart cartUrl="/basket/" />,
    );
    const viewCart = screen.getByRole('link', { name: 'View cart' });
    expect(viewCart).toHaveAttribute('href', '/basket/');
    expect(viewCart).toHaveClass('added_to_cart', 'wc-forward');
    expect(screen.getByRole('button').nextElementSibling).toBe(viewCart);
  });

  test("the View cart link is the app's own when renderLink is given (a router's link)", () => {
    const renderLink = vi.fn(({ children, ...props }: AddToCartLinkProps) => (
      <a {...props} data-router="">
        {children}
      </a>
    ));
    render(
      <AddToCartButton
        productId={42}
        name={NAME}
        status="added"
        showViewCart
        cartUrl="/basket/"
        renderLink={renderLink}
      />,
    );
    expect(renderLink).toHaveBeenCalledWith({
      href: '/basket/',
      className: 'added_to_cart wc-forward cw-add-to-cart__view-cart',
      children: 'View cart',
    });
    const viewCart = screen.getByRole('link', { name: 'View cart' });
    expect(viewCart).toHaveAttribute('data-router', '');
    expect(viewCart).toHaveAttribute('href', '/basket/');
  });

  test('an error describes the button and is announced assertively', () => {
    const announcer = createAnnouncer({ gapMs: 0 });
    const { rerender } = render(
      <AnnouncerProvider announcer={announcer}>
        <AddToCartButton productId={42} name={NAME} />
      </AnnouncerProvider>,
    );
    expect(announcer.getSnapshot().assertive).toEqual([]);
    rerender(
      <AnnouncerProvider announcer={announcer}>
        <AddToCartButton productId={42} name={NAME} status="error" />
      </AnnouncerProvider>,
    );
    const text = 'Sorry, “Beanie with Logo” could not be added to your cart. Please try again.';
    expect(screen.getByText(text, { selector: 'p' })).toBeInTheDocument();
    expect(screen.getByRole('button')).toHaveAccessibleDescription(text);
    rerender(
      <AnnouncerProvider announcer={announcer}>
        <AddToCartButton productId={42} name={NAME} status="error" errorMessage="Out of stock." />
      </AnnouncerProvider>,
    );
    expect(screen.getByRole('button')).toHaveAccessibleDescription('Out of stock.');
    expect(announcer.getSnapshot().assertive.map((entry) => entry.message)).toEqual([
      text,
      'Out of stock.',
    ]);
  });

  test('onAdd receives every data attribute instead of the form posting', async () => {
    const onAdd = vi.fn<(data: AddToCartData) => void>();
    const posted = vi.fn();
    render(<AddToCartButton productId={42} name={NAME} sku="B-1" onAdd={onAdd} />);
    // On the document, so it runs after React's root listener.
    const onSubmit = (event: Event) => {
      posted(event.defaultPrevented);
      event.preventDefault();
    };
    document.addEventListener('submit', onSubmit);
    await userEvent.click(screen.getByRole('button'));
    document.removeEventListener('submit', onSubmit);
    expect(onAdd).toHaveBeenCalledExactlyOnceWith(
      {
        product_id: '42',
        product_sku: 'B-1',
        quantity: '1',
        success_message: '“Beanie with Logo” has been added to your cart',
      },
      expect.anything(),
    );
    expect(posted).toHaveBeenCalledExactlyOnceWith(true);
  });

  test('every click while loading is still an add, unless disableWhileLoading', async () => {
    const onAdd = vi.fn();
    const { rerender } = render(
      <AddToCartButton productId={42} name={NAME} status="loading" onAdd={onAdd} />,
    );
    const button = screen.getByRole('button');
    await userEvent.click(button);
    await userEvent.click(button);
    expect(onAdd).toHaveBeenCalledTimes(2);
    rerender(
      <AddToCartButton
        productId={42}
        name={NAME}
        status="loading"
        onAdd={onAdd}
        disableWhileLoading
      />,
    );
    expect(button).toHaveAttribute('aria-disabled', 'true');
    expect(button).toBeEnabled();
    await userEvent.click(button);
    expect(onAdd).toHaveBeenCalledTimes(2);
    expect(button).toHaveFocus();
  });

  test('with a quantity field the typed quantity is posted and sent', async () => {
    const onAdd = vi.fn<(data: AddToCartData) => void>();
    render(
      <AddToCartButton
        productId={42}
        name={NAME}
        action="/product/beanie/"
        quantityField={<QuantityInput label="Beanie quantity" />}
        onAdd={onAdd}
      />,
    );
    const field = screen.getByRole('spinbutton', { name: 'Beanie quantity' });
    await userEvent.clear(field);
    await userEvent.type(field, '3{Enter}');
    expect(onAdd).toHaveBeenCalledOnce();
    expect(onAdd.mock.calls[0]![0].quantity).toBe('3');
    const form = field.closest('form')!;
    expect(form).toHaveAttribute('action', '/product/beanie/');
    expect(new FormData(form).getAll('quantity')).toEqual(['3']);
  });

  test('a modified click on the link is left to the browser', async () => {
    const onAdd = vi.fn();
    render(<AddToCartButton productId={42} name={NAME} href="?add-to-cart=42" onAdd={onAdd} />);
    const link = screen.getByRole('link');
    const prevented: boolean[] = [];
    // On the document, so it runs after React's root listener.
    const onClick = (event: Event) => {
      prevented.push(event.defaultPrevented);
      event.preventDefault(); // keep the test page put
    };
    document.addEventListener('click', onClick);
    const user = userEvent.setup();
    await user.keyboard('{Control>}');
    await user.click(link);
    await user.keyboard('{/Control}');
    await user.click(link);
    document.removeEventListener('click', onClick);
    expect(prevented).toEqual([false, true]);
    expect(onAdd).toHaveBeenCalledOnce();
  });

  test.each([0, -1, 1.5, Number.NaN])(
    'quantity %s is refused with invalid_quantity',
    (quantity) => {
      vi.spyOn(console, 'error').mockImplementation(() => undefined);
      let caught: unknown;
      try {
        render(<AddToCartButton productId={42} name={NAME} quantity={quantity} />);
      } catch (error) {
        caught = error;
      }
      expect(isUiComponentsError(caught) && caught.code).toBe('invalid_quantity');
    },
  );
});
