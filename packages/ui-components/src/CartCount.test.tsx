import { render, screen } from '@testing-library/react';
import { describe, expect, test, vi } from 'vitest';
import { BLOCK_OVERLAY_OPACITY, BlockOverlay, CartCount } from './index';

describe('CartCount', () => {
  test.each([
    [0, 'Cart, 0 items'],
    [1, 'Cart, 1 item'],
    [12, 'Cart, 12 items'],
  ])('%i is named “%s” and shows the number', (count, name) => {
    render(<CartCount count={count} href="/basket/" />);
    const link = screen.getByRole('link', { name });
    expect(link).toHaveAttribute('href', '/basket/');
    expect(link).toHaveClass('cart-contents');
    expect(link).toHaveTextContent(String(count));
  });

  test('takes another wording', () => {
    render(<CartCount count={2} label={(n) => `Panier, ${n} articles`} />);
    expect(screen.getByRole('link', { name: 'Panier, 2 articles' })).toHaveAttribute(
      'href',
      '/cart/',
    );
  });

  test.each([-1, 2.5, Number.NaN])('refuses a count of %s with invalid_quantity', (count) => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => render(<CartCount count={count} />)).toThrow(
      expect.objectContaining({ name: 'UiComponentsError', code: 'invalid_quantity' }),
    );
  });
});

describe('BlockOverlay', () => {
  test('the overlay is the spec’s 0.6', () => {
    expect(BLOCK_OVERLAY_OPACITY).toBe(0.6);
  });

  test('blocked: busy, covered by an overlay hidden from assistive technology', () => {
    const { rerender } = render(
      <BlockOverlay blocked={false}>
        <button type="button">Remove</button>
      </BlockOverlay>,
    );
    const button = screen.getByRole('button', { name: 'Remove' });
    const region = button.parentElement!;
    expect(region).toHaveAttribute('aria-busy', 'false');
    expect(region.children).toHaveLength(1);
    button.focus();
    rerender(
      <BlockOverlay blocked>
        <button type="button">Remove</button>
      </BlockOverlay>,
    );
    expect(region).toHaveAttribute('aria-busy', 'true');
    expect(region).toHaveClass('cw-block--blocked');
    const overlay = region.lastElementChild!;
    expect(overlay).toHaveClass('blockUI', 'blockOverlay');
    expect(overlay).toHaveAttribute('aria-hidden', 'true');
    expect(overlay).toHaveStyle({ opacity: '0.6' });
    // Same content element, still focused: blocking never steals focus.
    expect(screen.getByRole('button', { name: 'Remove' })).toBe(button);
    expect(button).toHaveFocus();
  });

  test('renders as the element asked for', () => {
    render(
      <ul>
        <BlockOverlay as="li" blocked className="row">
          Beanie
        </BlockOverlay>
      </ul>,
    );
    expect(screen.getByRole('listitem')).toHaveClass('cw-block', 'row');
  });
});
