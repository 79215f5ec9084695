import { render, screen, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { productImage, usd } from './__fixtures__/products';
import { ProductCard } from './index';
import type { ProductCardProps } from './index';

const beanie: ProductCardProps = {
  name: 'Beanie with Logo',
  href: '/product/beanie-with-logo/',
  price: { amount: '1800', currency: usd },
  image: { src: productImage('#2b6cb0', 'Beanie'), alt: 'Blue knitted beanie' },
};

describe('ProductCard', () => {
  test('has exactly one link, named after the product and pointing at its page', () => {
    render(<ProductCard {...beanie} />);
    const links = screen.getAllByRole('link');
    expect(links).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Beanie with Logo' })).toHaveAttribute(
      'href',
      '/product/beanie-with-logo/',
    );
  });

  test('puts the link inside a level-2 heading by default', () => {
    render(<ProductCard {...beanie} />);
    const heading = screen.getByRole('heading', { level: 2, name: 'Beanie with Logo' });
    expect(within(heading).getByRole('link')).toBeInTheDocument();
  });

  test('uses the heading level it is given', () => {
    render(<ProductCard {...beanie} headingLevel={3} />);
    expect(screen.getByRole('heading', { level: 3, name: 'Beanie with Logo' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 2 })).toBeNull();
  });

  test('shows the price', () => {
    render(<ProductCard {...beanie} />);
    expect(screen.getByText('$18.00')).toBeInTheDocument();
  });

  test('shows a "Sale!" badge and the sale price pattern when the regular price is higher', () => {
    render(
      <ProductCard {...beanie} price={{ amount: '1800', regularAmount: '2000', currency: usd }} />,
    );
    expect(screen.getByText('Sale!')).toBeInTheDocument();
    expect(screen.getByText('Original price was: $20.00.')).toBeInTheDocument();
    expect(screen.getByText('Current price is: $18.00.')).toBeInTheDocument();
  });

  test('shows no badge when the product is not on sale', () => {
    render(<ProductCard {...beanie} />);
    expect(screen.queryByText('Sale!')).toBeNull();
  });

  test('lets onSale override the badge either way', () => {
    const { rerender } = render(<ProductCard {...beanie} onSale />);
    expect(screen.getByText('Sale!')).toBeInTheDocument();
    rerender(
      <ProductCard
        {...beanie}
        onSale={false}
        price={{ amount: '1800', regularAmount: '2000', currency: usd }}
      />,
    );
    expect(screen.queryByText('Sale!')).toBeNull();
  });

  test('says "Out of stock" when the product cannot be bought, and nothing by default', () => {
    const { rerender } = render(<ProductCard {...beanie} />);
    expect(screen.queryByText('Out of stock')).toBeNull();
    rerender(<ProductCard {...beanie} inStock={false} />);
    expect(screen.getByText('Out of stock')).toBeInTheDocument();
  });

  test('gives the image its alt text, size attributes and lazy loading by default', () => {
    render(<ProductCard {...beanie} />);
    const image = screen.getByRole('img', { name: 'Blue knitted beanie' });
    expect(image).toHaveAttribute('width', '300');
    expect(image).toHaveAttribute('height', '300');
    expect(image).toHaveAttribute('loading', 'lazy');
  });

  test('loads the image eagerly with the given dimensions when asked', () => {
    render(
      <ProductCard
        {...beanie}
        imageLoading="eager"
        image={{ src: beanie.image!.src, alt: 'Blue knitted beanie', width: 600, height: 450 }}
      />,
    );
    const image = screen.getByRole('img', { name: 'Blue knitted beanie' });
    expect(image).toHaveAttribute('loading', 'eager');
    expect(image).toHaveAttribute('width', '600');
    expect(image).toHaveAttribute('height', '450');
  });

  test('keeps the image box with a placeholder when there is no image', () => {
    const { container } = render(<ProductCard {...beanie} image={undefined} />);
    expect(screen.queryByRole('img')).toBeNull();
    expect(container.querySelector('.cw-product-card__media')).not.toBeEmptyDOMElement();
  });

  test('renders the actions slot outside the product link', () => {
    render(
      <ProductCard {...beanie}>
        <button type="button">Add to cart</button>
      </ProductCard>,
    );
    const button = screen.getByRole('button', { name: 'Add to cart' });
    expect(screen.getByRole('link')).not.toContainElement(button);
  });
});
