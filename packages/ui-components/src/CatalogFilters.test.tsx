import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test, vi } from 'vitest';
import { usd } from './__fixtures__/products';
import {
  AttributeFilter,
  MessagesProvider,
  PriceFilter,
  type AttributeFilterLinkProps,
} from './index';

const jpy = { ...usd, code: 'JPY', symbol: '¥', minorUnit: 0, prefix: '¥' };

/** The GET form's fields in order, as the browser would submit them. */
const submitted = (form: HTMLFormElement) => [...new FormData(form)];

describe('PriceFilter', () => {
  test('is a GET form to the listing that keeps the other arguments, not its own or the page', () => {
    const { container } = render(
      <PriceFilter
        min="1200"
        max="4550"
        currency={usd}
        action="/product-category/coffee/"
        minText="15"
        keep={{
          orderby: 'price',
          min_price: '1',
          max_price: '99',
          paged: '3',
          'product-page': '2',
          filter_grind: 'filter,espresso',
          query_type_grind: 'or',
        }}
      />,
    );
    const form = container.querySelector('form')!;
    expect(form.getAttribute('method')).toBe('get');
    expect(form.getAttribute('action')).toBe('/product-category/coffee/');
    expect(submitted(form)).toEqual([
      ['min_price', '15'],
      ['max_price', ''],
      ['orderby', 'price'],
      ['filter_grind', 'filter,espresso'],
      ['query_type_grind', 'or'],
    ]);
  });

  test('hints whole units of the range and steps in the currency’s minor unit', () => {
    const { rerender } = render(<PriceFilter min="1299" max="4501" currency={usd} />);
    const min = screen.getByRole('spinbutton', { name: 'Min price ($)' });
    const max = screen.getByRole('spinbutton', { name: 'Max price ($)' });
    // Rounded outwards, so the hints cover every price.
    expect([min.getAttribute('placeholder'), max.getAttribute('placeholder')]).toEqual([
      '12',
      '46',
    ]);
    expect(min.getAttribute('step')).toBe('0.01');
    expect(min).toHaveAccessibleDescription('Prices here run from $12.99 to $45.01.');
    rerender(<PriceFilter min="800" max="12500" currency={jpy} />);
    const yen = screen.getByRole('spinbutton', { name: 'Min price (¥)' });
    expect(yen.getAttribute('step')).toBe('1');
    expect(yen.getAttribute('placeholder')).toBe('800');
    expect(screen.getByText('Prices here run from ¥800 to ¥12,500.')).toBeInTheDocument();
  });

  test('hands the form to onFilterSubmit instead of the browser', async () => {
    const onFilterSubmit = vi.fn<(form: HTMLFormElement) => void>();
    render(
      <PriceFilter
        min="1200"
        max="4550"
        currency={usd}
        keep={{ orderby: 'date' }}
        onFilterSubmit={onFilterSubmit}
      />,
    );
    await userEvent.type(screen.getByRole('spinbutton', { name: 'Max price ($)' }), '20');
    await userEvent.click(screen.getByRole('button', { name: 'Filter' }));
    expect(onFilterSubmit).toHaveBeenCalledTimes(1);
    expect(submitted(onFilterSubmit.mock.calls[0]![0])).toEqual([
      ['min_price', ''],
      ['max_price', '20'],
      ['orderby', 'date'],
    ]);
  });

  test('shows a new bound from the URL in place of what was typed', async () => {
    const { rerender } = render(<PriceFilter min="1200" max="4550" currency={usd} minText="15" />);
    const min = screen.getByRole('spinbutton', { name: 'Min price ($)' });
    await userEvent.clear(min);
    await userEvent.type(min, '18');
    rerender(<PriceFilter min="1200" max="4550" currency={usd} minText="" />);
    expect(screen.getByRole('spinbutton', { name: 'Min price ($)' })).toHaveValue(null);
  });

  test('keeps the field, and its focus, when the URL brings the bound the shopper sent', async () => {
    const { rerender } = render(<PriceFilter min="1200" max="4550" currency={usd} />);
    const min = screen.getByRole('spinbutton', { name: 'Min price ($)' });
    await userEvent.type(min, '15');
    expect(min).toHaveFocus();
    rerender(<PriceFilter min="1200" max="4550" currency={usd} minText="15" />);
    expect(screen.getByRole('spinbutton', { name: 'Min price ($)' })).toBe(min);
    expect(min).toHaveFocus();
    expect(min).toHaveValue(15);
    // And a bound the URL drops later (Back) empties the same field.
    rerender(<PriceFilter min="1200" max="4550" currency={usd} minText="" />);
    expect(min).toHaveValue(null);
    expect(min).toHaveFocus();
  });

  test('two filters on one page get their own ids', () => {
    render(
      <>
        <PriceFilter min="100" max="200" currency={usd} />
        <PriceFilter min="100" max="200" currency={jpy} id="price-filter-yen" />
      </>,
    );
    expect(screen.getAllByRole('region', { name: 'Filter by price' })).toHaveLength(2);
    expect(screen.getByRole('spinbutton', { name: 'Min price ($)' })).toHaveAccessibleDescription(
      'Prices here run from $1.00 to $2.00.',
    );
    expect(screen.getByRole('spinbutton', { name: 'Min price (¥)' })).toHaveAccessibleDescription(
      'Prices here run from ¥100 to ¥200.',
    );
  });
});

