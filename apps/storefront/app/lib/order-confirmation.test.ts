import { describe, expect, test } from 'vitest';
import {
  ORDER_CONFIRMATION_COOKIE,
  orderConfirmationCookie,
  readOrderConfirmation,
} from './order-confirmation';

const header = (value: string) => `other=1; ${ORDER_CONFIRMATION_COOKIE}=${value}`;
const encoded = (value: unknown) => encodeURIComponent(JSON.stringify(value));

describe('the order confirmation cookie', () => {
  test('round-trips what the checkout hands on, scoped to the order-received pages', () => {
    const cookie = orderConfirmationCookie(
      {
        orderId: 12,
        email: 'ada@example.com',
        paymentMethod: 'cod',
        placedAt: '2026-11-25T04:00:00.000Z',
      },
      true,
    );
    expect(cookie).toContain(
      '; Path=/checkout/order-received/; Max-Age=3600; HttpOnly; SameSite=Lax; Secure',
    );
    const value = cookie.slice(cookie.indexOf('=') + 1, cookie.indexOf(';'));
    expect(readOrderConfirmation(header(value), 12)).toEqual({
      orderId: 12,
      email: 'ada@example.com',
      paymentMethod: 'cod',
      placedAt: '2026-11-25T04:00:00.000Z',
    });
    expect(orderConfirmationCookie({ orderId: 1, email: 'a@b.c' }, false)).not.toContain('Secure');
  });

  test.each([
    ['no cookie', undefined],
    ['another order', header(encoded({ orderId: 13, email: 'ada@example.com' }))],
    ['not JSON', header('ada@example.com')],
    ['malformed escape', header('%E0%A4%A')],
    ['JSON null', header('null')],
    ['an id as text', header(encoded({ orderId: '12', email: 'ada@example.com' }))],
    ['no email', header(encoded({ orderId: 12 }))],
    ['an empty email', header(encoded({ orderId: 12, email: '' }))],
    ['an email that is not text', header(encoded({ orderId: 12, email: ['a'] }))],
    ['over-long', header(encoded({ orderId: 12, email: `${'a'.repeat(600)}@example.com` }))],
  ])('%s is no confirmation', (_, cookieHeader) => {
    expect(readOrderConfirmation(cookieHeader, 12)).toBeUndefined();
  });

  test('drops fields of the wrong type and keeps the email', () => {
    expect(
      readOrderConfirmation(
        header(
          encoded({ orderId: 12, email: 'ada@example.com', paymentMethod: 3, placedAt: 'soon' }),
        ),
        12,
      ),
    ).toEqual({ orderId: 12, email: 'ada@example.com' });
  });
});
