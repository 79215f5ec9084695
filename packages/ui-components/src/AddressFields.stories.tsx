import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import {
  ConnectedAddressFields,
  countries,
  makeRegistry,
  memoryProvider,
} from './__fixtures__/address';
import { liveRegion } from './__fixtures__/live-region';
import { AddressFields } from './index';
import type { AddressFieldsSuggestions } from './index';

/** Stories run the real address-autocomplete hook over an in-memory GB/US provider. */
const meta = {
  title: 'Checkout/AddressFields',
  component: ConnectedAddressFields,
  args: { registry: makeRegistry() },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: '32rem', paddingBottom: '16rem' }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof ConnectedAddressFields>;

export default meta;
type Story = StoryObj<typeof meta>;

const street = (canvasElement: HTMLElement) =>
  within(canvasElement).getByRole('combobox', { name: 'Street address' });

async function typeStreet(canvasElement: HTMLElement, text: string) {
  await userEvent.click(street(canvasElement));
  await userEvent.keyboard(text);
}

/** Suggestions available, nothing typed: the list is closed. */
export const Closed: Story = {
  play: async ({ canvasElement }) => {
    await expect(street(canvasElement)).toHaveAttribute('aria-expanded', 'false');
    await expect(within(canvasElement).queryByRole('listbox')).toBeNull();
  },
};

/** Results arrived: at most 5, matched text in bold, the count announced. */
export const Open: Story = {
  play: async ({ canvasElement }) => {
    await typeStreet(canvasElement, 'Downing');
    const canvas = within(canvasElement);
    const list = await canvas.findByRole('listbox', { name: 'Address suggestions' });
    await expect(within(list).getAllByRole('option')).toHaveLength(3);
    await expect(within(list).getAllByText('Downing')[0]!.tagName).toBe('STRONG');
    await waitFor(() =>
      expect(liveRegion(canvasElement)).toHaveTextContent('3 address suggestions available'),
    );
    // The list floats: the next field does not move.
    await expect(list.closest('.cw-address__popup')).toHaveStyle({ position: 'absolute' });
  },
};

/** Arrow keys move the active option (wrapping at both ends). */
export const ActiveOption: Story = {
  play: async ({ canvasElement }) => {
    await typeStreet(canvasElement, 'Downing');
    const options = within(await within(canvasElement).findByRole('listbox')).getAllByRole(
      'option',
    );
    await userEvent.keyboard('{ArrowUp}');
    await expect(street(canvasElement)).toHaveAttribute('aria-activedescendant', options[2]!.id);
    await expect(options[2]).toHaveAttribute('aria-selected', 'true');
  },
};

/** The provider's branding line under the open list (already sanitised by the page). */
export const WithBranding: Story = {
  args: {
    registry: makeRegistry('Powered by <strong>Memory Maps</strong>'),
    brandingHtml: 'Powered by <strong>Memory Maps</strong>',
  },
  play: async ({ canvasElement }) => {
    await typeStreet(canvasElement, 'Baker');
    await within(canvasElement).findByRole('listbox');
    await expect(within(canvasElement).getByText('Memory Maps').tagName).toBe('STRONG');
  },
};

/** Nothing matched: "No results" is announced, no list. */
export const NoResults: Story = {
  play: async ({ canvasElement }) => {
    await typeStreet(canvasElement, 'Nowhere');
    await waitFor(() => expect(liveRegion(canvasElement)).toHaveTextContent('No results'));
    await expect(within(canvasElement).queryByRole('listbox')).toBeNull();
  },
};

/** The provider failed: the list stays closed, silently. */
export const ProviderError: Story = {
  args: { registry: makeRegistry('', memoryProvider({ fail: true })) },
  play: async ({ canvasElement }) => {
    await typeStreet(canvasElement, 'Downing');
    await waitFor(() => expect(street(canvasElement)).toHaveAttribute('aria-expanded', 'false'));
    await expect(within(canvasElement).queryByRole('listbox')).toBeNull();
  },
};

/** A country no provider serves: address_1 is a plain text field. */
export const Unavailable: Story = {
  args: { initialCountry: 'FR' },
  play: async ({ canvasElement }) => {
    const input = within(canvasElement).getByRole('textbox', { name: 'Street address' });
    await expect(input).not.toHaveAttribute('aria-expanded');
  },
};

