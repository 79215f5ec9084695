import type { StoreCart } from '@cartwright/store-api-client';

/** A rate the shopper can choose, as the pages render it (minor units). */
export interface ShippingRateView {
  rateId: string;
  name: string;
  price: string;
  selected: boolean;
}

/** A package's choice of rates. */
export interface ShippingPackageView {
  packageId: number;
  rates: ShippingRateView[];
}

/** What the cart and checkout pages show of shipping. */
export interface ShippingView {
  /** The cart holds something to ship. */
  needed: boolean;
  packages: ShippingPackageView[];
  /** Where the rates are for (the cart's shipping address). */
  destination: { country: string; state: string; city: string; postcode: string };
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** The shipping part of a Store API cart (well-formed packages and rates only). */
export function shippingViewOf(
  cart: Pick<StoreCart, 'needs_shipping' | 'shipping_rates' | 'shipping_address'>,
): ShippingView {
  const packages: ShippingPackageView[] = [];
  for (const pack of Array.isArray(cart.shipping_rates) ? cart.shipping_rates : []) {
    if (typeof pack?.package_id !== 'number' || !Array.isArray(pack.shipping_rates)) continue;
    packages.push({
      packageId: pack.package_id,
      rates: pack.shipping_rates
        .filter((rate) => typeof rate?.rate_id === 'string' && /^\d{1,15}$/.test(rate.price))
        .map((rate) => ({
          rateId: rate.rate_id,
          name: text(rate.name),
          price: rate.price,
          selected: rate.selected === true,
        })),
    });
  }
  const address = cart.shipping_address ?? {};
  return {
    needed: cart.needs_shipping === true,
    packages,
    destination: {
      country: text(address.country),
      state: text(address.state),
      city: text(address.city),
      postcode: text(address.postcode),
    },
  };
}

/** The rates chosen in a submitted form: package id → rate id. */
export function chosenRatesOf(form: FormData): [number, string][] {
  const out: [number, string][] = [];
  for (const [name, value] of form.entries()) {
    if (typeof value !== 'string' || value === '') continue;
    const match = /^shipping_method\[(\d{1,4})\]$/.exec(name);
    if (match) out.push([Number(match[1]), value]);
  }
  return out;
}
