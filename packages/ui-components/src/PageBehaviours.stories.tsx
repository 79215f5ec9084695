import { useRef, useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { liveRegion } from './__fixtures__/live-region';
import {
  BLOCK_OVERLAY_OPACITY,
  AlertNotice,
  BlockOverlay,
  FieldDescription,
  SkipLink,
  useAlertFocus,
  useAnnounce,
  useFieldDescription,
} from './index';
import type { SkipLinkProps } from './index';

/**
 * The behaviours every page shares (spec §4 "Page behaviours"): the skip link, alert
 * notices focused 500 ms after load, field descriptions sliding over 250 ms, the
 * 0.6 overlay, and the announcer queueing two messages so neither cuts the other off.
 */
const meta = {
  title: 'Page/Behaviours',
  component: SkipLink,
  args: { href: '#story-main' },
  argTypes: {
    href: { control: 'text', description: 'The main region’s fragment' },
    children: { control: 'text', description: 'The link text (default from the catalogue)' },
  },
} satisfies Meta<typeof SkipLink>;

export default meta;
type Story = StoryObj<typeof meta>;

function Page({ href = '#story-main', children }: SkipLinkProps) {
  return (
    <>
      <SkipLink href={href}>{children}</SkipLink>
      <nav aria-label="Main">
        <a href="#shop">Shop</a>
      </nav>
      <main id={href.slice(1)} tabIndex={-1}>
        <h1>Shop</h1>
        <button type="button" className="cw-button">
          First in main
        </button>
      </main>
    </>
  );
}

/** Keyboard only: the skip link is the first tab stop and moves focus to main. */
export const SkipLinkFocus: Story = {
  render: (args) => <Page {...args} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.tab();
    const link = canvas.getByRole('link', { name: 'Skip to content' });
    await expect(link).toHaveFocus();
    await expect(link.getBoundingClientRect().width).toBeGreaterThan(1);
    await userEvent.keyboard('{Enter}');
    await expect(canvas.getByRole('main')).toHaveFocus();
    await userEvent.tab();
    await expect(canvas.getByRole('button', { name: 'First in main' })).toHaveFocus();
  },
};

/** Hidden until focused: it takes no room and shows nothing. */
export const SkipLinkIdle: Story = {
  render: (args) => <Page {...args} />,
  play: async ({ canvasElement }) => {
    const link = within(canvasElement).getByRole('link', { name: 'Skip to content' });
    await expect(link.getBoundingClientRect().width).toBeLessThanOrEqual(1);
  },
};

export const SkipLinkRightToLeft: Story = {
  render: (args) => <Page {...args} />,
  parameters: { dir: 'rtl' },
  play: async ({ canvasElement }) => {
    await userEvent.tab();
    const link = within(canvasElement).getByRole('link', { name: 'انتقل إلى المحتوى' });
    await expect(link).toHaveFocus();
    // Logical properties: in right-to-left it sits at the right edge.
    const box = link.getBoundingClientRect();
    await expect(box.right).toBeGreaterThan(window.innerWidth / 2);
  },
};

function AlertOnLoad() {
  const ref = useRef<HTMLDivElement>(null);
  useAlertFocus(ref);
  return (
    <div ref={ref} className="cw-notice" role="alert" tabIndex={-1}>
      Please enter a valid email address.
    </div>
  );
}

/** An alert notice receives focus 500 ms after the page loads. */
export const AlertFocusedAfterLoad: Story = {
  render: () => <AlertOnLoad />,
  play: async ({ canvasElement }) => {
    const alert = within(canvasElement).getByRole('alert');
    await expect(alert).not.toHaveFocus();
    await waitFor(() => expect(alert).toHaveFocus(), { timeout: 2000 });
  },
};

/**
 * `AlertNotice`: the error notice every refused form shows, focused 500 ms after it appears and
 * scrolled to; a new `occurrence` (the same refusal again) focuses it again.
 */
