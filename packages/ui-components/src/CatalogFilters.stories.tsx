import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { usd } from './__fixtures__/products';
import { AttributeFilter, PriceFilter, type AttributeFilterTerm, type Currency } from './index';

const meta = {
  title: 'Catalogue/Filters',
  parameters: { layout: 'padded' },
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

const jpy: Currency = { ...usd, code: 'JPY', symbol: '¥', minorUnit: 0, prefix: '¥' };
const action = '#/product-category/coffee/';

/** A term as a listing links it (`#` so a story never navigates the preview away). */
const term = (slug: string, name: string, count: number, chosen = false): AttributeFilterTerm => ({
  slug,
  name,
  count,
  chosen,
  href: `#/product-category/coffee/?filter_grind=${slug}&query_type_grind=or`,
});

/** Stands in for a router's submission, so the story's form never navigates. */
const submitted = fn<(form: HTMLFormElement) => void>();

const GRINDS = [term('whole-bean', 'Whole bean', 4), term('filter', 'Filter', 3)];

export const PriceRange: Story = {
  render: () => <PriceFilter min="1200" max="4550" currency={usd} action={action} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('region', { name: 'Filter by price' })).toBeVisible();
    await expect(canvas.getByText('Prices here run from $12.00 to $45.50.')).toBeVisible();
    const min = canvas.getByRole('spinbutton', { name: 'Min price ($)' });
    // Whole units of the range as the hints, cents as the step.
    await expect(min).toHaveAttribute('placeholder', '12');
    await expect(min).toHaveAttribute('step', '0.01');
    await expect(min).toHaveAccessibleDescription('Prices here run from $12.00 to $45.50.');
    await expect(canvas.getByRole('spinbutton', { name: 'Max price ($)' })).toHaveAttribute(
      'placeholder',
      '46',
    );
  },
};

export const PriceChosen: Story = {
  render: () => (
    <PriceFilter
      min="1200"
      max="4550"
      currency={usd}
      action={action}
      minText="15"
      maxText="30.5"
      keep={{ orderby: 'price', filter_grind: 'filter', paged: '2' }}
      onFilterSubmit={submitted}
    />
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('spinbutton', { name: 'Min price ($)' })).toHaveValue(15);
    const max = canvas.getByRole('spinbutton', { name: 'Max price ($)' });
    await expect(max).toHaveValue(30.5);
    await userEvent.clear(max);
    await userEvent.type(max, '40');
    submitted.mockClear();
    await userEvent.click(canvas.getByRole('button', { name: 'Filter' }));
    await expect(submitted).toHaveBeenCalledTimes(1);
    const form = submitted.mock.calls[0]![0];
    // The other arguments go along; the page number does not (a new filter starts at page 1).
    await expect([...new FormData(form)]).toEqual([
      ['min_price', '15'],
      ['max_price', '40'],
      ['orderby', 'price'],
      ['filter_grind', 'filter'],
    ]);
  },
};
/** A currency without decimals: whole yen in the hint, a step of 1. */
export const PriceWithoutDecimals: Story = {
  render: () => <PriceFilter min="800" max="12500" currency={jpy} action={action} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Prices here run from ¥800 to ¥12,500.')).toBeVisible();
    const min = canvas.getByRole('spinbutton', { name: 'Min price (¥)' });
    await expect(min).toHaveAttribute('step', '1');
    await expect(min).toHaveAttribute('placeholder', '800');
    await expect(canvas.getByRole('spinbutton', { name: 'Max price (¥)' })).toHaveAttribute(
      'placeholder',
      '12500',
    );
  },
};

/** Right to left (the Arabic example catalogue). */
export const PriceRightToLeft: Story = {
  parameters: { dir: 'rtl' },
  render: () => <PriceFilter min="1200" max="4550" currency={usd} action={action} minText="15" />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('region', { name: 'تصفية حسب السعر' })).toBeVisible();
    await expect(canvas.getByText('تتراوح الأسعار هنا من $12.00 إلى $45.50.')).toBeVisible();
    await expect(canvas.getByRole('spinbutton', { name: 'أدنى سعر ($)' })).toHaveValue(15);
    await expect(canvas.getByRole('button', { name: 'تصفية' })).toBeVisible();
    const min = canvas.getByRole('spinbutton', { name: 'أدنى سعر ($)' });
    const max = canvas.getByRole('spinbutton', { name: 'أعلى سعر ($)' });
    // The first field (min) starts at the right.
    await expect(min.getBoundingClientRect().right).toBeGreaterThan(
      max.getBoundingClientRect().right,
    );
  },
};

