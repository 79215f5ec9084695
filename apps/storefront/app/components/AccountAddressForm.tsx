import { Form } from '../lib/routing';
import { AccountField } from '../lib/account-field';
import { addressPart, CHECKOUT_COUNTRIES, DEFAULT_COUNTRY } from '../lib/checkout';
import { accountAddressesT } from '../messages-account-addresses';
import {
  SuggestingAddressFields,
  useAddressSuggestionSource,
  type AddressSuggestionSettings,
} from './SuggestingAddressFields';

/**
 * The account's billing or shipping address form (`/my-account/edit-address/{type}/`), with the
 * checkout's address fields: the country's states and postcode label follow the chosen country,
 * and the street suggests addresses once the shopper types in it. A plain post to the page.
 * `values`: what the fields show (`{type}_{field}`: the saved address, or what a refused post
 * carried); `errors`: the store's message on each refused field.
 */
export function AccountAddressForm({
  type,
  values,
  errors,
  addressSuggestions,
}: {
  type: 'billing' | 'shipping';
  values: Readonly<Record<string, string>>;
  errors: Readonly<Record<string, string | undefined>>;
  addressSuggestions: AddressSuggestionSettings;
}) {
  const field = (key: string) => ({
    name: `${type}_${key}`,
    defaultValue: values[`${type}_${key}`] ?? '',
    error: errors[`${type}_${key}`],
  });
  const source = useAddressSuggestionSource(addressSuggestions);
  const defaults = addressPart(values, type);
  if (!defaults.country) defaults.country = DEFAULT_COUNTRY;
  return (
    // key: a refused post re-renders the fields with the values it carried
    <Form method="post" className="account-form" noValidate key={JSON.stringify(values)}>
      <AccountField
        {...field('first_name')}
        label={accountAddressesT.format('form.firstName')}
        autoComplete={`${type} given-name`}
        required
      />
      <AccountField
        {...field('last_name')}
        label={accountAddressesT.format('form.lastName')}
        autoComplete={`${type} family-name`}
        required
      />
      <AccountField
        {...field('company')}
        label={accountAddressesT.format('form.company')}
        autoComplete={`${type} organization`}
      />
      <SuggestingAddressFields
        source={source}
        type={type}
        countries={CHECKOUT_COUNTRIES}
        defaultValues={defaults}
        errors={addressPart(errors, type)}
      />
      <AccountField
        {...field('phone')}
        label={accountAddressesT.format('form.phone')}
        type="tel"
        autoComplete={`${type} tel`}
      />
      {type === 'billing' ? (
        <AccountField
          {...field('email')}
          label={accountAddressesT.format('form.email')}
          type="email"
          autoComplete="billing email"
          required
        />
      ) : null}
      <button type="submit" className="cw-button" name="save_address" value="Save address">
        {accountAddressesT.format('account.saveAddress')}
      </button>
    </Form>
  );
}
