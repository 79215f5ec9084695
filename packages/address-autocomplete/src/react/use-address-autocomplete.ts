import { useEffect, useState, useSyncExternalStore } from 'react';
import type {
  ChangeEvent,
  FocusEvent,
  InputHTMLAttributes,
  KeyboardEvent,
  LiHTMLAttributes,
  MouseEvent,
  Ref,
  RefCallback,
} from 'react';
import type { AddressAutocompleteState } from '../combobox';
import { createAddressAutocomplete } from '../engine';
import type { AddressAutocomplete, AddressAutocompleteOptions, AddressFields } from '../engine';
import { isAutofillEvent } from '../autofill';
import { createFormFields } from '../fields';

/** Options of {@link useAddressAutocomplete}. */
export interface UseAddressAutocompleteOptions extends Omit<AddressAutocompleteOptions, 'fields'> {
  /**
   * Where a chosen address goes. By default the fields of the input's own `<form>`
   * named `{type}_{field}` (WooCommerce's names), written so that the DOM and React
   * state both get the values (see `createFormFields`). Pass your own to write
   * somewhere else; the latest one given is used.
   * @default createFormFields(() => input.form, addressType)
   */
  fields?: AddressFields;
}

/**
 * What {@link useAddressAutocomplete} returns. The engine and the three prop getters are the
 * same on every render (the getters read the current state when called), so a component may
 * memoise on them; `state`, `announcement` and `brandingHtml` change with the state.
 */
export interface UseAddressAutocompleteResult {
  /** The engine's current state. */
  state: AddressAutocompleteState;
  /** The text for a polite live region beside the input (count, "No results" or ''). */
  announcement: string;
  /** The active provider's branding HTML, unsanitised ('' if none): sanitise with `./branding`. */
  brandingHtml: string;
  /** The engine, for commands outside the prop getters. */
  engine: AddressAutocomplete;
  /** Props for the address input; pass your own props through it so handlers compose. */
  getInputProps<P extends InputHTMLAttributes<HTMLInputElement> & { ref?: Ref<HTMLInputElement> }>(
    this: void,
    props?: P,
  ): P &
    ReturnType<AddressAutocomplete['getInputAttributes']> & { ref: RefCallback<HTMLInputElement> };
  /** Props for the `<ul>` listbox (render it only while `state.status === 'open'`). */
  getListProps(this: void): ReturnType<AddressAutocomplete['getListAttributes']> & {
    ref: RefCallback<HTMLElement>;
  };
  /** Props for the option at `index`; pass your own props through it so handlers compose. */
  getItemProps<P extends LiHTMLAttributes<HTMLLIElement>>(
    this: void,
    index: number,
    props?: P,
  ): P & ReturnType<AddressAutocomplete['getItemAttributes']>;
}

/** The elements and the latest `fields` of one hook, outside React's render data flow. */
function createBinding(
  addressType: AddressAutocompleteOptions['addressType'],
  initialFields?: AddressFields,
) {
  let input: HTMLInputElement | null = null;
  let list: HTMLElement | null = null;
  let custom = initialFields;
  const formFields = createFormFields(() => input?.form, addressType);
  const fields: AddressFields = {
    get: (field) => (custom ?? formFields).get(field),
    set: (field, value) => (custom ?? formFields).set(field, value),
  };
  return {
    fields,
    setFields: (next: AddressFields | undefined) => {
      custom = next;
    },
    setInput: (element: HTMLInputElement | null) => {
      input = element;
    },
    setList: (element: HTMLElement | null) => {
      list = element;
    },
    contains: (target: Node | null) => Boolean(input?.contains(target) || list?.contains(target)),
  };
}

function setRef<T>(ref: Ref<T> | undefined, value: T | null) {
  if (typeof ref === 'function') ref(value);
  else if (ref) ref.current = value;
}

/**
 * The prop getters of one hook: they read the engine's state when called, so they are made
 * once, and the same functions come back on every render (a caller may memoise on them).
 */
