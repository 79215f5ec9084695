import type {
  ChangeEvent,
  HTMLAttributes,
  InputHTMLAttributes,
  LiHTMLAttributes,
  ReactElement,
  Ref,
} from 'react';
import { useEffect, useRef, useState } from 'react';
import { useAnnouncement } from './AnnouncerProvider';
import { UiComponentsError } from './errors';
import type { MessageKey } from './messages';
import { useMessages } from './MessagesProvider';
import { ADDRESS_MESSAGES } from './messages-address';

/** Which address a set of fields holds; the prefix of every field name. */
export type AddressFieldsType = 'billing' | 'shipping';

/** One field of an address, as WooCommerce names them after the `{type}_` prefix. */
export type AddressFieldName =
  'country' | 'address_1' | 'address_2' | 'city' | 'state' | 'postcode';

/** A choice of the country (or state) select: `code` is submitted, `name` shown. */
export interface AddressFieldsOption {
  /** The value submitted, e.g. `"GB"`. */
  code: string;
  /** The text shown, e.g. `"United Kingdom (UK)"`. */
  name: string;
}

/** A part of a suggestion's label: `highlightLabel` from address-autocomplete makes these. */
export interface AddressFieldsLabelSegment {
  /** The text of this part. */
  text: string;
  /** Shown bold: it matched what the shopper typed. */
  highlighted: boolean;
}

/**
 * The suggestions combobox of the `address_1` field: address-autocomplete's
 * `useAddressAutocomplete` result with each suggestion's label split into segments.
 *
 * @example
 * const combobox = useAddressAutocomplete({ registry, addressType: 'billing', country });
 * const suggestions: AddressFieldsSuggestions = {
 *   ...combobox,
 *   status: combobox.state.status,
 *   options: combobox.state.suggestions.map((s) => ({
 *     id: s.id,
 *     segments: highlightLabel(s.label, s.matchedSubstrings),
 *   })),
 *   brandingHtml: safeBranding, // from sanitizeBranding(combobox.brandingHtml)
 * };
 */
export interface AddressFieldsSuggestions {
  /** `'unavailable'` (no provider serves the country: a plain text field), `'closed'` or `'open'`. */
  status: 'unavailable' | 'closed' | 'open';
  /** The suggestions shown while `'open'` (at most 5), in order. */
  options: readonly { id: string; segments: readonly AddressFieldsLabelSegment[] }[];
  /** The polite announcement: the number of suggestions, "No results" or `''`. */
  announcement: string;
  /** The hook's input prop getter: the field's own props go through it. */
  getInputProps: (
    props: InputHTMLAttributes<HTMLInputElement>,
  ) => InputHTMLAttributes<HTMLInputElement> & { ref?: Ref<HTMLInputElement> };
  /** The hook's listbox prop getter (`role="listbox"`, "Address suggestions"). */
  getListProps: () => HTMLAttributes<HTMLUListElement> & { ref?: Ref<HTMLUListElement> };
  /** The hook's option prop getter. */
  getItemProps: (index: number) => LiHTMLAttributes<HTMLLIElement>;
  /**
   * The provider's branding line, shown under the open list. It is inserted as HTML, so
   * it must ALREADY be sanitised (address-autocomplete's `./branding` `sanitizeBranding`);
   * this component never sanitises. Empty or absent: no branding line.
   * @default ''
   */
  brandingHtml?: string | undefined;
}

