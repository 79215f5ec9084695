import { isAutofillEvent } from '@cartwright/address-autocomplete';
import { statesOf } from '@cartwright/address-data';
import { AddressFields } from '@cartwright/ui-components';
import type {
  AddressFieldName,
  AddressFieldsProps,
  AddressFieldsSuggestions,
} from '@cartwright/ui-components';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { ChangeEvent } from 'react';
import type {
  AddressSuggestionSettings,
  AddressSuggestionSource,
} from './address-suggestion-source';

const DEFAULT_REQUIRED: readonly AddressFieldName[] = ['country', 'address_1', 'city', 'postcode'];

export {
  useAddressSuggestionSource,
  type AddressSuggestionSettings,
  type AddressSuggestionSource,
} from './address-suggestion-source';

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
  // A keystroke made while the engine's code was on its way (its country): if that load fails,
  // this keystroke is the next one, and tries again at once.
  const askedMeanwhile = useRef<string | null>(null);

  const startEngine = useCallback(
    (forCountry: string) => {
      const start = (country: string) => {
        if (!mightSuggest(source.settings, country)) return;
        if (loading.current) {
          askedMeanwhile.current = country;
          return;
        }
        loading.current = true;
        askedMeanwhile.current = null;
        source.load().then(setLive, () => {
          // The plain field keeps working; the next keystroke tries again.
          loading.current = false;
          const again = askedMeanwhile.current;
          if (again !== null) start(again);
        });
      };
      start(forCountry);
    },
    [source],
  );
  // Text typed into the street field before this code ran (the server's markup, before
  // hydration or while the checkout's island loaded, decision 0069) fired no keystroke here:
  // if the field still has the focus and holds typed text, the engine starts now, and searches
  // for that text when it arrives (decision 0060). Read once, after the form's country is known.
  useEffect(() => {
    const field = input.current;
    if (field === null || field.ownerDocument.activeElement !== field) return;
    if (field.value === (props.defaultValues?.address_1 ?? '') || field.value === '') return;
    const select = field.form?.elements.namedItem(`${props.type}_country`);
    startEngine(select instanceof HTMLSelectElement ? select.value : country);
    // Once, on mount.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

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
          if (isAutofillEvent(event.nativeEvent)) return;
          startEngine(country);
        },
      }),
      getListProps: noop,
      getItemProps: noop,
    }),
    [country, startEngine],
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
