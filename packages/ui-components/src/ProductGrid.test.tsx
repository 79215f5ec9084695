import { render, screen, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { usd } from './__fixtures__/products';
import { ProductCard, ProductGrid } from './index';

describe('ProductGrid', () => {
  test('is a list named by its label with one item per card', () => {
    render(
      <ProductGrid label="Products">
        <ProductCard
          name="Hoodie"
          href="/product/hoodie/"
          price={{ amount: 4500, currency: usd }}
        />
        {null}
        <ProductCard name="Cap" href="/product/cap/" price={{ amount: 1600, currency: usd }} />
      </ProductGrid>,
    );
    const list = screen.getByRole('list', { name: 'Products' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(within(items[0]!).getByRole('link', { name: 'Hoodie' })).toBeInTheDocument();
    expect(within(items[1]!).getByRole('link', { name: 'Cap' })).toBeInTheDocument();
  });

  test('renders an empty named list when there are no cards', () => {
    render(<ProductGrid label="Related products" />);
    expect(screen.getByRole('list', { name: 'Related products' })).toBeEmptyDOMElement();
  });
});