/** Props of {@link AddressFields}. */
export interface AddressFieldsProps {
  /** Billing or shipping: names every field `{type}_{field}` (`billing_address_1`, …). */
  type: AddressFieldsType;
  /** The countries of the country select, in order. At least one. */
  countries: readonly AddressFieldsOption[];
  /**
   * The values the fields start with (uncontrolled: the form holds them, so the form
   * works without JavaScript and a chosen suggestion written into the DOM is submitted).
   * @default {}
   */
  defaultValues?: Partial<Record<AddressFieldName, string>> | undefined;
  /**
   * The states of the current country: a select when given, a text field otherwise.
   * @default undefined
   */
  states?: readonly AddressFieldsOption[] | undefined;
  /**
   * Called when the shopper (or a chosen suggestion) changes the country: pass it on to
   * the suggestions hook (`country`) and update `states`.
   * @default undefined
   */
  onCountryChange?: ((country: string) => void) | undefined;
  /**
   * The address_1 suggestions combobox; without it address_1 is a plain text field.
   * @default undefined
   */
  suggestions?: AddressFieldsSuggestions | undefined;
  /**
   * Messages per field (from the server's validation): the field gets
   * `aria-invalid` and the message as its description.
   * @default {}
   */
  errors?: Partial<Record<AddressFieldName, string>> | undefined;
  /**
   * The fields that must be filled.
   * @default ['country', 'address_1', 'city', 'postcode']
   */
  required?: readonly AddressFieldName[] | undefined;
  /**
   * The group's legend.
   * @default the catalogue's 'address.billing' or 'address.shipping' ("Billing address")
   */
  legend?: string | undefined;
}

const LABELS: Record<AddressFieldName, MessageKey> = {
  country: 'address.country',
  address_1: 'address.address_1',
  address_2: 'address.address_2',
  city: 'address.city',
  state: 'address.state',
  postcode: 'address.postcode',
};

const AUTOCOMPLETE: Record<AddressFieldName, string> = {
  country: 'country',
  address_1: 'address-line1',
  address_2: 'address-line2',
  city: 'address-level2',
  state: 'address-level1',
  postcode: 'postal-code',
};

const DEFAULT_REQUIRED: readonly AddressFieldName[] = ['country', 'address_1', 'city', 'postcode'];

/**
 * Billing or shipping address fields with WooCommerce's names, ids and classes
 * (`p.form-row#{type}_{field}_field`, inputs named `{type}_address_1` … `{type}_state`,
 * a country select), autofill tokens (`billing address-line1`, …), and on `address_1`
 * the suggestions combobox of `@cartwright/address-autocomplete`: a listbox labelled
 * "Address suggestions" with the matched parts of each label in bold, a polite count /
 * "No results" announcement, and the provider's branding line under the open list.
 * The list floats over the fields below (no layout shift). Plain inputs: the form
 * works without JavaScript.
 *
 * @throws {UiComponentsError} `invalid_options` for an empty country list.
 *
 * @example
 * <AddressFields
 *   type="billing"
 *   countries={[{ code: 'GB', name: 'United Kingdom (UK)' }]}
 *   defaultValues={{ country: 'GB' }}
 *   onCountryChange={setCountry}
 *   suggestions={suggestions}
 * />
 */
