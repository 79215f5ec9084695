import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, test, vi } from 'vitest';
import {
  CATALOG_ORDERINGS,
  CatalogOrdering,
  SEARCH_ORDERINGS,
  Pagination,
  RESULT_COUNT_REANNOUNCE_MS,
  ResultCount,
  AnnouncerProvider,
  MessagesProvider,
  createAnnouncer,
  resultCountText,
} from './index';

describe('resultCountText', () => {
  test.each([
    [1, 1, 16, 'Showing the single result'],
    [12, 1, 16, 'Showing all 12 results'],
    [16, 1, 16, 'Showing all 16 results'],
    [40, 1, -1, 'Showing all 40 results'],
    [30, 1, 16, 'Showing 1–16 of 30 results'],
    [30, 2, 16, 'Showing 17–30 of 30 results'],
    [0, 1, 16, 'Showing all 0 results'],
  ])('total %i, page %i, %i per page → %s', (total, page, perPage, text) => {
    expect(resultCountText(total, page, perPage)).toBe(text);
  });
});

describe('ResultCount', () => {
  afterEach(() => vi.useRealTimers());

  test('an unsorted list is a plain paragraph, never hidden, re-announced after 2000 ms too', async () => {
    vi.useFakeTimers();
    const announcer = createAnnouncer();
    render(
      <AnnouncerProvider announcer={announcer}>
        <ResultCount total={30} page={1} perPage={16} />
      </AnnouncerProvider>,
    );
    const p = screen.getByText('Showing 1–16 of 30 results').closest('p')!;
    expect(p).not.toHaveAttribute('role');
    expect(p).not.toHaveAttribute('aria-hidden');
    expect(p).not.toHaveAttribute('data-is-sorted-by');
    await act(() => vi.advanceTimersByTimeAsync(RESULT_COUNT_REANNOUNCE_MS - 1));
    expect(announcer.getSnapshot().polite).toEqual([]);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(announcer.getSnapshot().polite.map((entry) => entry.message)).toEqual([
      'Showing 1–16 of 30 results',
    ]);
  });

  test('a sorted list says how, and is announced politely 2000 ms after it appears', async () => {
    vi.useFakeTimers();
    const announcer = createAnnouncer();
    render(
      <AnnouncerProvider announcer={announcer}>
        <ResultCount total={30} page={1} perPage={16} sortedBy="Sort by price: low to high" />
      </AnnouncerProvider>,
    );
    const p = screen.getByText('Showing 1–16 of 30 results').closest('p')!;
    expect(p).toHaveAttribute('data-is-sorted-by', 'true');
    expect(p).toHaveTextContent('Showing 1–16 of 30 results, sorted by price: low to high');
    await act(() => vi.advanceTimersByTimeAsync(RESULT_COUNT_REANNOUNCE_MS - 1));
    expect(announcer.getSnapshot().polite).toEqual([]);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(announcer.getSnapshot().polite.map((entry) => entry.message)).toEqual([
      'Showing 1–16 of 30 results, sorted by price: low to high',
    ]);
  });

  test('an orderby value is said in the catalogue’s words', () => {
    render(
      <MessagesProvider
        messages={{
          'resultCount.sorted.date': 'newest first',
          'resultCount.range': { other: '{first}–{last} / {count}' },
        }}
      >
        <ResultCount total={3000} page={2} perPage={16} sortedBy="date" />
      </MessagesProvider>,
    );
    expect(screen.getByText('17–32 / 3,000').closest('p')).toHaveTextContent(
      '17–32 / 3,000, sorted by newest first',
    );
  });
});

