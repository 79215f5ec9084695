import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test, vi } from 'vitest';
import { MessagesProvider, SiteSearch } from './index';

describe('SiteSearch', () => {
  test('is a search landmark with a GET form to / sending s and post_type=product', () => {
    const { container } = render(<SiteSearch />);
    const form = container.querySelector('form')!;
    // The `search` element is the landmark (role search in browsers; jsdom's roles predate it).
    expect(form.parentElement?.tagName).toBe('SEARCH');
    expect([form.getAttribute('method'), form.getAttribute('action')]).toEqual(['get', '/']);
    expect([...new FormData(form)]).toEqual([
      ['s', ''],
      ['post_type', 'product'],
    ]);
    expect(screen.getByRole('searchbox', { name: 'Search products' })).toHaveAttribute(
      'id',
      'site-search-field',
    );
  });

  test('a new value replaces what was typed; the same value keeps it', async () => {
    const { rerender } = render(<SiteSearch value="mug" />);
    const field = screen.getByRole('searchbox');
    expect(field).toHaveValue('mug');
    await userEvent.type(field, 's');
    rerender(<SiteSearch value="mug" />);
    expect(screen.getByRole('searchbox')).toHaveValue('mugs');
    rerender(<SiteSearch value="grinder" />);
    expect(screen.getByRole('searchbox')).toHaveValue('grinder');
  });

  test('onSearchSubmit gets the form instead of the browser submitting it', async () => {
    const onSearchSubmit = vi.fn<(form: HTMLFormElement) => void>();
    render(
      <SiteSearch
        onSearchSubmit={onSearchSubmit}
        action="/shop/"
        id="search-2"
        formAttributes={{ 'data-discover': 'true' }}
      />,
    );
    await userEvent.type(screen.getByRole('searchbox'), 'kettle');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(onSearchSubmit).toHaveBeenCalledTimes(1);
    const form = onSearchSubmit.mock.calls[0]![0];
    expect(form.getAttribute('action')).toBe('/shop/');
    expect(form).toHaveAttribute('data-discover', 'true');
    expect(new FormData(form).get('s')).toBe('kettle');
    expect(screen.getByRole('searchbox')).toHaveAttribute('id', 'search-2');
  });

  test('a translation replaces its texts', () => {
    render(
      <MessagesProvider
        locale="fr-FR"
        messages={{
          'siteSearch.label': 'Rechercher des produits',
          'siteSearch.submit': 'Chercher',
        }}
      >
        <SiteSearch />
      </MessagesProvider>,
    );
    expect(screen.getByRole('searchbox', { name: 'Rechercher des produits' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Chercher' })).toBeInTheDocument();
  });
});