export const AttributeTerms: Story = {
  render: () => <AttributeFilter name="grind" label="Grind" terms={GRINDS} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const nav = canvas.getByRole('navigation', { name: 'Filter by Grind' });
    const links = within(nav).getAllByRole('link');
    await expect(links.map((link) => link.getAttribute('aria-label'))).toEqual([
      'Whole bean (4 products)',
      'Filter (3 products)',
    ]);
    await expect(links[0]).toHaveAttribute('rel', 'nofollow');
    await expect(links[0]).toHaveAttribute(
      'href',
      '#/product-category/coffee/?filter_grind=whole-bean&query_type_grind=or',
    );
  },
};

export const AttributeOneChosen: Story = {
  render: () => (
    <AttributeFilter
      name="grind"
      label="Grind"
      terms={[term('whole-bean', 'Whole bean', 4), term('filter', 'Filter', 1, true)]}
    />
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const chosen = canvas.getByRole('link', { name: 'Filter (1 product), chosen: remove' });
    await expect(chosen).toHaveTextContent('✓Filter');
    await expect(chosen.closest('li')).toHaveClass('chosen');
    await expect(canvas.getByRole('link', { name: 'Whole bean (4 products)' })).toBeVisible();
  },
};

/**
 * A chosen term no product here has any more (the listing's other filters left it none): it
 * stays, so the shopper can remove it. Terms with no products that are not chosen are left
 * out by the listing.
 */
export const AttributeChosenWithNoProducts: Story = {
  render: () => (
    <AttributeFilter
      name="size"
      label="Size"
      terms={[term('250-g', '250 g', 5), term('1-kg', '1 kg', 0, true)]}
    />
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const chosen = canvas.getByRole('link', { name: '1 kg (0 products), chosen: remove' });
    await expect(chosen.closest('li')).toHaveTextContent('1 kg (0)');
  },
};

const COLOURS = [
  'Black',
  'Blue',
  'Brown',
  'Cream',
  'Green',
  'Grey',
  'Orange',
  'Pink',
  'Purple',
  'Red',
  'Teal',
  'White',
  'Yellow',
].map((name, index) => term(name.toLowerCase(), name, ((index * 7) % 12) + 1, index === 3));

export const AttributeManyTerms: Story = {
  render: () => <AttributeFilter name="colour" label="Colour" terms={COLOURS} />,
  play: async ({ canvasElement }) => {
    const nav = within(canvasElement).getByRole('navigation', { name: 'Filter by Colour' });
    await expect(within(nav).getAllByRole('listitem')).toHaveLength(13);
    await expect(within(nav).getAllByRole('link', { name: /chosen: remove$/ })).toHaveLength(1);
  },
};

/** Right to left: Arabic texts and plural forms, counts in the locale's digits. */
export const AttributeRightToLeft: Story = {
  parameters: { dir: 'rtl' },
  render: () => (
    <AttributeFilter
      name="grind"
      label="الطحن"
      terms={[term('whole-bean', 'حبوب كاملة', 4), term('filter', 'فلتر', 1, true)]}
    />
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const nav = canvas.getByRole('navigation', { name: 'تصفية حسب الطحن' });
    await expect(within(nav).getByRole('link', { name: 'حبوب كاملة (٤ منتجات)' })).toBeVisible();
    const chosen = within(nav).getByRole('link', { name: 'فلتر (منتج واحد)، مختار: إزالة' });
    await expect(chosen.closest('li')).toHaveTextContent('(١)');
  },
};

/** Both filters side by side as a catalogue's sidebar shows them. */
export const Sidebar: Story = {
  render: () => (
    <aside aria-label="Filter products" style={{ maxWidth: '16rem' }}>
      <PriceFilter min="1200" max="4550" currency={usd} action={action} />
      <AttributeFilter name="grind" label="Grind" terms={GRINDS} />
    </aside>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('complementary', { name: 'Filter products' })).toBeVisible();
    await expect(canvas.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'Filter by price',
      'Filter by Grind',
    ]);
  },
};
