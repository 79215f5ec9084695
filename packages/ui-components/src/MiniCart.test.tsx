import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test, vi } from 'vitest';
import { usd } from './__fixtures__/products';
import {
  AnnouncerProvider,
  MessagesProvider,
  MiniCart,
  createAnnouncer,
  isUiComponentsError,
} from './index';
import type { MiniCartItem } from './index';

const items: MiniCartItem[] = [
  {
    key: 'k-beanie',
    productId: 15,
    name: 'Beanie',
    quantity: 2,
    price: '1800',
    removeUrl: '/cart/?remove_item=k-beanie&_wpnonce=abc',
    href: '/product/beanie/',
    sku: 'woo-beanie',
    image: { src: '/beanie.png' },
  },
  {
    key: 'k-cap',
    productId: 16,
    name: 'Cap',
    quantity: 1,
    price: 1600,
    removeUrl: '/cart/?remove_item=k-cap&_wpnonce=abc',
  },
];

describe('MiniCart', () => {
  test('an empty cart says so and offers no checkout', () => {
    render(<MiniCart items={[]} subtotal="0" currency={usd} />);
    expect(screen.getByText('No products in the cart.')).toHaveClass(
      'woocommerce-mini-cart__empty-message',
    );
    expect(screen.queryByRole('list')).toBeNull();
    expect(screen.queryByRole('link', { name: 'Checkout' })).toBeNull();
  });

  test('lists each line with its quantity × price, then the subtotal and the links', () => {
    render(
      <MiniCart
        items={items}
        subtotal="5200"
        currency={usd}
        cartUrl="/basket/"
        checkoutUrl="/pay/"
      />,
    );
    const rows = within(screen.getByRole('list')).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveClass('woocommerce-mini-cart-item', 'mini_cart_item');
    expect(rows[0]).toHaveTextContent('Beanie2 × $18.00');
    expect(within(rows[0]!).getByRole('link', { name: 'Beanie' })).toHaveAttribute(
      'href',
      '/product/beanie/',
    );
    // Decorative: the name next to it says what it is.
    expect(rows[0]!.querySelector('img')).toHaveAttribute('alt', '');
    expect(rows[1]).toHaveTextContent('Cap1 × $16.00');
    expect(screen.getByText('Subtotal:').closest('p')).toHaveTextContent('Subtotal: $52.00');
    expect(screen.getByRole('link', { name: 'View cart' })).toHaveAttribute('href', '/basket/');
    expect(screen.getByRole('link', { name: 'Checkout' })).toHaveAttribute('href', '/pay/');
  });

  test('each line has WooCommerce’s remove link, which follows the no-JavaScript URL', () => {
    render(<MiniCart items={items} subtotal="5200" currency={usd} />);
    const remove = screen.getByRole('link', { name: 'Remove Beanie from cart' });
    expect(remove).toHaveAttribute('href', '/cart/?remove_item=k-beanie&_wpnonce=abc');
    expect(remove).toHaveClass('remove', 'remove_from_cart_button');
    expect({ ...remove.dataset }).toEqual({
      product_id: '15',
      cart_item_key: 'k-beanie',
      product_sku: 'woo-beanie',
    });
  });

  test('a row being removed is blocked and busy; the others are not', () => {
    render(<MiniCart items={items} subtotal="5200" currency={usd} removing={['k-cap']} />);
    const [beanie, cap] = within(screen.getByRole('list')).getAllByRole('listitem');
    expect(cap).toHaveAttribute('aria-busy', 'true');
    expect(cap!.querySelector('.blockOverlay')).toHaveStyle({ opacity: '0.6' });
    expect(beanie).toHaveAttribute('aria-busy', 'false');
    expect(beanie!.querySelector('.blockOverlay')).toBeNull();
  });

  test('onRemove takes the click, once per row while it is being removed', async () => {
    const onRemove = vi.fn<(item: MiniCartItem) => void>();
    const prevented: boolean[] = [];
    const onClick = (event: Event) => {
      prevented.push(event.defaultPrevented);
      event.preventDefault();
    };
    document.addEventListener('click', onClick);
    const { rerender } = render(
      <MiniCart items={items} subtotal="5200" currency={usd} onRemove={onRemove} />,
    );
    const remove = screen.getByRole('link', { name: 'Remove Cap from cart' });
    await userEvent.click(remove);
    expect(onRemove).toHaveBeenCalledOnce();
    expect(onRemove.mock.calls[0]![0].key).toBe('k-cap');
    rerender(
      <MiniCart
        items={items}
        subtotal="5200"
        currency={usd}
        onRemove={onRemove}
        removing={['k-cap']}
      />,
    );
    remove.focus();
    await userEvent.keyboard('{Enter}');
    document.removeEventListener('click', onClick);
    expect(onRemove).toHaveBeenCalledOnce();
    expect(prevented).toEqual([true, true]);
    expect(remove).toHaveFocus();
  });

  test('announces through the page’s polite region, and renders a given region outside the content', () => {
    const announcer = createAnnouncer({ gapMs: 0 });
    const { rerender } = render(
      <AnnouncerProvider announcer={announcer}>
        <MiniCart items={items} subtotal="5200" currency={usd} />
      </AnnouncerProvider>,
    );
    expect(announcer.getSnapshot().polite).toEqual([]);
    rerender(
      <AnnouncerProvider announcer={announcer}>
        <MiniCart
          items={[]}
          subtotal="0"
          currency={usd}
          announcement="“Cap” has been removed from your cart"
          liveRegion={<p data-testid="own">own</p>}
        />
      </AnnouncerProvider>,
    );
    expect(announcer.getSnapshot().polite.map((entry) => entry.message)).toEqual([
      '“Cap” has been removed from your cart',
    ]);
    expect(screen.getByTestId('own').closest('.widget_shopping_cart_content')).toBeNull();
    expect(screen.getByTestId('own').closest('.widget_shopping_cart')).not.toBeNull();
  });

  test.each([0, -2, 1.5])('a quantity of %s is refused with invalid_quantity', (quantity) => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() =>
      render(<MiniCart items={[{ ...items[1]!, quantity }]} subtotal="0" currency={usd} />),
    ).toThrow(expect.objectContaining({ code: 'invalid_quantity' }));
  });

  test('a bad price is refused with invalid_amount', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let caught: unknown;
    try {
      render(<MiniCart items={[{ ...items[1]!, price: '16.00' }]} subtotal="0" currency={usd} />);
    } catch (error) {
      caught = error;
    }
    expect(isUiComponentsError(caught) && caught.code).toBe('invalid_amount');
  });

  test('its texts are its own catalogue: not in the core one, added when it is used', async () => {
    // A fresh copy of the package, in which no MiniCart has rendered yet.
    vi.resetModules();
    const fresh = await import('./index');
    expect(fresh.CORE_MESSAGES).not.toHaveProperty('miniCart.checkout');
    expect(fresh.DEFAULT_MESSAGES['miniCart.checkout']).toBe('Checkout');
    expect(() => fresh.createTranslator().format('miniCart.checkout')).toThrow(
      expect.objectContaining({ code: 'invalid_messages' }),
    );
    // The remove link's label works without a rendered MiniCart: it brings the texts.
    expect(fresh.removeFromCartLabel('Cap')).toBe('Remove Cap from cart');
    expect(fresh.createTranslator().format('miniCart.checkout')).toBe('Checkout');
  });

  test('a shop’s translation of its texts replaces the English ones', () => {
    render(
      <MessagesProvider
        locale="fr-FR"
        messages={{ 'miniCart.checkout': 'Commander', 'miniCart.remove': 'Retirer {name}' }}
      >
        <MiniCart items={items} subtotal="5200" currency={usd} />
      </MessagesProvider>,
    );
    expect(screen.getByRole('link', { name: 'Commander' })).toHaveAttribute('href', '/checkout/');
    expect(screen.getByRole('link', { name: 'Retirer Cap' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View cart' })).toHaveAttribute('href', '/cart/');
  });
});
