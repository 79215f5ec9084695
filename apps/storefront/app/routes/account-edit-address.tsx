import type { AddressFieldName } from '@cartwright/ui-components';
import { data, Form, redirect } from 'react-router';
import {
  SuggestingAddressFields,
  useAddressSuggestionSource,
} from '../components/SuggestingAddressFields';
import { storeContext } from '../context';
import {
  getAccount,
  getAddresses,
  isAddressType,
  readAddressForm,
  saveAddress,
  toAddress,
  toFormValues,
  requireAccounts,
} from '../lib/account';
import { accountProblems } from '../lib/account-problems';
import { AccountField } from '../lib/account-field';
import { AccountLayout } from '../lib/account-nav';
import { CHECKOUT_COUNTRIES, DEFAULT_COUNTRY } from '../lib/checkout';
import { getStoreSettings } from '../lib/store-settings.server';
import accountStyles from './account.css?url';
import type { Route } from './+types/account-edit-address';
import { accountAddressesT } from '../messages-account-addresses';
import { readForm } from '../lib/form-body';
import { pageTitle } from '../lib/site-title';
import { AlertNotice } from '@cartwright/ui-components';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: accountStyles }];

/** `/my-account/edit-address/{billing|shipping}/`: the saved address in the checkout's fields. */
export async function loader({ params, context }: Route.LoaderArgs) {
  requireAccounts(context.get(storeContext));
  if (!isAddressType(params.type)) throw data(null, { status: 404 });
  const { apiFetch } = context.get(storeContext);
  const account = await getAccount(apiFetch);
  if (!account.logged_in) throw redirect('/my-account/');
  const [addresses, settings] = await Promise.all([
    getAddresses(apiFetch, account.nonces.wp_rest),
    getStoreSettings(apiFetch),
  ]);
  return {
    type: params.type,
    saved: toFormValues(addresses[params.type], params.type),
    logoutUrl: account.logout_url,
    addressSuggestions: {
      providers: settings.addressProviders,
      countries: settings.addressAutocompleteCountries,
    },
  };
}

/**
 * Save address: a plain form post, checked by the store as checkout checks an address; then
 * 303 to the addresses page with WooCommerce's "Address changed successfully.". A refusal
 * comes back with every typed value and the store's message on each field.
 */
export async function action({ params, request, context }: Route.ActionArgs) {
  requireAccounts(context.get(storeContext));
  if (!isAddressType(params.type)) throw data(null, { status: 404 });
  const { apiFetch } = context.get(storeContext);
  const values = readAddressForm(await readForm(request), params.type);
  const account = await getAccount(apiFetch);
  if (!account.logged_in) throw redirect('/my-account/');
  try {
    await saveAddress(
      apiFetch,
      account.nonces.wp_rest,
      params.type,
      toAddress(values, params.type),
    );
  } catch (error) {
    const problems = accountProblems(error);
    if (!problems) throw error;
    return data({ values, ...problems }, { status: 400 });
  }
  return redirect('/my-account/edit-address/?address-changed=1', 303);
}

export function meta({ params, matches }: Route.MetaArgs) {
  const title = accountAddressesT.format(
    params.type === 'shipping' ? 'address.shipping' : 'address.billing',
  );
  return [{ title: pageTitle(matches, title, { account: true }) }];
}

const ADDRESS_FIELD_NAMES: readonly AddressFieldName[] = [
  'country',
  'address_1',
  'address_2',
  'city',
  'state',
  'postcode',
];

function addressPart(
  source: Record<string, string>,
  type: string,
): Partial<Record<AddressFieldName, string>> {
  const part: Partial<Record<AddressFieldName, string>> = {};
  for (const name of ADDRESS_FIELD_NAMES) {
    const value = source[`${type}_${name}`];
    if (value !== undefined) part[name] = value;
  }
  return part;
}

export default function EditAddress({ loaderData, actionData }: Route.ComponentProps) {
  const { type, saved, logoutUrl, addressSuggestions } = loaderData;
  const values = actionData?.values ?? saved;
  const errors = actionData?.fields ?? {};
  const title = accountAddressesT.format(
    type === 'billing' ? 'address.billing' : 'address.shipping',
  );
  const field = (key: string) => ({
    name: `${type}_${key}`,
    defaultValue: values[`${type}_${key}`] ?? '',
    error: errors[`${type}_${key}`],
  });
  const addressSuggestionSource = useAddressSuggestionSource(addressSuggestions);
  const defaults = addressPart(values, type);
  if (!defaults.country) defaults.country = DEFAULT_COUNTRY;
  return (
    <>
      <h1>{title}</h1>
      <AccountLayout logoutUrl={logoutUrl}>
        {actionData ? (
          <AlertNotice id="address-errors" occurrence={actionData}>
            <p>{accountAddressesT.format('account.addressErrors')}</p>
            <ul>
              {actionData.messages.map((message) => (
                <li key={message}>{message}</li>
              ))}
            </ul>
          </AlertNotice>
        ) : null}
        {/* key: a refused post re-renders the fields with the values it carried */}
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
            source={addressSuggestionSource}
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
      </AccountLayout>
    </>
  );
}
