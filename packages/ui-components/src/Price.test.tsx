import { render, screen } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { usd } from './__fixtures__/products';
import { Price } from './index';

describe('Price', () => {
  test('shows one formatted amount when not on sale', () => {
    const { container } = render(<Price amount="1999" currency={usd} />);
    expect(container).toHaveTextContent(/^\$19\.99$/);
    expect(container.querySelector('del')).toBeNull();
    expect(screen.queryByText(/Original price was/)).toBeNull();
  });

  test('shows the regular price struck through and the sale price, with screen-reader text', () => {
    const { container } = render(<Price amount="1999" regularAmount="2500" currency={usd} />);
    expect(container.querySelector('del')).toHaveTextContent('$25.00');
    expect(container.querySelector('ins')).toHaveTextContent('$19.99');
    expect(screen.getByText('Original price was: $25.00.')).toHaveClass('cw-visually-hidden');
    expect(screen.getByText('Current price is: $19.99.')).toHaveClass('cw-visually-hidden');
  });

  test('hides the struck-through and inserted amounts from assistive technology so each is read once', () => {
    const { container } = render(<Price amount="1999" regularAmount="2500" currency={usd} />);
    expect(container.querySelector('del')).toHaveAttribute('aria-hidden', 'true');
    expect(container.querySelector('ins')).toHaveAttribute('aria-hidden', 'true');
  });

  test('is not a sale when the regular amount equals the amount', () => {
    const { container } = render(<Price amount={1999} regularAmount="01999" currency={usd} />);
    expect(container.querySelector('del')).toBeNull();
    expect(container).toHaveTextContent(/^\$19\.99$/);
  });

  test('throws a UiComponentsError for an amount that is not in minor units', () => {
    expect(() => render(<Price amount="19.99" currency={usd} />)).toThrow(
      expect.objectContaining({ name: 'UiComponentsError', code: 'invalid_amount' }),
    );
  });
});
