import type { CSSProperties } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { productImage, usd } from './__fixtures__/products';
import { AddToCartButton, Price, ProductCard, QuantityInput } from './index';

/**
 * The theme: CSS custom properties on `:root` in `styles.css`. A shop re-skins every
 * component by overriding them (on `:root`, or on any container) — no other CSS needed.
 */
const TOKENS = [
  ['--cw-color-text', 'Body text, headings, the store notice background'],
  ['--cw-color-muted', 'Secondary text: field descriptions, hints'],
  ['--cw-color-surface', 'Backgrounds of cards, buttons, banners'],
  ['--cw-color-border', 'Card and panel borders'],
  ['--cw-color-control-border', 'Input, select and button borders (3:1 against the surface)'],
  ['--cw-color-placeholder', 'The image box before an image loads'],
  ['--cw-color-sale', 'The sale badge, sale prices, errors'],
  ['--cw-color-on-sale', 'Text on the sale colour'],
  ['--cw-color-focus', 'Focus rings and links such as the skip link'],
  ['--cw-radius', 'Corner radius of cards and panels'],
  ['--cw-gap', 'Spacing between grid items and inside panels'],
] as const;

function TokenTable() {
  const root = getComputedStyle(document.documentElement);
  return (
    <table className="cw-tokens">
      <caption>Design tokens (override them to re-skin every component)</caption>
      <thead>
        <tr>
          <th scope="col">Custom property</th>
          <th scope="col">Default</th>
          <th scope="col">Used for</th>
        </tr>
      </thead>
      <tbody>
        {TOKENS.map(([name, use]) => {
          const value = root.getPropertyValue(name).trim();
          return (
            <tr key={name}>
              <th scope="row">
                <code>{name}</code>
              </th>
              <td>
                {name.startsWith('--cw-color') ? (
                  <span
                    aria-hidden="true"
                    style={{
                      display: 'inline-block',
                      inlineSize: '1.25rem',
                      blockSize: '1.25rem',
                      marginInlineEnd: '0.5rem',
                      verticalAlign: 'middle',
                      border: '1px solid #595959',
                      background: value,
                    }}
                  />
                ) : null}
                <code>{value}</code>
              </td>
              <td>{use}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

function Sample({ style }: { style?: CSSProperties }) {
  return (
    <div style={{ ...style, display: 'grid', gap: '1rem', maxInlineSize: '18rem' }}>
      <ProductCard
        name="Beanie with Logo"
        href="#/product/beanie/"
        price={{ amount: 1800, regularAmount: 2000, currency: usd }}
        image={{ src: productImage('#2b6cb0', 'Beanie'), alt: '' }}
        imageLoading="eager"
      >
        <AddToCartButton
          productId={15}
          name="Beanie with Logo"
          href="#/shop/?add-to-cart=15"
          onAdd={() => undefined}
        />
      </ProductCard>
      <QuantityInput />
      <p>
        <Price amount={1800} regularAmount={2000} currency={usd} />
      </p>
    </div>
  );
}

const meta = {
  title: 'Design/Tokens',
  component: TokenTable,
} satisfies Meta<typeof TokenTable>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Every token with its default value. */
export const Tokens: Story = {
  play: async ({ canvasElement }) => {
    const rows = within(canvasElement).getAllByRole('row');
    await expect(rows).toHaveLength(TOKENS.length + 1);
    await expect(within(canvasElement).getByText('#1a5fb4')).toBeInTheDocument();
  },
};

const shop = {
  '--cw-color-text': '#0b2e13',
  '--cw-color-surface': '#f4fbf5',
  '--cw-color-border': '#7fa885',
  '--cw-color-control-border': '#3d6b44',
  '--cw-color-sale': '#8a1538',
  '--cw-color-focus': '#7a3e00',
  '--cw-radius': '0',
} as CSSProperties;

/** The same components with a shop's overrides set on a container: all follow. */
export const Reskinned: Story = {
  render: () => (
    <div style={{ display: 'flex', flexWrap: 'wrap', gap: '2rem' }}>
      <section aria-label="Default theme">
        <Sample />
      </section>
      <section aria-label="A shop’s theme">
        <Sample style={shop} />
      </section>
    </div>
  ),
  play: async ({ canvasElement }) => {
    const themed = within(canvasElement).getByRole('region', { name: 'A shop’s theme' });
    const card = themed.querySelector('.cw-product-card')!;
    const input = within(themed).getByRole('spinbutton');
    await expect(getComputedStyle(card).borderRadius).toBe('0px');
    await expect(getComputedStyle(input).borderTopColor).toBe('rgb(61, 107, 68)');
    const badge = within(themed).getByText('Sale!');
    await expect(getComputedStyle(badge).backgroundColor).toBe('rgb(138, 21, 56)');
  },
};