export const AlertNoticeRefocusedOnEachRefusal: Story = {
  render: function Render() {
    const [occurrence, setOccurrence] = useState(1);
    return (
      <>
        <button type="button" onClick={() => setOccurrence((n) => n + 1)}>
          Send again
        </button>
        <AlertNotice occurrence={occurrence}>
          <p>Please enter a valid email address.</p>
        </AlertNotice>
      </>
    );
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const alert = canvas.getByRole('alert');
    await expect(alert).toHaveClass('notice', 'notice-error');
    await waitFor(() => expect(alert).toHaveFocus(), { timeout: 2000 });
    const again = canvas.getByRole('button', { name: 'Send again' });
    await userEvent.click(again);
    await expect(again).toHaveFocus();
    await waitFor(() => expect(alert).toHaveFocus(), { timeout: 2000 });
  },
};

function DescribedField({ longText = false }: { longText?: boolean }) {
  const { fieldProps, descriptionProps } = useFieldDescription();
  return (
    <div style={{ maxWidth: '24rem' }}>
      <label htmlFor="story-username">Username</label>
      <br />
      <input id="story-username" className="cw-address__input" {...fieldProps} />
      <FieldDescription {...descriptionProps}>
        {longText
          ? 'Your username is shown on your reviews and used to log in. It cannot be changed later, so choose one you are happy to keep for as long as you shop here.'
          : 'Used to log in.'}
      </FieldDescription>
    </div>
  );
}

/** Field descriptions slide in on focus and out on blur, over 250 ms. */
export const FieldDescriptionSlide: Story = {
  render: () => <DescribedField />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const input = canvas.getByRole('textbox', { name: 'Username' });
    await expect(input).toHaveAccessibleDescription('Used to log in.');
    const description = canvasElement.querySelector('.cw-field-description')!;
    await expect(description).not.toBeVisible();
    await userEvent.click(input);
    await waitFor(() => expect(description).toBeVisible());
    await expect(getComputedStyle(description).transitionDuration).toContain('0.25s');
    await userEvent.tab();
    await expect(description).toHaveAttribute('data-state', 'closing');
    await waitFor(() => expect(description).not.toBeVisible());
  },
};

export const FieldDescriptionLongText: Story = {
  render: () => <DescribedField longText />,
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('textbox', { name: 'Username' }));
    await waitFor(() => expect(canvasElement.querySelector('.cw-field-description')).toBeVisible());
  },
};

/** The page-blocking overlay is at opacity 0.6. */
export const Overlay: Story = {
  render: () => (
    <BlockOverlay blocked>
      <p style={{ padding: '1rem', margin: 0 }}>Updating your cart…</p>
    </BlockOverlay>
  ),
  play: async ({ canvasElement }) => {
    const overlay = canvasElement.querySelector('.blockOverlay')!;
    // It fades in over 150 ms.
    await waitFor(() =>
      expect(getComputedStyle(overlay).opacity).toBe(String(BLOCK_OVERLAY_OPACITY)),
    );
  },
};

function TwoAnnouncements() {
  const announce = useAnnounce();
  const [sent, setSent] = useState(false);
  return (
    <button
      type="button"
      className="cw-button"
      onClick={() => {
        announce('“Beanie” has been added to your cart');
        announce('Showing all 3 results');
        setSent(true);
      }}
    >
      {sent ? 'Announced twice' : 'Announce two messages at once'}
    </button>
  );
}

/** Two messages at once: both are read, one after the other, none cut off. */
export const AnnouncementsQueued: Story = {
  render: () => <TwoAnnouncements />,
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button'));
    const region = liveRegion(canvasElement);
    await expect(region.children).toHaveLength(1);
    await waitFor(() =>
      expect([...region.children].map((node) => node.textContent)).toEqual([
        '“Beanie” has been added to your cart',
        'Showing all 3 results',
      ]),
    );
  },
};

export const AllStates: Story = {
  render: (args) => (
    <div style={{ display: 'grid', gap: '1.5rem' }}>
      <Page {...args} />
      <AlertOnLoad />
      <DescribedField />
      <BlockOverlay blocked>
        <p style={{ padding: '1rem', margin: 0 }}>Updating your cart…</p>
      </BlockOverlay>
      <TwoAnnouncements />
    </div>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('link', { name: 'Skip to content' })).toBeInTheDocument();
    await expect(canvas.getByRole('alert')).toBeInTheDocument();
  },
};
