import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test, vi } from 'vitest';
import { usd } from './__fixtures__/products';
import { MessagesProvider, ShippingRates, shippingRatesField } from './index';

const rates = [
  { rateId: 'flat_rate:1', name: 'Flat rate', price: '500', selected: false },
  { rateId: 'local_pickup:3', name: 'Local pickup', price: '0', selected: true },
];

describe('ShippingRates', () => {
  test('renders nothing when the cart has nothing to ship', () => {
    const { container } = render(
      <ShippingRates needed={false} packages={[{ packageId: 0, rates }]} currency={usd} />,
    );
    expect(container).toBeEmptyDOMElement();
  });

  test('says WooCommerce’s "no shipping options" text when no package has a rate', () => {
    render(<ShippingRates needed packages={[{ packageId: 0, rates: [] }]} currency={usd} />);
    expect(screen.queryByRole('radio')).toBeNull();
    expect(
      screen.getByText(
        'There are no shipping options available. Please ensure that your address has been entered correctly, or contact us if you need any help.',
      ),
    ).toHaveAttribute('id', 'shipping-none');
  });

  test('one radio group per package, named shipping_method[<id>], the chosen rate checked', () => {
    render(
      <ShippingRates
        needed
        packages={[
          { packageId: 0, rates },
          {
            packageId: 1,
            rates: [{ rateId: 'flat rate:9', name: 'Bulky', price: '1999', selected: true }],
          },
        ]}
        currency={usd}
      />,
    );
    const groups = screen.getAllByRole('group', { name: 'Shipping method' });
    expect(groups).toHaveLength(2);
    expect(screen.getByRole('radio', { name: 'Flat rate: $5.00' })).not.toBeChecked();
    // A free rate is its name alone.
    expect(screen.getByRole('radio', { name: 'Local pickup' })).toBeChecked();
    const bulky = screen.getByRole('radio', { name: 'Bulky: $19.99' });
    expect(bulky).toBeChecked();
    expect(bulky).toHaveAttribute('name', shippingRatesField(1));
    expect(shippingRatesField(1)).toBe('shipping_method[1]');
    // Characters an id cannot hold become "_".
    expect(bulky).toHaveAttribute('id', 'shipping_method_1_flat_rate_9');
  });

  test('onChoose gets the package and the rate picked; without it the radios are plain fields', async () => {
    const onChoose = vi.fn();
    const { rerender } = render(
      <ShippingRates
        needed
        packages={[{ packageId: 0, rates }]}
        currency={usd}
        onChoose={onChoose}
      />,
    );
    await userEvent.click(screen.getByRole('radio', { name: 'Flat rate: $5.00' }));
    expect(onChoose).toHaveBeenCalledExactlyOnceWith(0, 'flat_rate:1');
    // Picking the checked one again changes nothing.
    await userEvent.click(screen.getByRole('radio', { name: 'Flat rate: $5.00' }));
    expect(onChoose).toHaveBeenCalledTimes(1);
    rerender(<ShippingRates needed packages={[{ packageId: 0, rates }]} currency={usd} />);
    await userEvent.click(screen.getByRole('radio', { name: 'Local pickup' }));
    expect(onChoose).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('radio', { name: 'Local pickup' })).toBeChecked();
  });

  test('a translation replaces its texts', () => {
    render(
      <MessagesProvider locale="fr-FR" messages={{ 'shippingRates.legend': 'Mode de livraison' }}>
        <ShippingRates needed packages={[{ packageId: 0, rates }]} currency={usd} />
      </MessagesProvider>,
    );
    expect(screen.getByRole('group', { name: 'Mode de livraison' })).toBeInTheDocument();
  });
});
