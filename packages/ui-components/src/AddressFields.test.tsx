import { render, screen, waitFor, within } from '@testing-library/react';
import { act, useState } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import userEvent from '@testing-library/user-event';
import { describe, expect, test, vi } from 'vitest';
import {
  ConnectedAddressFields,
  countries,
  makeRegistry,
  memoryProvider,
} from './__fixtures__/address';
import { AddressFields, isUiComponentsError } from './index';

const formData = () =>
  Object.fromEntries(new FormData(screen.getByRole<HTMLFormElement>('form', { name: 'Checkout' })));

/** The page's polite live region (the fallback announcer's, with no provider). */
function politeRegion(): HTMLElement | null {
  return document.querySelector<HTMLElement>('[data-cw-announcer="polite"]');
}

describe('AddressFields', () => {
  test("a country chosen in the server markup before hydration is the form's country once hydrated", () => {
    const usStates = [{ code: 'NY', name: 'New York' }];
    const onCountryChange = vi.fn();
    // The page's usual wiring: the states follow the country the fields report.
    function Form() {
      const [country, setCountry] = useState('US');
      return (
        <form aria-label="Checkout">
          <AddressFields
            type="billing"
            countries={countries}
            defaultValues={{ country: 'US', state: 'NY' }}
            states={country === 'US' ? usStates : undefined}
            onCountryChange={(next) => {
              onCountryChange(next);
              setCountry(next);
            }}
          />
        </form>
      );
    }
    const container = document.createElement('div');
    container.innerHTML = renderToString(<Form />);
    document.body.append(container);
    // The shopper picks the United Kingdom while the page's code is still on its way.
    container.querySelector<HTMLSelectElement>('#billing_country')!.value = 'GB';
    let root: Root | undefined;
    try {
      act(() => {
        root = hydrateRoot(container, <Form />);
      });
      expect(onCountryChange).toHaveBeenCalledTimes(1);
      expect(onCountryChange).toHaveBeenCalledWith('GB');
      expect(screen.getByRole('combobox', { name: /Country/ })).toHaveValue('GB');
      // No state list for the UK: a text field, emptied (a US state means nothing there).
      const state = container.querySelector('#billing_state')!;
      expect(state.tagName).toBe('INPUT');
      expect(state).toHaveValue('');
    } finally {
      act(() => root?.unmount());
      container.remove();
    }
  });

  test("hydrating with the server's own country reports no change", () => {
    const onCountryChange = vi.fn();
    const tree = (
      <AddressFields
        type="billing"
        countries={countries}
        defaultValues={{ country: 'US' }}
        onCountryChange={onCountryChange}
      />
    );
    const container = document.createElement('div');
    container.innerHTML = renderToString(tree);
    document.body.append(container);
    let root: Root | undefined;
    try {
      act(() => {
        root = hydrateRoot(container, tree);
      });
      expect(onCountryChange).not.toHaveBeenCalled();
    } finally {
      act(() => root?.unmount());
      container.remove();
    }
  });

  test('names every field as WooCommerce does, with labels, autofill tokens and required marks', async () => {
    render(
      <form aria-label="Checkout">
        <AddressFields
          type="shipping"
          countries={countries}
          defaultValues={{ country: 'US', city: 'Boston' }}
        />
      </form>,
    );
    expect(screen.getByRole('group', { name: 'Shipping address' })).toBeInTheDocument();
    expect(formData()).toEqual({
      shipping_country: 'US',
      shipping_address_1: '',
      shipping_address_2: '',
      shipping_city: 'Boston',
      shipping_state: '',
      shipping_postcode: '',
    });
    const street = screen.getByRole('textbox', { name: 'Street address' });
    expect(street).toHaveAttribute('id', 'shipping_address_1');
    expect(street).toHaveAttribute('autocomplete', 'shipping address-line1');
    expect(street).toBeRequired();
    expect(street.closest('.form-row')).toHaveAttribute('id', 'shipping_address_1_field');
    expect(
      screen.getByRole('textbox', { name: 'Apartment, suite, unit, etc. (optional)' }),
    ).not.toBeRequired();
    expect(screen.getByRole('combobox', { name: 'Country / Region' })).toHaveAttribute(
      'autocomplete',
      'shipping country',
    );
    // The page's regions (here the body's, no provider) come with their chunk.
    await act(() => vi.dynamicImportSettled());
    // Without suggestions, address_1 is a plain field: no combobox role, nothing said.
    expect(street).not.toHaveAttribute('role');
    expect(politeRegion()).toBeEmptyDOMElement();
  });

  test('shows server errors on their fields and keeps what was typed', () => {
    render(
      <AddressFields
        type="billing"
        countries={countries}
        defaultValues={{ postcode: 'XYZ' }}
        errors={{ postcode: 'Please enter a valid postcode / ZIP.' }}
      />,
    );
    const postcode = screen.getByRole('textbox', { name: 'Postcode / ZIP' });
    expect(postcode).toHaveAttribute('aria-invalid', 'true');
    expect(postcode).toHaveAccessibleDescription('Please enter a valid postcode / ZIP.');
    expect(postcode).toHaveValue('XYZ');
    expect(screen.getByRole('textbox', { name: 'Town / City' })).not.toHaveAttribute(
      'aria-invalid',
    );
  });

  test('offers a state select when the country has states', () => {
    render(
      <AddressFields
        type="billing"
        countries={countries}
        states={[
          { code: 'CA', name: 'California' },
          { code: 'NY', name: 'New York' },
        ]}
        defaultValues={{ country: 'US', state: 'NY' }}
      />,
    );
    expect(screen.getByRole('combobox', { name: 'State / County (optional)' })).toHaveValue('NY');
  });

  test('a keyboard-only shopper types, sees bold matches, arrows (wrapping) and presses Enter; the form carries the address', async () => {
    const user = userEvent.setup();
    render(
      <ConnectedAddressFields
        registry={makeRegistry('Powered by <b>Memory</b>')}
        brandingHtml="Powered by <b>Memory</b>"
      />,
    );
    const input = screen.getByRole('combobox', { name: 'Street address' });
    await user.click(input);
    await user.keyboard('Downing');
    const list = await screen.findByRole('listbox', { name: 'Address suggestions' });
    const options = within(list).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual([
      '10 Downing Street, London, SW1A 2AA',
      '1 Downing Road, Dagenham, RM9 6NP',
      '12 Downing Avenue, Guildford, GU2 7QU',
    ]);
    expect(within(options[0]!).getByText('Downing').tagName).toBe('STRONG');
    await waitFor(() =>
      expect(politeRegion()).toHaveTextContent('3 address suggestions available'),
    );
    expect(screen.getByText('Memory').tagName).toBe('B'); // the branding line, as given
    await user.keyboard('{ArrowUp}'); // wraps to the last
    expect(input).toHaveAttribute('aria-activedescendant', options[2]!.id);
    await user.keyboard('{ArrowDown}'); // wraps to the first
    expect(input).toHaveAttribute('aria-activedescendant', options[0]!.id);
    expect(options[0]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{Enter}');
    expect(screen.queryByRole('listbox')).toBeNull();
    await waitFor(() =>
      expect(formData()).toEqual({
        billing_country: 'GB',
        billing_address_1: '10 Downing Street',
        billing_address_2: '',
        billing_city: 'London',
        billing_state: '',
        billing_postcode: 'SW1A 2AA',
      }),
    );
  });

  test('says "No results" and shows no list when nothing matches', async () => {
    const user = userEvent.setup();
    render(<ConnectedAddressFields registry={makeRegistry()} />);
    await user.type(screen.getByRole('combobox', { name: 'Street address' }), 'Nowhere');
    await waitFor(() => expect(politeRegion()).toHaveTextContent('No results'));
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  test('changing to a country no provider serves closes the list and makes address_1 a plain field', async () => {
    const user = userEvent.setup();
    render(<ConnectedAddressFields registry={makeRegistry()} />);
    await user.type(screen.getByRole('combobox', { name: 'Street address' }), 'Downing');
    await screen.findByRole('listbox');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Country / Region' }), 'FR');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(screen.getByRole('textbox', { name: 'Street address' })).not.toHaveAttribute(
      'aria-expanded',
    );
  });

  test('a failing provider closes the list silently', async () => {
    const user = userEvent.setup();
    render(<ConnectedAddressFields registry={makeRegistry('', memoryProvider({ fail: true }))} />);
    const input = screen.getByRole('combobox', { name: 'Street address' });
    await user.type(input, 'Downing');
    await waitFor(() => expect(input).toHaveAttribute('aria-expanded', 'false'));
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  test('rejects an empty country list with invalid_options', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let caught: unknown;
    try {
      render(<AddressFields type="billing" countries={[]} />);
    } catch (error) {
      caught = error;
    }
    expect(isUiComponentsError(caught) && caught.code).toBe('invalid_options');
  });
});
