// @vitest-environment jsdom
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, test } from 'vitest';
import { createAddressAutocompleteRegistry } from '../registry';
import { fakeProvider } from '../test-helpers';
import type { AddressAutocompleteRegistry } from '../registry';
import { useAddressAutocomplete } from './index';
import type { UseAddressAutocompleteResult } from './index';

afterEach(cleanup);

function makeRegistry() {
  const registry = createAddressAutocompleteRegistry({
    serverProviders: [{ id: 'first', name: 'First', branding_html: 'Powered by <b>First</b>' }],
  });
  const provider = fakeProvider('first', { countries: ['GB'] });
  registry.registerAddressAutocompleteProvider(provider);
  return { registry, provider };
}

function Suggestions({
  registry,
  country,
}: {
  registry: AddressAutocompleteRegistry;
  country: string;
}) {
  const { state, announcement, brandingHtml, getInputProps, getListProps, getItemProps } =
    useAddressAutocomplete({
      registry,
      addressType: 'billing',
      country,
    });
  return (
    <>
      <label htmlFor="billing_address_1">Street address</label>
      <input
        {...getInputProps({
          id: 'billing_address_1',
          name: 'billing_address_1',
          autoComplete: 'address-line1',
        })}
      />
      {state.status === 'open' && (
        <ul {...getListProps()}>
          {state.suggestions.map((suggestion, index) => (
            <li key={suggestion.id} {...getItemProps(index)}>
              {suggestion.label}
            </li>
          ))}
        </ul>
      )}
      <div role="status" aria-live="polite">
        {announcement}
      </div>
      <span data-testid="branding">{brandingHtml}</span>
    </>
  );
}

function UncontrolledForm({ registry }: { registry: AddressAutocompleteRegistry }) {
  const [country, setCountry] = useState('GB');
  return (
    <form aria-label="Billing">
      <label htmlFor="billing_country">Country</label>
      <select
        id="billing_country"
        name="billing_country"
        value={country}
        onChange={(event) => setCountry(event.target.value)}
      >
        <option value="GB">United Kingdom</option>
        <option value="FR">France</option>
      </select>
      <Suggestions registry={registry} country={country} />
      <label htmlFor="billing_city">City</label>
      <input id="billing_city" name="billing_city" defaultValue="Paris" />
      <label htmlFor="billing_postcode">Postcode</label>
      <input id="billing_postcode" name="billing_postcode" />
      <label htmlFor="billing_state">State</label>
      <input id="billing_state" name="billing_state" defaultValue="IDF" />
      <button type="button">Elsewhere</button>
    </form>
  );
}

function ControlledForm({ registry }: { registry: AddressAutocompleteRegistry }) {
  const [values, setValues] = useState({
    billing_country: 'GB',
    billing_city: '',
    billing_postcode: '',
  });
  const bind = (name: keyof typeof values) => ({
    id: name,
    name,
    value: values[name],
    onChange: (event: { target: { value: string } }) =>
      setValues((current) => ({ ...current, [name]: event.target.value })),
  });
  return (
    <form aria-label="Billing">
      <label htmlFor="billing_country">Country</label>
      <select {...bind('billing_country')}>
        <option value="GB">United Kingdom</option>
        <option value="US">United States</option>
      </select>
      <Suggestions registry={registry} country={values.billing_country} />
      <label htmlFor="billing_city">City</label>
      <input {...bind('billing_city')} />
      <label htmlFor="billing_postcode">Postcode</label>
      <input {...bind('billing_postcode')} />
      <span data-testid="state">{JSON.stringify(values)}</span>
    </form>
  );
}

const formData = () =>
  Object.fromEntries(new FormData(screen.getByRole<HTMLFormElement>('form', { name: 'Billing' })));

