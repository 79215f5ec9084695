import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { CatalogOrdering, Pagination, ResultCount } from './index';

const meta = {
  title: 'Catalogue/Toolbar',
  parameters: { layout: 'padded' },
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

const href = (n: number) => (n === 1 ? '#/shop/' : `#/shop/page/${n}/`);
// In stories the form must not navigate the preview frame away.
const stay = () => undefined;

export const OrderingDefault: Story = {
  render: () => <CatalogOrdering value="menu_order" onOrderChange={stay} />,
  play: async ({ canvasElement }) => {
    const select = within(canvasElement).getByRole('combobox', { name: 'Shop order' });
    await expect(select).toHaveValue('menu_order');
  },
};

export const OrderingByPrice: Story = {
  render: () => <CatalogOrdering value="price" onOrderChange={stay} />,
};

export const ResultCountUnsorted: Story = {
  render: () => <ResultCount total={30} page={1} perPage={16} />,
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Showing 1–16 of 30 results')).toBeVisible();
  },
};

export const ResultCountSorted: Story = {
  render: () => <ResultCount total={30} page={2} perPage={16} sortedBy="Sort by latest" />,
};

export const ResultCountSingle: Story = {
  render: () => <ResultCount total={1} page={1} perPage={16} />,
};

export const PaginationFirstPage: Story = {
  render: () => <Pagination page={1} totalPages={3} href={href} />,
};

export const PaginationMiddlePage: Story = {
  render: () => <Pagination page={2} totalPages={3} href={href} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('link', { name: 'Previous page' })).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Next page' })).toBeVisible();
  },
};

export const PaginationLastPage: Story = {
  render: () => <Pagination page={3} totalPages={3} href={href} />,
};

export const AllStates: Story = {
  render: () => (
    <div>
      <div
        style={{ display: 'flex', justifyContent: 'space-between', flexWrap: 'wrap', gap: '1rem' }}
      >
        <ResultCount total={30} page={1} perPage={16} />
        <CatalogOrdering value="popularity" onOrderChange={stay} />
      </div>
      <ResultCount total={1} page={1} perPage={16} />
      <ResultCount total={12} page={1} perPage={16} />
      <Pagination page={1} totalPages={3} href={href} label="First page example" />
      <Pagination page={2} totalPages={3} href={href} label="Middle page example" />
      <Pagination page={3} totalPages={3} href={href} label="Last page example" />
    </div>
  ),
};

/** Right to left (the Arabic example catalogue): texts translated, layout mirrored. */
export const RightToLeft: Story = {
  parameters: { dir: 'rtl' },
  render: () => (
    <div>
      <ResultCount total={30} page={2} perPage={16} />
      <CatalogOrdering value="price" onOrderChange={stay} />
      <Pagination page={2} totalPages={3} href={href} />
    </div>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('عرض ١٧–٣٠ من أصل ٣٠ نتيجة')).toBeVisible();
    await expect(canvas.getByRole('combobox', { name: 'ترتيب المتجر' })).toHaveValue('price');
    const previous = canvas.getByRole('link', { name: 'الصفحة السابقة' });
    const next = canvas.getByRole('link', { name: 'الصفحة التالية' });
    // Previous is at the right, and its arrow is mirrored to point there.
    await expect(previous.getBoundingClientRect().left).toBeGreaterThan(
      next.getBoundingClientRect().left,
    );
    await expect(
      getComputedStyle(previous.querySelector('.cw-pagination__arrow')!).transform,
    ).not.toBe('none');
  },
};