/** Enter chooses: address_1 at once, city / postcode / state about 50 ms later. */
export const Chosen: Story = {
  play: async ({ canvasElement }) => {
    await typeStreet(canvasElement, 'Baker');
    await within(canvasElement).findByRole('listbox');
    await userEvent.keyboard('{ArrowDown}{Enter}');
    const canvas = within(canvasElement);
    await expect(street(canvasElement)).toHaveValue('221B Baker Street');
    await waitFor(() =>
      expect(canvas.getByRole('textbox', { name: 'Town / City' })).toHaveValue('London'),
    );
    await expect(canvas.getByRole('textbox', { name: 'Postcode / ZIP' })).toHaveValue('NW1 6XE');
    await expect(
      canvas.getByRole('textbox', { name: 'Apartment, suite, unit, etc. (optional)' }),
    ).toHaveValue('Flat B');
  },
};

/** Server validation errors, each on its field; what was typed stays. */
export const WithErrors: Story = {
  args: {
    type: 'shipping',
    defaultValues: { country: 'GB', address_1: '1 High St', postcode: 'XYZ' },
    errors: {
      city: 'Shipping Town / City is a required field.',
      postcode: 'Please enter a valid postcode / ZIP.',
    },
  },
  play: async ({ canvasElement }) => {
    const postcode = within(canvasElement).getByRole('textbox', { name: 'Postcode / ZIP' });
    await expect(postcode).toHaveAccessibleDescription('Please enter a valid postcode / ZIP.');
    await expect(postcode).toHaveValue('XYZ');
  },
};

/** Every dropdown state at once, from fixed props (no hook): closed, open with an active option and branding. */
const staticSuggestions = (open: boolean): AddressFieldsSuggestions => {
  const type = open ? 'billing' : 'shipping';
  return {
    status: open ? 'open' : 'closed',
    options: open
      ? [
          {
            id: 'a',
            segments: [
              { text: '10 ', highlighted: false },
              { text: 'Downing', highlighted: true },
              { text: ' Street, London', highlighted: false },
            ],
          },
          {
            id: 'b',
            segments: [
              { text: '1 ', highlighted: false },
              { text: 'Downing', highlighted: true },
              { text: ' Road, Dagenham', highlighted: false },
            ],
          },
        ]
      : [],
    announcement: open ? '2 address suggestions available' : '',
    getInputProps: (props) => ({
      ...props,
      role: 'combobox',
      'aria-autocomplete': 'list',
      'aria-expanded': open,
      ...(open && {
        'aria-controls': `address_suggestions_${type}_list`,
        'aria-activedescendant': `suggestion-item-${type}-1`,
      }),
    }),
    getListProps: () => ({
      id: `address_suggestions_${type}_list`,
      role: 'listbox',
      'aria-label': 'Address suggestions',
    }),
    getItemProps: (index) => ({
      id: `suggestion-item-${type}-${index}`,
      role: 'option',
      'aria-selected': index === 1,
    }),
    brandingHtml: open ? 'Powered by <b>Memory Maps</b>' : '',
  };
};

export const AllStates: Story = {
  render: () => (
    <div style={{ display: 'grid', gap: '2rem' }}>
      <AddressFields
        type="billing"
        legend="Billing address (list open, second option active)"
        countries={countries}
        defaultValues={{ country: 'GB', address_1: 'Downing' }}
        suggestions={staticSuggestions(true)}
      />
      <AddressFields
        type="shipping"
        legend="Shipping address (list closed)"
        countries={countries}
        defaultValues={{ country: 'GB' }}
        suggestions={staticSuggestions(false)}
      />
    </div>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getAllByRole('listbox', { name: 'Address suggestions' })).toHaveLength(1);
    await expect(canvas.getAllByRole('combobox', { name: 'Street address' })).toHaveLength(2);
  },
};

/** Right to left (the Arabic example catalogue): texts translated, layout mirrored. */
export const RightToLeft: Story = {
  parameters: { dir: 'rtl' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('group', { name: 'عنوان الفوترة' })).toBeVisible();
    await expect(canvas.getByRole('combobox', { name: 'عنوان الشارع' })).toBeVisible();
  },
};

