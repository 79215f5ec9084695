import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, test, vi } from 'vitest';
import { CONSENT_BANNER_CATEGORIES, ConsentBanner, isUiComponentsError } from './index';
import type { ConsentBannerChoices, ConsentBannerProps } from './index';

/** A page with a "Cookie settings" button that opens the banner, as a consent store would. */
function Page(
  props: Partial<ConsentBannerProps> & { onStored?: (c: ConsentBannerChoices) => void },
) {
  const { onStored, ...rest } = props;
  const [open, setOpen] = useState(false);
  const [stored, setStored] = useState<ConsentBannerChoices>({});
  return (
    <main>
      <button type="button" onClick={() => setOpen(true)}>
        Cookie settings
      </button>
      {open && (
        <ConsentBanner
          choices={stored}
          {...rest}
          onDecide={(choices) => {
            setStored(choices);
            onStored?.(choices);
            setOpen(false);
          }}
        />
      )}
    </main>
  );
}

const banner = () => screen.getByRole('region', { name: 'Cookies and privacy' });

describe('ConsentBanner', () => {
  test('is a labelled region that takes focus when it opens and gives it back when it closes', async () => {
    const user = userEvent.setup();
    render(<Page />);
    const opener = screen.getByRole('button', { name: 'Cookie settings' });
    await user.click(opener);
    expect(banner()).toHaveFocus();
    expect(banner()).toHaveAccessibleDescription(/We use cookies to run the shop/);
    await user.click(screen.getByRole('button', { name: 'Accept all' }));
    expect(screen.queryByRole('region')).toBeNull();
    expect(opener).toHaveFocus();
  });

  test('"Accept all" grants every category and "Reject all" denies all but the required one', async () => {
    const user = userEvent.setup();
    const onDecide = vi.fn();
    const { rerender } = render(<ConsentBanner onDecide={onDecide} />);
    await user.click(screen.getByRole('button', { name: 'Accept all' }));
    expect(onDecide).toHaveBeenLastCalledWith(
      {
        functional: 'granted',
        preferences: 'granted',
        statistics: 'granted',
        'statistics-anonymous': 'granted',
        marketing: 'granted',
      },
      'accept-all',
    );
    rerender(<ConsentBanner onDecide={onDecide} />);
    await user.click(screen.getByRole('button', { name: 'Reject all' }));
    expect(onDecide).toHaveBeenLastCalledWith(
      {
        functional: 'granted',
        preferences: 'denied',
        statistics: 'denied',
        'statistics-anonymous': 'denied',
        marketing: 'denied',
      },
      'reject-all',
    );
    expect(onDecide).toHaveBeenCalledTimes(2);
  });

  test('"Choose" shows a labelled, unticked checkbox per category and saves exactly what was ticked', async () => {
    const user = userEvent.setup();
    const onDecide = vi.fn();
    render(<ConsentBanner onDecide={onDecide} />);
    const choose = screen.getByRole('button', { name: 'Choose' });
    expect(choose).toHaveAttribute('aria-expanded', 'false');
    await user.click(choose);
    expect(choose).toHaveAttribute('aria-expanded', 'true');
    const group = screen.getByRole('group', { name: 'Choose what to allow' });
    expect(within(group).getAllByRole('checkbox')).toHaveLength(5);
    const functional = within(group).getByRole('checkbox', { name: 'Functional' });
    expect(functional).toBeChecked();
    expect(functional).toBeDisabled();
    const statistics = within(group).getByRole('checkbox', { name: 'Statistics' });
    expect(statistics).not.toBeChecked();
    expect(statistics).toHaveAccessibleDescription(
      'Count visits and sales so the shop can improve.',
    );
    expect(within(group).getByRole('checkbox', { name: 'Marketing' })).not.toBeChecked();
    await user.click(statistics);
    await user.click(screen.getByRole('button', { name: 'Save choices' }));
    expect(onDecide).toHaveBeenCalledOnce();
    expect(onDecide).toHaveBeenCalledWith(
      {
        functional: 'granted',
        preferences: 'denied',
        statistics: 'granted',
        'statistics-anonymous': 'denied',
        marketing: 'denied',
      },
      'custom',
    );
  });

  test('remembers the choice: reopened, it shows the stored choices', async () => {
    const user = userEvent.setup();
    const onStored = vi.fn();
    render(<Page showChoices onStored={onStored} />);
    await user.click(screen.getByRole('button', { name: 'Cookie settings' }));
    await user.click(screen.getByRole('checkbox', { name: 'Marketing' }));
    await user.click(screen.getByRole('button', { name: 'Save choices' }));
    expect(onStored).toHaveBeenLastCalledWith(expect.objectContaining({ marketing: 'granted' }));
    await user.click(screen.getByRole('button', { name: 'Cookie settings' }));
    expect(screen.getByRole('checkbox', { name: 'Marketing' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Statistics' })).not.toBeChecked();
  });

  test('Escape never decides: it closes the checkboxes and returns focus to "Choose", then does nothing', async () => {
    const user = userEvent.setup();
    const onDecide = vi.fn();
    render(<ConsentBanner onDecide={onDecide} />);
    await user.click(screen.getByRole('button', { name: 'Choose' }));
    await user.click(screen.getByRole('checkbox', { name: 'Preferences' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('group')).toBeNull();
    expect(screen.getByRole('button', { name: 'Choose' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(banner()).toBeInTheDocument();
    expect(onDecide).not.toHaveBeenCalled();
  });

  test('is fully usable with the keyboard alone', async () => {
    const user = userEvent.setup();
    const onDecide = vi.fn();
    render(<ConsentBanner onDecide={onDecide} />);
    expect(banner()).toHaveFocus();
    await user.tab(); // Accept all
    await user.tab(); // Reject all
    await user.tab(); // Choose
    await user.keyboard('{Enter}');
    await user.tab(); // Functional is disabled, so Preferences
    expect(screen.getByRole('checkbox', { name: 'Preferences' })).toHaveFocus();
    await user.keyboard(' ');
    await user.tab();
    await user.tab();
    await user.tab(); // Marketing
    await user.keyboard(' ');
    await user.tab();
    expect(screen.getByRole('button', { name: 'Save choices' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(onDecide).toHaveBeenCalledWith(
      expect.objectContaining({
        preferences: 'granted',
        statistics: 'denied',
        marketing: 'granted',
      }),
      'custom',
    );
  });

  test('with manageFocus off it leaves focus alone', () => {
    render(<ConsentBanner onDecide={vi.fn()} manageFocus={false} />);
    expect(banner()).not.toHaveFocus();
  });

  test('offers only the categories given, with a custom title and text', async () => {
    const user = userEvent.setup();
    const onDecide = vi.fn();
    render(
      <ConsentBanner
        title="Your privacy"
        categories={CONSENT_BANNER_CATEGORIES.filter((c) => c.id === 'statistics')}
        onDecide={onDecide}
      >
        <p>Short text.</p>
      </ConsentBanner>,
    );
    expect(screen.getByRole('region', { name: 'Your privacy' })).toHaveAccessibleDescription(
      'Short text.',
    );
    await user.click(screen.getByRole('button', { name: 'Accept all' }));
    expect(onDecide).toHaveBeenCalledWith({ statistics: 'granted' }, 'accept-all');
  });

  test.each([
    ['no categories', []],
    [
      'a repeated category',
      [
        { id: 'marketing', label: 'Marketing' },
        { id: 'marketing', label: 'Ads' },
      ],
    ],
  ] as const)('rejects %s with invalid_categories', (_, categories) => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let caught: unknown;
    try {
      render(<ConsentBanner onDecide={vi.fn()} categories={categories} />);
    } catch (error) {
      caught = error;
    }
    expect(isUiComponentsError(caught) && caught.code).toBe('invalid_categories');
  });
});