export function AddressFields({
  type,
  countries,
  defaultValues = {},
  states,
  onCountryChange,
  suggestions,
  errors = {},
  required = DEFAULT_REQUIRED,
  legend,
}: AddressFieldsProps): ReactElement {
  const t = useMessages(ADDRESS_MESSAGES);
  useAnnouncement(
    suggestions && suggestions.status !== 'unavailable' ? suggestions.announcement : '',
  );
  const initialCountry = defaultValues.country ?? countries[0]?.code;
  // A state chosen for one country means nothing in another: WooCommerce empties the field
  // when the country changes, so a new one starts empty (and a new control, select or text).
  const [chosenCountry, setChosenCountry] = useState(initialCountry);
  const stateDefault = chosenCountry === initialCountry ? (defaultValues.state ?? '') : '';
  const countrySelect = useRef<HTMLSelectElement>(null);
  // A country chosen in the server's markup before the page hydrated (or put back by the
  // browser's form restore) is the form's country: hydration keeps the select's choice but
  // replays no change event, so it is read once here.
  useEffect(() => {
    const shown = countrySelect.current?.value;
    if (!shown || shown === initialCountry) return;
    setChosenCountry(shown);
    onCountryChange?.(shown);
    // Once, on mount: later changes come through the select's onChange.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  if (countries.length === 0) {
    throw new UiComponentsError('invalid_options', 'AddressFields: no countries to choose from', {
      input: countries,
    });
  }

  const field = (name: AddressFieldName) => {
    const id = `${type}_${name}`;
    const error = errors[name];
    const isRequired = required.includes(name);
    return {
      row: {
        id: `${id}_field`,
        className: `form-row form-row-wide address-field cw-address__row${error ? ' woocommerce-invalid' : ''}`,
      },
      label: (
        <label htmlFor={id}>
          {t.format(LABELS[name])}
          {isRequired ? (
            <span className="required" aria-hidden="true">
              {' *'}
            </span>
          ) : (
            <>
              {' '}
              <span className="optional">{t.format('address.optional')}</span>
            </>
          )}
        </label>
      ),
      control: {
        id,
        name: id,
        autoComplete: `${type} ${AUTOCOMPLETE[name]}`,
        required: isRequired,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': error ? `${id}_error` : undefined,
      },
      error: error ? (
        <span className="cw-address__error" id={`${id}_error`}>
          {error}
        </span>
      ) : null,
    };
  };

  const textField = (name: Exclude<AddressFieldName, 'country'>) => {
    const f = field(name);
    return (
      <div {...f.row}>
        {f.label}
        <input
          {...f.control}
          type="text"
          className="input-text cw-address__input"
          defaultValue={defaultValues[name] ?? ''}
        />
        {f.error}
      </div>
    );
  };

  const country = field('country');
  const address1 = field('address_1');
  const state = field('state');
  const listOpen = suggestions?.status === 'open' && suggestions.options.length > 0;
  const addressInputProps: InputHTMLAttributes<HTMLInputElement> = {
    ...address1.control,
    type: 'text',
    className: 'input-text cw-address__input',
    defaultValue: defaultValues.address_1 ?? '',
  };

  return (
    <fieldset className={`woocommerce-${type}-fields cw-address`}>
      <legend className="cw-address__legend">
        {legend ?? t.format(type === 'billing' ? 'address.billing' : 'address.shipping')}
      </legend>
      <div {...country.row}>
        {country.label}
        <select
          {...country.control}
          ref={countrySelect}
          className="country_to_state country_select cw-address__input"
          defaultValue={initialCountry}
          onChange={(event: ChangeEvent<HTMLSelectElement>) => {
            setChosenCountry(event.target.value);
            onCountryChange?.(event.target.value);
          }}
        >
          {countries.map((option) => (
            <option key={option.code} value={option.code}>
              {option.name}
            </option>
          ))}
        </select>
        {country.error}
      </div>
      <div {...address1.row}>
        {address1.label}
        <div className="cw-address__combobox">
          {suggestions ? (
            <input {...suggestions.getInputProps(addressInputProps)} />
          ) : (
            <input {...addressInputProps} />
          )}
          {suggestions && listOpen && (
            <div className="cw-address__popup">
              <ul {...suggestions.getListProps()} className="cw-address__suggestions">
                {suggestions.options.map((option, index) => (
                  <li
                    key={option.id}
                    {...suggestions.getItemProps(index)}
                    className="cw-address__suggestion"
                  >
                    {option.segments.map((segment, i) =>
                      segment.highlighted ? <strong key={i}>{segment.text}</strong> : segment.text,
                    )}
                  </li>
                ))}
              </ul>
              {suggestions.brandingHtml ? (
                <div
                  className="cw-address__branding"
                  // Sanitised by the caller (sanitizeBranding): see `brandingHtml`.
                  dangerouslySetInnerHTML={{ __html: suggestions.brandingHtml }}
                />
              ) : null}
            </div>
          )}
        </div>
        {address1.error}
      </div>
      {textField('address_2')}
      {textField('city')}
      <div {...state.row}>
        {state.label}
        {states && states.length > 0 ? (
          <select
            {...state.control}
            key={chosenCountry}
            className="state_select cw-address__input"
            defaultValue={stateDefault}
          >
            <option value="">{t.format('address.selectOption')}</option>
            {states.map((option) => (
              <option key={option.code} value={option.code}>
                {option.name}
              </option>
            ))}
          </select>
        ) : (
          <input
            {...state.control}
            key={chosenCountry}
            type="text"
            className="input-text cw-address__input"
            defaultValue={stateDefault}
          />
        )}
        {state.error}
      </div>
      {textField('postcode')}
    </fieldset>
  );
}
