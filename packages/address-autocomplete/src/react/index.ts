export { useAddressAutocomplete } from './use-address-autocomplete';
export type {
  UseAddressAutocompleteOptions,
  UseAddressAutocompleteResult,
} from './use-address-autocomplete';