const terms = [
  { slug: 'filter', name: 'Filter', count: 1, chosen: true, href: '/c/?x=1' },
  { slug: 'espresso', name: 'Espresso', count: 3, chosen: false, href: '/c/?x=2' },
];

describe('AttributeFilter', () => {
  test('names each link with its count and whether following it removes the term', () => {
    render(<AttributeFilter name="grind" label="Grind" terms={terms} />);
    const nav = screen.getByRole('navigation', { name: 'Filter by Grind' });
    const links = within(nav).getAllByRole('link');
    expect(
      links.map((link) => [link.getAttribute('aria-label'), link.getAttribute('href')]),
    ).toEqual([
      ['Filter (1 product), chosen: remove', '/c/?x=1'],
      ['Espresso (3 products)', '/c/?x=2'],
    ]);
    expect(links.every((link) => link.getAttribute('rel') === 'nofollow')).toBe(true);
    expect(links[0]!.closest('li')).toHaveClass('chosen');
    expect(links[1]!.closest('li')).not.toHaveClass('chosen');
  });

  test('renders the links a router passes, with the same props', () => {
    const renderLink = vi.fn(({ children, ...props }: AttributeFilterLinkProps) => (
      <a data-router="yes" {...props}>
        {children}
      </a>
    ));
    render(<AttributeFilter name="grind" label="Grind" terms={terms} renderLink={renderLink} />);
    expect(renderLink.mock.calls.map(([props]) => props.href)).toEqual(['/c/?x=1', '/c/?x=2']);
    expect(screen.getByRole('link', { name: 'Espresso (3 products)' })).toHaveAttribute(
      'data-router',
      'yes',
    );
  });

  test('translates, with the locale’s plural forms and digits', () => {
    render(
      <MessagesProvider
        locale="ar-EG"
        messages={{
          'attributeFilter.heading': 'تصفية حسب {attribute}',
          'attributeFilter.term': {
            one: '{term} (منتج واحد)',
            few: '{term} ({count} منتجات)',
            other: '{term} ({count} منتج)',
          },
          'attributeFilter.chosen': '{term}، مختار: إزالة',
        }}
      >
        <AttributeFilter name="grind" label="الطحن" terms={terms} />
      </MessagesProvider>,
    );
    expect(screen.getByRole('link', { name: 'Filter (منتج واحد)، مختار: إزالة' })).toBeDefined();
    const espresso = screen.getByRole('link', { name: 'Espresso (٣ منتجات)' });
    expect(espresso.closest('li')).toHaveTextContent('Espresso (٣)');
  });
});
