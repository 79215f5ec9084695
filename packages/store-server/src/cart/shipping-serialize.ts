/** The Store API's `shipping_rates` packages (wire contract §5.3; WooCommerce 10.2.4's shape). */
import { CURRENCY } from '../catalog/serialize';
import { escapeHtml } from './cart';
import type { ShippingPackage } from './shipping';

export function serializeShippingPackages(packages: readonly ShippingPackage[]) {
  return packages.map((pack) => {
    // WooCommerce lists the package's items on each rate as `Name &times; 2, Other &times; 1`.
    const items = pack.items
      .map((item) => `${escapeHtml(item.name)} &times; ${item.quantity}`)
      .join(', ');
    return {
      package_id: pack.packageId,
      name: pack.name,
      destination: { ...pack.destination },
      items: pack.items.map((item) => ({ ...item })),
      shipping_rates: pack.rates.map((rate) => ({
        rate_id: rate.rateId,
        name: rate.name,
        description: '',
        delivery_time: '',
        price: String(rate.cost),
        taxes: '0',
        instance_id: rate.instanceId,
        method_id: rate.methodId,
        meta_data: [{ key: 'Items', value: items }],
        selected: rate.rateId === pack.selected,
        ...CURRENCY,
      })),
    };
  });
}