describe('CatalogOrdering', () => {
  test('on search results relevance comes first, "Default sorting" is gone, and choosing it submits', async () => {
    const onOrderChange = vi.fn();
    render(
      <CatalogOrdering
        value="date"
        options={SEARCH_ORDERINGS}
        keep={{ s: 'mug', post_type: 'product' }}
        onOrderChange={onOrderChange}
      />,
    );
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Relevance',
      'Sort by popularity',
      'Sort by average rating',
      'Sort by latest',
      'Sort by price: low to high',
      'Sort by price: high to low',
    ]);
    await userEvent.selectOptions(
      screen.getByRole('combobox', { name: 'Shop order' }),
      'relevance',
    );
    expect(onOrderChange).toHaveBeenCalledOnce();
    expect(onOrderChange.mock.calls[0]![0]).toBe('relevance');
  });

  test('a sorted search result says it is sorted by relevance', () => {
    render(<ResultCount total={30} page={1} perPage={16} sortedBy="Relevance" />);
    expect(screen.getByText(/sorted by Relevance/)).toBeInTheDocument();
  });

  test('offers WooCommerce’s orderings with the current one selected', () => {
    render(<CatalogOrdering value="price" />);
    const select = screen.getByRole('combobox', { name: 'Shop order' });
    expect(select).toHaveValue('price');
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(
      CATALOG_ORDERINGS.map((o) => o.label),
    );
  });

  test('choosing an ordering submits at once, or hands the form to onOrderChange', async () => {
    const onOrderChange = vi.fn();
    render(
      <CatalogOrdering
        value="menu_order"
        action="/shop/"
        keep={{ s: 'mug', paged: '3' }}
        onOrderChange={onOrderChange}
      />,
    );
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Shop order' }), 'date');
    expect(onOrderChange).toHaveBeenCalledOnce();
    const [value, form] = onOrderChange.mock.calls[0] as [string, HTMLFormElement];
    expect(value).toBe('date');
    expect(Object.fromEntries(new FormData(form))).toEqual({
      orderby: 'date',
      paged: '1',
      s: 'mug',
    });
  });

  test('without onOrderChange the form is submitted', async () => {
    const submitted = vi.fn((event: SubmitEvent) => event.preventDefault());
    render(<CatalogOrdering value="menu_order" />);
    const select = screen.getByRole('combobox', { name: 'Shop order' });
    select.closest('form')!.addEventListener('submit', submitted);
    await userEvent.selectOptions(select, 'price-desc');
    expect(submitted).toHaveBeenCalledOnce();
  });
});

describe('Pagination', () => {
  const href = (n: number) => (n === 1 ? '/shop/' : `/shop/page/${n}/`);

  test('renders nothing for a single page', () => {
    const { container } = render(<Pagination page={1} totalPages={1} href={href} />);
    expect(container).toBeEmptyDOMElement();
  });

  test('links every other page, marks the current one, and adds previous / next', () => {
    render(<Pagination page={2} totalPages={3} href={href} />);
    const nav = screen.getByRole('navigation', { name: 'Product pagination' });
    expect(nav).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Previous page' })).toHaveAttribute('href', '/shop/');
    expect(screen.getByRole('link', { name: 'Page 1' })).toHaveAttribute('href', '/shop/');
    expect(screen.getByRole('link', { name: 'Page 3' })).toHaveAttribute('href', '/shop/page/3/');
    expect(screen.getByRole('link', { name: 'Next page' })).toHaveAttribute(
      'href',
      '/shop/page/3/',
    );
    const current = screen.getByText('Page 2').closest('[aria-current]');
    expect(current).toHaveAttribute('aria-current', 'page');
    expect(current).toHaveTextContent(/^Page 22$/); // hidden "Page 2", then the visible 2
    expect(screen.queryByRole('link', { name: 'Page 2' })).toBeNull();
  });

  test('uses the router’s link when given one', () => {
    render(
      <Pagination
        page={1}
        totalPages={2}
        href={href}
        renderLink={({ children, ...props }) => (
          <a {...props} data-router="yes">
            {children}
          </a>
        )}
      />,
    );
    expect(screen.getByRole('link', { name: 'Page 2' })).toHaveAttribute('data-router', 'yes');
  });
});

test('CatalogOrdering keeps the same select element (and its focus) when the ordering changes', async () => {
  const { rerender } = render(
    <CatalogOrdering value="menu_order" onOrderChange={() => undefined} />,
  );
  const select = screen.getByRole('combobox', { name: 'Shop order' });
  select.focus();
  await userEvent.selectOptions(select, 'rating');
  expect(select).toHaveValue('rating');
  rerender(<CatalogOrdering value="rating" onOrderChange={() => undefined} />);
  expect(screen.getByRole('combobox', { name: 'Shop order' })).toBe(select);
  expect(select).toHaveFocus();
  rerender(<CatalogOrdering value="date" onOrderChange={() => undefined} />);
  expect(select).toHaveValue('date');
});
