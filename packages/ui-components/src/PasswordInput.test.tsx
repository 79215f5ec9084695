import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { act } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { describe, expect, test, vi } from 'vitest';
import { AnnouncerProvider, createAnnouncer, MessagesProvider, PasswordInput } from './index';

describe('PasswordInput', () => {
  test('server HTML is a plain labelled password field; its toggle, which needs script, is hidden', () => {
    const html = renderToString(
      <PasswordInput label="Password" name="password" id="reg_password" required />,
    );
    expect(html).toContain('type="password"');
    expect(html).toContain('name="password"');
    expect(html).toMatch(/autocomplete="current-password"/i);
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    try {
      // The only button is the toggle, hidden: never shown, focused or read without script.
      expect(container.querySelectorAll('button')).toHaveLength(1);
      expect(container.querySelector('button')).toHaveAttribute('hidden');
      expect(container.querySelector('button')).not.toBeVisible();
      expect(screen.queryByRole('button')).toBeNull();
      expect(screen.getByLabelText(/Password/)).toHaveAttribute('type', 'password');
    } finally {
      container.remove();
    }
  });

  test('once hydrated, the toggle appears in place, without changing the server markup around it', () => {
    const container = document.createElement('div');
    container.innerHTML = renderToString(<PasswordInput label="Password" id="pw" />);
    document.body.append(container);
    const errors = vi.spyOn(console, 'error');
    let root: Root | undefined;
    try {
      act(() => {
        root = hydrateRoot(container, <PasswordInput label="Password" id="pw" />);
      });
      const mismatches = errors.mock.calls.filter((call) => /hydrat/i.test(String(call[0])));
      expect(mismatches).toEqual([]);
      expect(screen.getByRole('button', { name: 'Show password' })).toBeInTheDocument();
      expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
    } finally {
      act(() => root?.unmount());
      container.remove();
    }
  });

  test('the toggle shows and hides the password, its label saying what it will do next', async () => {
    const user = userEvent.setup();
    const onVisibilityChange = vi.fn();
    const announcer = createAnnouncer({ gapMs: 0 });
    const polite = () => announcer.getSnapshot().polite.map((entry) => entry.message);
    render(
      <AnnouncerProvider announcer={announcer}>
        <PasswordInput label="Password" onVisibilityChange={onVisibilityChange} />
      </AnnouncerProvider>,
    );
    const field = screen.getByLabelText('Password');
    await user.type(field, 's3cret pass');
    expect(polite()).toEqual([]);
    expect(field).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(field).toHaveAttribute('type', 'text');
    expect(field).toHaveValue('s3cret pass');
    expect(screen.getByRole('button', { name: 'Hide password' })).toHaveClass('display-password');
    expect(polite()).toContain('Your password is visible');
    expect(document.querySelectorAll('[aria-live]')).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(field).toHaveAttribute('type', 'password');
    expect(polite()).toContain('Your password is hidden');
    expect(onVisibilityChange.mock.calls).toEqual([[true], [false]]);
  });

  test('a mouse click on the toggle leaves focus and the caret in the field', async () => {
    const user = userEvent.setup();
    render(<PasswordInput label="Password" />);
    const field = screen.getByLabelText<HTMLInputElement>('Password');
    await user.type(field, 'abcdef');
    field.setSelectionRange(2, 4);
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(field).toHaveFocus();
    expect([field.selectionStart, field.selectionEnd]).toEqual([2, 4]);
    await user.keyboard('X');
    expect(field).toHaveValue('abXef');
  });

  test('from the keyboard, the toggle keeps focus and works with Enter and Space', async () => {
    const user = userEvent.setup();
    render(<PasswordInput label="Password" />);
    const field = screen.getByLabelText('Password');
    await user.click(field);
    await user.tab();
    const toggle = screen.getByRole('button', { name: 'Show password' });
    expect(toggle).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(field).toHaveAttribute('type', 'text');
    expect(screen.getByRole('button', { name: 'Hide password' })).toHaveFocus();
    await user.keyboard(' ');
    expect(field).toHaveAttribute('type', 'password');
  });

  test('a shown password turns back into a password field before its form is sent', async () => {
    const user = userEvent.setup();
    const sent: string[] = [];
    render(
      <form
        aria-label="Log in"
        onSubmit={(event) => {
          event.preventDefault();
          const input = event.currentTarget.elements.namedItem('pwd') as HTMLInputElement;
          sent.push(`${input.type}:${new FormData(event.currentTarget).get('pwd') as string}`);
        }}
      >
        <PasswordInput label="Password" name="pwd" defaultVisible />
        <button type="submit">Log in</button>
      </form>,
    );
    await user.type(screen.getByLabelText('Password'), 'hunter22');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(sent).toEqual(['password:hunter22']);
    expect(screen.getByRole('button', { name: 'Show password' })).toBeInTheDocument();
  });

  test('password managers see a stable field: name, id and autocomplete; no spell-checking', () => {
    render(
      <PasswordInput
        label="Password"
        name="password"
        id="reg_password"
        autoComplete="new-password"
      />,
    );
    const field = screen.getByLabelText('Password');
    expect(field).toHaveAttribute('id', 'reg_password');
    expect(field).toHaveAttribute('autocomplete', 'new-password');
    expect(field).toHaveAttribute('spellcheck', 'false');
    expect(field).toHaveAttribute('autocapitalize', 'off');
    expect(screen.getByRole('button', { name: 'Show password' })).toHaveAttribute(
      'aria-controls',
      'reg_password',
    );
  });

  test('an error marks the field invalid and is read with it, before the description', () => {
    render(
      <PasswordInput
        label="Password"
        id="pw"
        error="Please enter a stronger password."
        description="Hint: use twelve characters or more."
      />,
    );
    const field = screen.getByLabelText('Password');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription(
      'Please enter a stronger password. Hint: use twelve characters or more.',
    );
  });

  test('disabled disables the field and its toggle', () => {
    render(<PasswordInput label="Password" disabled />);
    expect(screen.getByLabelText('Password')).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Show password' })).toBeDisabled();
  });

  test('the toggle labels and announcements can be translated', async () => {
    const user = userEvent.setup();
    render(
      <PasswordInput
        label="Mot de passe"
        showLabel="Afficher le mot de passe"
        hideLabel="Masquer le mot de passe"
        shownAnnouncement="Votre mot de passe est visible"
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Afficher le mot de passe' }));
    expect(screen.getByRole('button', { name: 'Masquer le mot de passe' })).toBeInTheDocument();
    expect(screen.getByText('Votre mot de passe est visible')).toBeInTheDocument();
  });

  test('the toggle labels come from the message catalogue when no props are given', async () => {
    const user = userEvent.setup();
    render(
      <MessagesProvider messages={FRENCH}>
        <PasswordInput label="Mot de passe" />
      </MessagesProvider>,
    );
    await user.click(screen.getByRole('button', { name: 'Afficher' }));
    expect(screen.getByRole('button', { name: 'Masquer' })).toBeInTheDocument();
  });
});

const FRENCH = { 'password.show': 'Afficher', 'password.hide': 'Masquer' };
