import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { ConsentBanner } from './index';
import type { ConsentBannerChoices, ConsentBannerProps } from './index';

const meta = {
  title: 'Consent/ConsentBanner',
  component: ConsentBanner,
  args: { onDecide: fn() },
  parameters: { layout: 'fullscreen' },
  decorators: [
    // The banner is fixed to the bottom of the viewport; AllStates frames each one instead.
    (Story, { parameters }) =>
      parameters['framed'] === true ? (
        <Story />
      ) : (
        <div style={{ padding: '1rem' }}>
          <p>The shop page under the banner.</p>
          <Story />
        </div>
      ),
  ],
} satisfies Meta<typeof ConsentBanner>;

export default meta;
type Story = StoryObj<typeof meta>;

const region = (canvasElement: HTMLElement) =>
  within(canvasElement).getByRole('region', { name: 'Cookies and privacy' });

/** First visit: no choice yet. */
export const Default: Story = {
  play: async ({ canvasElement, args }) => {
    const banner = region(canvasElement);
    await expect(banner).toHaveFocus();
    // Fixed to the bottom of the viewport: it takes no room in the page, nothing moves.
    await expect(getComputedStyle(banner).position).toBe('fixed');
    await expect(Math.round(banner.getBoundingClientRect().bottom)).toBe(window.innerHeight);
    await userEvent.click(within(banner).getByRole('button', { name: 'Accept all' }));
    await expect(args.onDecide).toHaveBeenCalledWith(
      expect.objectContaining({ statistics: 'granted', marketing: 'granted' }),
      'accept-all',
    );
  },
};

/** The per-category checkboxes, as "Choose" shows them. */
export const Choosing: Story = {
  args: { showChoices: true },
  play: async ({ canvasElement, args }) => {
    const banner = within(region(canvasElement));
    await expect(banner.getByRole('button', { name: 'Choose' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    await expect(banner.getByRole('checkbox', { name: 'Functional' })).toBeDisabled();
    await userEvent.click(banner.getByRole('checkbox', { name: 'Statistics' }));
    await userEvent.click(banner.getByRole('button', { name: 'Save choices' }));
    await expect(args.onDecide).toHaveBeenCalledWith(
      expect.objectContaining({ statistics: 'granted', marketing: 'denied' }),
      'custom',
    );
  },
};

/** Reopened from "Cookie settings": the stored choices are ticked. */
export const Reopened: Story = {
  args: {
    showChoices: true,
    choices: { preferences: 'granted', statistics: 'granted', marketing: 'denied' },
  },
  play: async ({ canvasElement }) => {
    const banner = within(region(canvasElement));
    await expect(banner.getByRole('checkbox', { name: 'Statistics' })).toBeChecked();
    await expect(banner.getByRole('checkbox', { name: 'Marketing' })).not.toBeChecked();
  },
};

/** Escape closes the checkboxes and keeps the banner: it never accepts. */
export const EscapeDoesNotAccept: Story = {
  args: { showChoices: true },
  play: async ({ canvasElement, args }) => {
    const banner = within(region(canvasElement));
    await userEvent.click(banner.getByRole('checkbox', { name: 'Marketing' }));
    await userEvent.keyboard('{Escape}');
    await expect(banner.queryByRole('group')).toBeNull();
    await expect(banner.getByRole('button', { name: 'Choose' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    await expect(region(canvasElement)).toBeVisible();
    await expect(args.onDecide).not.toHaveBeenCalled();
  },
};

/** The banner as a page uses it: shown until a choice, focus back where it was after. */
function WithStore(props: ConsentBannerProps) {
  const [choices, setChoices] = useState<ConsentBannerChoices | null>(null);
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="cw-button" onClick={() => setOpen(true)}>
        Cookie settings
      </button>
      <p>Stored: {choices ? JSON.stringify(choices) : 'nothing yet'}</p>
      {open && (
        <ConsentBanner
          {...props}
          choices={choices ?? {}}
          onDecide={(next, decision) => {
            props.onDecide(next, decision);
            setChoices(next);
            setOpen(false);
          }}
        />
      )}
    </>
  );
}

export const Interactive: Story = {
  render: (args) => <WithStore {...args} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const opener = canvas.getByRole('button', { name: 'Cookie settings' });
    await userEvent.click(opener);
    await waitFor(() => expect(region(canvasElement)).toHaveFocus());
    await userEvent.click(canvas.getByRole('button', { name: 'Reject all' }));
    await expect(canvas.queryByRole('region')).toBeNull();
    await expect(opener).toHaveFocus();
    await expect(canvas.getByText(/Stored:/)).toHaveTextContent('"marketing":"denied"');
  },
};

export const AllStates: Story = {
  parameters: { framed: true },
  render: (args) => (
    <div style={{ display: 'grid', gap: '1rem', padding: '1rem' }}>
      {[
        { label: 'First visit', props: {} },
        { label: 'Choosing', props: { showChoices: true } },
        {
          label: 'Reopened with stored choices',
          props: { showChoices: true, choices: { statistics: 'granted' } as const },
        },
      ].map(({ label, props }) => (
        // A transformed frame holds the fixed banner, so the three sit side by side.
        <div
          key={label}
          style={{
            position: 'relative',
            transform: 'translateZ(0)',
            minHeight: props.showChoices ? '32rem' : '14rem',
            border: '1px dashed #8c8f94',
          }}
        >
          <p style={{ margin: '0.5rem' }}>{label}</p>
          <ConsentBanner
            {...args}
            {...props}
            title={`Cookies and privacy (${label})`}
            manageFocus={false}
          />
        </div>
      ))}
    </div>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getAllByRole('region')).toHaveLength(3);
    await expect(canvas.getAllByRole('group', { name: 'Choose what to allow' })).toHaveLength(2);
  },
};

/** Right to left (the Arabic example catalogue): texts translated, layout mirrored. */
export const RightToLeft: Story = {
  args: { showChoices: true },
  parameters: { dir: 'rtl' },
  play: async ({ canvasElement }) => {
    const region = within(canvasElement).getByRole('region');
    await expect(getComputedStyle(region).direction).toBe('rtl');
  },
};
