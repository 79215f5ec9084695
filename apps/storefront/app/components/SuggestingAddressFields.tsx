import { isAutofillEvent } from '@cartwright/address-autocomplete';
import type { AddressAutocompleteRegistry } from '@cartwright/address-autocomplete';
import { statesOf } from '@cartwright/address-data';
import { AddressFields } from '@cartwright/ui-components';
import type {
  AddressFieldName,
  AddressFieldsProps,
  AddressFieldsSuggestions,
} from '@cartwright/ui-components';
import { useMemo, useRef, useState } from 'react';
import type { ChangeEvent } from 'react';
import { loadRouteChunk } from '../lib/chunks';

const DEFAULT_REQUIRED: readonly AddressFieldName[] = ['country', 'address_1', 'city', 'postcode'];

/** The store's address suggestion setup, from `cartwright/v1/settings`. */
export interface AddressSuggestionSettings {
  /** The server providers configuration (wire contract §4.2). */
  providers: readonly { id: string; name: string; branding_html: string }[];
  /** The countries the store's own address search covers. */
  countries: readonly string[];
}

/**
 * The suggestion engine (`components/address-suggestions`: registry, store search, combobox),
 * loaded with the first keystroke in a street address field that can suggest (decision 0060).
 */
const loadAddressSuggestions = () =>
  loadRouteChunk('address-suggestions', () => import('./address-suggestions'));

/** The suggestion engine's chunk. */
type SuggestionsModule = Awaited<ReturnType<typeof loadAddressSuggestions>>;

/**
 * The page's address suggestions before and after their code arrives (decision 0060): the
 * store's settings, and `load()`, which loads the engine's chunk once and makes the page's
 * one provider registry (shared by the billing and shipping forms, as WooCommerce's
 * `window.wc.addressAutocomplete`). A failed load rejects, and the next call tries again.
 */
export interface AddressSuggestionSource {
  /** The store's address suggestion setup. */
  readonly settings: AddressSuggestionSettings;
  /** The engine's code and the page's registry. */
  load(): Promise<{ module: SuggestionsModule; registry: AddressAutocompleteRegistry }>;
}

/** The page's {@link AddressSuggestionSource}: made once, nothing loaded until a form asks. */
export function useAddressSuggestionSource(
  settings: AddressSuggestionSettings,
): AddressSuggestionSource {
  const [source] = useState((): AddressSuggestionSource => {
    let registry: AddressAutocompleteRegistry | undefined;
    return {
      settings,
      load: async () => {
        const module = await loadAddressSuggestions();
        registry ??= module.createAddressSuggestionRegistry(settings);
        return { module, registry };
      },
    };
  });
  return source;
}

/**
 * Whether a street address field can suggest for `country`: the store's search covers it and
 * the store has a provider configured. Only decides whether typing loads the engine; once it
 * is loaded, its registry alone decides (a country it does not serve is a plain field).
 */
const mightSuggest = (settings: AddressSuggestionSettings, country: string) =>
  settings.providers.length > 0 && settings.countries.includes(country);

const noop = () => ({});

/**
 * `AddressFields` whose street address suggests addresses, for this form's own country
 * (re-checked when it changes): billing and shipping each get their own combobox over the
 * page's shared registry. The fields render with the page as plain fields; the suggestion
 * engine loads with the shopper's first keystroke in the street field (not with autofill,
 * and not for a country nothing can suggest for), and takes over the same input with what
 * was typed, the caret and the focus (decision 0060). Until then, without JavaScript, if its
 * code fails to arrive, or for a country no provider serves, it is the plain field.
 */
export function SuggestingAddressFields({
  source,
  ...props
}: Omit<AddressFieldsProps, 'suggestions' | 'onCountryChange'> & {
  source: AddressSuggestionSource;
}) {
  const [country, setCountry] = useState(props.defaultValues?.country ?? '');
  const [live, setLive] = useState<Awaited<ReturnType<AddressSuggestionSource['load']>>>();
  const [combobox, setCombobox] = useState<AddressFieldsSuggestions | null>(null);
  const input = useRef<HTMLInputElement | null>(null);
  const loading = useRef(false);

  // Until the engine is here: a plain field that starts loading it on the first keystroke.
  const dormant = useMemo(
    (): AddressFieldsSuggestions => ({
      status: 'unavailable',
      options: [],
      announcement: '',
      getInputProps: (inputProps) => ({
        ...inputProps,
        ref: input,
        onChange(event: ChangeEvent<HTMLInputElement>) {
          inputProps.onChange?.(event);
          if (loading.current || isAutofillEvent(event.nativeEvent)) return;
          if (!mightSuggest(source.settings, country)) return;
          loading.current = true;
          source.load().then(setLive, () => {
            // The plain field keeps working; the next keystroke tries again.
            loading.current = false;
          });
        },
      }),
      getListProps: noop,
      getItemProps: noop,
    }),
    [source, country],
  );

  // The country's states from the list the store checks against: a select, required where
  // the store requires a state (`@cartwright/address-data`).
  const states = statesOf(country);
  const required = props.required ?? DEFAULT_REQUIRED;
  return (
    <>
      <AddressFields
        {...props}
        states={states?.states}
        required={states?.required ? [...required, 'state'] : required}
        onCountryChange={setCountry}
        suggestions={combobox ?? dormant}
      />
      {live ? (
        <live.module.AddressSuggestionsEngine
          registry={live.registry}
          addressType={props.type}
          country={country}
          input={input}
          onSuggestions={setCombobox}
        />
      ) : null}
    </>
  );
}