function createPropGetters(
  engine: AddressAutocomplete,
  binding: ReturnType<typeof createBinding>,
): Pick<UseAddressAutocompleteResult, 'getInputProps' | 'getListProps' | 'getItemProps'> {
  return {
    getInputProps(props = {} as never) {
      return {
        ...props,
        ...engine.getInputAttributes(),
        ref: (element: HTMLInputElement | null) => {
          binding.setInput(element);
          setRef(props.ref, element);
        },
        onChange(event: ChangeEvent<HTMLInputElement>) {
          props.onChange?.(event);
          void engine.input(event.target.value, { autofill: isAutofillEvent(event.nativeEvent) });
        },
        onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
          props.onKeyDown?.(event);
          if (!event.defaultPrevented && engine.keyDown(event.key)) event.preventDefault();
        },
        onFocus(event: FocusEvent<HTMLInputElement>) {
          props.onFocus?.(event);
          engine.focus();
        },
        onBlur(event: FocusEvent<HTMLInputElement>) {
          props.onBlur?.(event);
          engine.blur();
        },
      };
    },
    getListProps() {
      return {
        ...engine.getListAttributes(),
        ref: binding.setList,
      };
    },
    getItemProps(index, props = {} as never) {
      return {
        ...props,
        ...engine.getItemAttributes(index),
        onMouseEnter(event: MouseEvent<HTMLLIElement>) {
          props.onMouseEnter?.(event);
          engine.hover(index);
        },
        onMouseDown(event: MouseEvent<HTMLLIElement>) {
          props.onMouseDown?.(event);
          event.preventDefault(); // keep focus in the input
        },
        onClick(event: MouseEvent<HTMLLIElement>) {
          props.onClick?.(event);
          void engine.choose(index);
        },
      };
    },
  };
}

/**
 * Address suggestions for one address form, downshift style: a thin hook over the
 * framework-free engine (read with `useSyncExternalStore`), with prop getters for the
 * input, the listbox and its options. The rules live in the core, not in effects.
 *
 * @example
 * const { state, announcement, getInputProps, getListProps, getItemProps } =
 *   useAddressAutocomplete({ registry, addressType: 'billing', country });
 * return (
 *   <>
 *     <input {...getInputProps({ id: 'billing_address_1', name: 'billing_address_1', autoComplete: 'address-line1' })} />
 *     {state.status === 'open' && (
 *       <ul {...getListProps()}>
 *         {state.suggestions.map((suggestion, index) => (
 *           <li key={suggestion.id} {...getItemProps(index)}>{suggestion.label}</li>
 *         ))}
 *       </ul>
 *     )}
 *     <div role="status" aria-live="polite">{announcement}</div>
 *   </>
 * );
 */
export function useAddressAutocomplete(
  options: UseAddressAutocompleteOptions,
): UseAddressAutocompleteResult {
  const [binding] = useState(() => createBinding(options.addressType, options.fields));
  const [engine] = useState(() =>
    createAddressAutocomplete({ ...options, fields: binding.fields }),
  );
  const [getters] = useState(() => createPropGetters(engine, binding));
  const state = useSyncExternalStore(engine.subscribe, engine.getSnapshot, engine.getSnapshot);
  const country = options.country ?? '';
  const { fields } = options;
  useEffect(() => binding.setFields(fields), [binding, fields]);
  useEffect(() => engine.setCountry(country), [engine, country]);

  const open = state.status === 'open';
  useEffect(() => {
    if (!open) return;
    const onClick = (event: globalThis.MouseEvent) => {
      if (!binding.contains(event.target as Node | null)) engine.outsideClick();
    };
    document.addEventListener('click', onClick);
    return () => document.removeEventListener('click', onClick);
  }, [binding, engine, open]);

  return {
    state,
    announcement: engine.getAnnouncement(),
    brandingHtml: engine.getBrandingHtml(),
    engine,
    ...getters,
  };
}