/** A few of the United States' states, as the page passes them for the chosen country. */
const usStates = [
  { code: 'CA', name: 'California' },
  { code: 'IL', name: 'Illinois' },
  { code: 'NY', name: 'New York' },
  { code: 'TX', name: 'Texas' },
] as const;

/** The state / county control, select or text field, by its label (which ends in * or (optional)). */
const stateField = (canvasElement: HTMLElement) =>
  within(canvasElement).getByLabelText('State / County', { exact: false });

/** A country with states: the state is a select, required, starting on "Select an option…". */
export const StateSelect: Story = {
  args: {
    initialCountry: 'US',
    states: usStates,
    required: ['country', 'address_1', 'city', 'state', 'postcode'],
  },
  play: async ({ canvasElement }) => {
    const select = stateField(canvasElement);
    await expect(select.tagName).toBe('SELECT');
    await expect(select).toBeRequired();
    await expect(select).toHaveValue('');
    await expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Select an option…', 'California', 'Illinois', 'New York', 'Texas']);
    await expect(select.closest('.form-row')).toHaveTextContent('State / County *');
    await userEvent.selectOptions(select, 'IL');
    await expect(select).toHaveValue('IL');
  },
};

/** A country without states: a text field, optional and labelled so. */
export const StateText: Story = {
  args: { initialCountry: 'GB' },
  play: async ({ canvasElement }) => {
    const input = stateField(canvasElement);
    await expect(input.tagName).toBe('INPUT');
    await expect(input).not.toBeRequired();
    await expect(input.closest('.form-row')).toHaveTextContent('State / County (optional)');
  },
};

/** The store refused the order without a state: the select is invalid and says why. */
export const StateRequiredError: Story = {
  args: {
    initialCountry: 'US',
    states: usStates,
    required: ['country', 'address_1', 'city', 'state', 'postcode'],
    defaultValues: { country: 'US', address_1: '1428 Elm Street', city: 'Springfield' },
    errors: { state: 'Billing State / County is a required field.' },
  },
  play: async ({ canvasElement }) => {
    const select = stateField(canvasElement);
    await expect(select).toHaveAttribute('aria-invalid', 'true');
    await expect(select).toHaveAccessibleDescription('Billing State / County is a required field.');
    await expect(select.closest('.form-row')).toHaveClass('woocommerce-invalid');
  },
};

/** The state select and its error right to left, in the Arabic catalogue. */
export const StateSelectRightToLeft: Story = {
  ...StateRequiredError,
  parameters: { dir: 'rtl' },
  play: async ({ canvasElement }) => {
    const select = within(canvasElement).getByRole('combobox', { name: /الولاية \/ المقاطعة/ });
    await expect(select.tagName).toBe('SELECT');
    await expect(within(select).getAllByRole('option')[0]).toHaveTextContent('اختر خيارًا…');
    await expect(select).toHaveAttribute('aria-invalid', 'true');
  },
};

/** The page's wiring: the states of the chosen country, none for a country without. */
function StatesByCountry() {
  const [country, setCountry] = useState('US');
  return (
    <AddressFields
      type="billing"
      countries={countries}
      defaultValues={{ country: 'US', state: 'CA' }}
      states={country === 'US' ? usStates : undefined}
      onCountryChange={setCountry}
      required={
        country === 'US' ? ['country', 'address_1', 'city', 'state', 'postcode'] : undefined
      }
    />
  );
}

/**
 * Another country empties the state, as WooCommerce does: California is not a county of the
 * United Kingdom. Back in the country the form started with, its saved state returns.
 */
export const StateEmptiedOnCountryChange: Story = {
  render: () => <StatesByCountry />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(stateField(canvasElement)).toHaveValue('CA');
    await userEvent.selectOptions(canvas.getByRole('combobox', { name: /Country/ }), 'GB');
    const county = stateField(canvasElement);
    await expect(county.tagName).toBe('INPUT');
    await expect(county).toHaveValue('');
    await userEvent.type(county, 'Surrey');
    await userEvent.selectOptions(canvas.getByRole('combobox', { name: /Country/ }), 'US');
    await expect(stateField(canvasElement).tagName).toBe('SELECT');
    await expect(stateField(canvasElement)).toHaveValue('CA');
  },
};
