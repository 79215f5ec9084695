export {
  addressAutocompleteReducer,
  getAnnouncement,
  getInputAttributes,
  getItemAttributes,
  getListAttributes,
  initialAddressAutocompleteState,
} from './combobox';
export type {
  AddressAutocompleteAction,
  AddressAutocompleteIds,
  AddressAutocompleteMessages,
  AddressAutocompleteState,
  AddressAutocompleteStateReducer,
  AddressAutocompleteStatus,
  InputAttributes,
} from './combobox';
export {
  ADDRESS_TYPES,
  BLUR_CLOSE_DELAY_MS,
  LISTBOX_LABEL,
  MAX_SUGGESTIONS,
  MIN_QUERY_LENGTH,
  SECONDARY_FIELDS,
  SECONDARY_FIELDS_DELAY_MS,
} from './constants';
export { createAddressAutocomplete } from './engine';
export type {
  AddressAutocomplete,
  AddressAutocompleteOptions,
  AddressFields,
  InputDetails,
} from './engine';
export { AddressAutocompleteError, isAddressAutocompleteError } from './errors';
export type { AddressAutocompleteErrorCode } from './errors';
export { isAutofillEvent } from './autofill';
export { createFormFields } from './fields';
export { toPlainText } from './plain-text';
export { defineAddressProvider } from './provider-helper';
export type { AddressProviderDefinition } from './provider-helper';
export { createAddressAutocompleteRegistry, parseServerProviders } from './registry';
export type { AddressAutocompleteRegistry, AddressAutocompleteRegistryOptions } from './registry';
export { highlightLabel, normalizeSuggestions } from './suggestions';
export type {
  Address,
  AddressAutocompleteProvider,
  AddressField,
  AddressSuggestion,
  AddressType,
  HighlightSegment,
  Logger,
  MatchedSubstring,
  SearchOptions,
  ServerProvider,
  Timers,
} from './types';
