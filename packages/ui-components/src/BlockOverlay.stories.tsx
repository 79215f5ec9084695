import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor, within } from 'storybook/test';
import { BlockOverlay } from './index';

const content = (
  <div style={{ padding: '1rem', border: '1px solid #d4d4d4' }}>
    <p style={{ margin: '0 0 0.5rem' }}>Beanie with Logo, 2 × $18.00</p>
    <button type="button" className="cw-button">
      Update
    </button>
  </div>
);

const meta = {
  title: 'Cart/BlockOverlay',
  component: BlockOverlay,
  args: { blocked: true, children: content },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: '22rem' }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof BlockOverlay>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Blocked: Story = {
  play: async ({ canvasElement }) => {
    const region = canvasElement.querySelector('.cw-block')!;
    await expect(region).toHaveAttribute('aria-busy', 'true');
    const overlay = region.querySelector('.cw-block__overlay')!;
    // It fades in (150 ms), then stays at the spec's 0.6: skip to the end of the fade.
    for (const animation of overlay.getAnimations()) animation.finish();
    await expect(getComputedStyle(overlay).opacity).toBe('0.6');
    // It covers the region exactly, and takes the clicks meant for the content.
    await expect(overlay.getBoundingClientRect().toJSON()).toEqual(
      region.getBoundingClientRect().toJSON(),
    );
    const button = within(canvasElement).getByRole('button', { name: 'Update' });
    const box = button.getBoundingClientRect();
    await expect(document.elementFromPoint(box.left + 2, box.top + 2)).toBe(overlay);
  },
};

export const Unblocked: Story = { args: { blocked: false } };

export const AllStates: Story = {
  render: () => (
    <div style={{ display: 'grid', gap: '1rem' }}>
      <BlockOverlay blocked={false}>{content}</BlockOverlay>
      <BlockOverlay blocked>{content}</BlockOverlay>
    </div>
  ),
  play: async ({ canvasElement }) => {
    // Blocking never changes the size of what it blocks.
    const [free, blocked] = [...canvasElement.querySelectorAll('.cw-block')];
    await expect(blocked!.getBoundingClientRect().height).toBe(
      free!.getBoundingClientRect().height,
    );
    await expect(blocked!.getBoundingClientRect().width).toBe(free!.getBoundingClientRect().width);
  },
};

/** Right to left (the Arabic example catalogue): texts translated, layout mirrored. */
export const RightToLeft: Story = {
  parameters: { dir: 'rtl' },
  play: async ({ canvasElement }) => {
    const overlay = canvasElement.querySelector('.blockOverlay')!;
    // It fades in over 150 ms.
    await waitFor(() => expect(getComputedStyle(overlay).opacity).toBe('0.6'));
  },
};