describe('useAddressAutocomplete', () => {
  test('a keyboard-only shopper types, arrows (wrapping) and presses Enter; the form then carries the chosen address', async () => {
    const user = userEvent.setup();
    const { registry, provider } = makeRegistry();
    render(<UncontrolledForm registry={registry} />);
    const input = screen.getByRole('combobox', { name: 'Street address' });
    expect(input).toHaveProperty('autocomplete', 'address-line1');
    expect(input.getAttribute('aria-expanded')).toBe('false');

    await user.click(input);
    await user.keyboard('Dow');
    const list = await screen.findByRole('listbox', { name: 'Address suggestions' });
    expect(within(list).getAllByRole('option')).toHaveLength(3);
    expect(input.getAttribute('aria-expanded')).toBe('true');
    expect(input.getAttribute('aria-controls')).toBe(list.id);
    expect(screen.getByRole('status').textContent).toBe('3 address suggestions available');

    await user.keyboard('{ArrowUp}{ArrowDown}{ArrowDown}');
    expect(input.getAttribute('aria-activedescendant')).toBe('suggestion-item-billing-1');
    expect(within(list).getAllByRole('option')[1]!.getAttribute('aria-selected')).toBe('true');

    await user.keyboard('{Enter}');
    expect(provider.select).toHaveBeenCalledWith('place-2');
    expect(screen.queryByRole('listbox')).toBeNull();
    await waitFor(() =>
      expect(formData()).toMatchObject({ billing_address_1: '10 Downing Street' }),
    );
    await waitFor(() =>
      expect(formData()).toEqual({
        billing_country: 'GB',
        billing_address_1: '10 Downing Street',
        billing_city: 'London',
        billing_postcode: 'SW1A 2AA',
        billing_state: '',
      }),
    );
    expect(input).toHaveProperty('value', '10 Downing Street');
    expect(provider.search).toHaveBeenCalledTimes(1); // filling address_1 did not search again
  });

  test('values reach React state in a controlled form', async () => {
    const user = userEvent.setup();
    const { registry } = makeRegistry();
    render(<ControlledForm registry={registry} />);
    await user.type(screen.getByRole('combobox', { name: 'Street address' }), 'Downing');
    await user.click(await screen.findByRole('option', { name: '1 Downing Road' }));
    await waitFor(() =>
      expect(JSON.parse(screen.getByTestId('state').textContent)).toEqual({
        billing_country: 'GB',
        billing_city: 'London',
        billing_postcode: 'SW1A 2AA',
      }),
    );
    expect(screen.getByRole('textbox', { name: 'City' })).toHaveProperty('value', 'London');
  });

  test('Escape and a click outside close the list', async () => {
    const user = userEvent.setup();
    const { registry } = makeRegistry();
    render(<UncontrolledForm registry={registry} />);
    const input = screen.getByRole('combobox', { name: 'Street address' });
    await user.type(input, 'Downing');
    await screen.findByRole('listbox');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).toBeNull();
    await user.type(input, ' S');
    await screen.findByRole('listbox');
    await user.click(screen.getByRole('button', { name: 'Elsewhere' }));
    await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
  });

  test('changing to a country no provider serves removes the combobox and shows no suggestions', async () => {
    const user = userEvent.setup();
    const { registry, provider } = makeRegistry();
    render(<UncontrolledForm registry={registry} />);
    await user.type(screen.getByRole('combobox', { name: 'Street address' }), 'Downing');
    await screen.findByRole('listbox');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Country' }), 'FR');
    expect(screen.queryByRole('listbox')).toBeNull();
    const input = screen.getByRole('textbox', { name: 'Street address' });
    expect(input.getAttribute('aria-expanded')).toBeNull();
    provider.search.mockClear();
    await user.type(input, ' Rivoli');
    expect(provider.search).not.toHaveBeenCalled();
    expect(screen.getByTestId('branding').textContent).toBe('');
  });

  test('autofill does not open the list', () => {
    const { registry, provider } = makeRegistry();
    render(<UncontrolledForm registry={registry} />);
    const input = screen.getByRole<HTMLInputElement>('combobox', { name: 'Street address' });
    act(() => {
      // What Chrome autofill and password managers do: set the value, send a plain Event.
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(
        input,
        '10 Downing Street',
      );
      input.dispatchEvent(new Event('input', { bubbles: true }));
    });
    expect(provider.search).not.toHaveBeenCalled();
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  test('the engine and the prop getters stay the same functions across renders and state changes', async () => {
    const user = userEvent.setup();
    const { registry } = makeRegistry();
    const seen: UseAddressAutocompleteResult[] = [];
    function Recorder() {
      const combobox = useAddressAutocomplete({ registry, addressType: 'billing', country: 'GB' });
      seen.push(combobox);
      return <input aria-label="Street" {...combobox.getInputProps({})} />;
    }
    render(<Recorder />);
    await user.type(screen.getByRole('combobox', { name: 'Street' }), 'Dow');
    await waitFor(() => expect(seen.at(-1)!.state.status).toBe('open'));
    expect(seen.length).toBeGreaterThan(1);
    const [first] = seen;
    expect(seen.at(-1)!.state).not.toBe(first!.state);
    for (const result of seen) {
      expect(result.engine).toBe(first!.engine);
      expect(result.getInputProps).toBe(first!.getInputProps);
      expect(result.getListProps).toBe(first!.getListProps);
      expect(result.getItemProps).toBe(first!.getItemProps);
    }
  });

  test('exposes the active provider branding (unsanitised) for the branding line', () => {
    const { registry } = makeRegistry();
    render(<UncontrolledForm registry={registry} />);
    expect(screen.getByTestId('branding').textContent).toBe('Powered by <b>First</b>');
  });
});
