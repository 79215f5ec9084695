import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { SiteSearch } from './index';

/** Stands in for a router's submission, so the story's form never navigates. */
const submitted = fn<(form: HTMLFormElement) => void>();

const meta = {
  title: 'Site/SiteSearch',
  component: SiteSearch,
  parameters: { layout: 'padded' },
  args: { onSearchSubmit: submitted },
} satisfies Meta<typeof SiteSearch>;

export default meta;
type Story = StoryObj<typeof meta>;

/** An empty search: typing and pressing Enter sends `s` with `post_type=product`. */
export const Empty: Story = {
  play: async ({ canvasElement }) => {
    // The `search` element is the landmark (Testing Library's role table predates it).
    const landmark = canvasElement.querySelector('search')!;
    await expect(landmark).toBeVisible();
    const field = within(landmark).getByRole('searchbox', { name: 'Search products' });
    await expect(field).toHaveValue('');
    submitted.mockClear();
    await userEvent.type(field, 'mug{Enter}');
    await expect(submitted).toHaveBeenCalledTimes(1);
    const form = submitted.mock.calls[0]![0];
    await expect(form).toHaveAttribute('method', 'get');
    await expect(form).toHaveAttribute('action', '/');
    await expect([...new FormData(form)]).toEqual([
      ['s', 'mug'],
      ['post_type', 'product'],
    ]);
  },
};

/** On a search page: the field keeps the query. */
export const WithQuery: Story = {
  args: { value: 'espresso cups' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('searchbox', { name: 'Search products' })).toHaveValue(
      'espresso cups',
    );
    await expect(canvas.getByRole('button', { name: 'Search' })).toBeVisible();
  },
};

/**
 * A second search on a page (an empty results page's "Search again"): its label shown, and the
 * landmark named by it, so it is told apart from the header's.
 */
export const Labelled: Story = {
  args: { value: 'zzzz', label: 'Search again', id: 'search-again-field' },
  play: async ({ canvasElement }) => {
    const landmark = canvasElement.querySelector('search')!;
    await expect(landmark).toHaveAttribute('aria-label', 'Search again');
    const field = within(landmark).getByRole('searchbox', { name: 'Search again' });
    await expect(field).toHaveValue('zzzz');
    await expect(within(landmark).getByText('Search again')).toBeVisible();
  },
};

/** Right to left (the Arabic example catalogue): the button to the field's left. */
export const RightToLeft: Story = {
  parameters: { dir: 'rtl' },
  args: { value: 'قهوة' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const field = canvas.getByRole('searchbox', { name: 'البحث في المنتجات' });
    await expect(field).toHaveValue('قهوة');
    const button = canvas.getByRole('button', { name: 'بحث' });
    await expect(button.getBoundingClientRect().right).toBeLessThanOrEqual(
      field.getBoundingClientRect().left,
    );
  },
};
