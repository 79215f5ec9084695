export {
  ADDRESS_TYPES,
  BLUR_CLOSE_DELAY_MS,
  MAX_SUGGESTIONS,
  MIN_QUERY_LENGTH,
  SECONDARY_FIELDS_DELAY_MS,
} from './constants';
export { AddressAutocompleteError, isAddressAutocompleteError } from './errors';
export type { AddressAutocompleteErrorCode } from './errors';
export { highlightLabel, normalizeSuggestions } from './suggestions';
export type {
  Address,
  AddressSuggestion,
  AddressType,
  HighlightSegment,
  MatchedSubstring,
} from './types';
