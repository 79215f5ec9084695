/**
 * The store's emails, with WooCommerce 10.2.4's subjects and wording (as its lab sent them):
 * the customer's order confirmation, the shop's new-order notice and the password reset. Each
 * has a plain-text and an HTML part; every value from an order or a shopper is escaped.
 *
 * Orders are rendered from the order summary the store serves (`serializeOrder`), read
 * generically: each line with whatever variation or item data it carries, and every totals line
 * the order has (subtotal, discount, shipping, fees, tax, total), so new kinds of line show up
 * without changes here.
 */
import type { MailMessage } from './mailer';

/** What the emails need to know about the shop. */
export interface ShopIdentity {
  name: string;
  /** Where shoppers can write to (WooCommerce's "contact us at"). */
  email: string;
}

/** Money fields as the Store API sends them beside minor-unit amounts. */
interface CurrencyFields {
  currency_minor_unit?: number;
  currency_decimal_separator?: string;
  currency_thousand_separator?: string;
  currency_prefix?: string;
  currency_suffix?: string;
}

/** The order summary as the emails read it (`serializeOrder`'s shape, fields read loosely). */
export interface EmailOrder {
  id: number;
  order_number: string;
  status: string;
  date_created_gmt: string;
  payment_method_title: string;
  customer_note: string;
  billing_address: Record<string, string>;
  shipping_address: Record<string, string>;
  items: readonly Record<string, unknown>[];
  totals: Record<string, unknown> & CurrencyFields;
}

const ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#039;',
};

/** Text into HTML (element content and quoted attributes). */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ESCAPES[char]!);
}

/** Minor units → "$1,234.50" with the order's currency fields. */
export function formatMoney(minor: string | number, currency: CurrencyFields): string {
  const digits = currency.currency_minor_unit ?? 2;
  const amount = typeof minor === 'number' ? minor : Number(minor);
  const negative = amount < 0;
  const whole = Math.abs(Math.trunc(amount));
  const text = String(whole).padStart(digits + 1, '0');
  const units = text.slice(0, text.length - digits);
  const cents = text.slice(text.length - digits);
  const separator = currency.currency_thousand_separator ?? ',';
  let grouped = '';
  for (let index = 0; index < units.length; index++) {
    if (index > 0 && (units.length - index) % 3 === 0) grouped += separator;
    grouped += units[index];
  }
  const number =
    digits > 0 ? `${grouped}${currency.currency_decimal_separator ?? '.'}${cents}` : grouped;
  return `${negative ? '-' : ''}${currency.currency_prefix ?? ''}${number}${currency.currency_suffix ?? ''}`;
}

/** "November 25, 2026", as WooCommerce dates orders in emails. */
function orderDate(gmt: string): string {
  const date = new Date(`${gmt}Z`);
  if (Number.isNaN(date.getTime())) return gmt;
  return new Intl.DateTimeFormat('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  }).format(date);
}

/** A line's variation and item data as "Label: value" pairs (Store API `variation`, `item_data`, `meta`). */
export function lineDetails(item: Record<string, unknown>): { label: string; value: string }[] {
  const details: { label: string; value: string }[] = [];
  for (const list of [item.variation, item.item_data, item.meta_data, item.meta]) {
    if (!Array.isArray(list)) continue;
    for (const entry of list as unknown[]) {
      if (typeof entry !== 'object' || entry === null) continue;
      const record = entry as Record<string, unknown>;
      const label = [record.attribute, record.name, record.display_key, record.key].find(
        (value) => typeof value === 'string' && value !== '',
      );
      const value = [record.value, record.display, record.display_value].find(
        (candidate) => typeof candidate === 'string' || typeof candidate === 'number',
      );
      if (typeof label === 'string' && value !== undefined && !label.startsWith('_')) {
        details.push({ label, value: String(value) });
      }
    }
  }
  return details;
}

/** A line's text field (`name`, `quantity`, `total`) as a string; anything else is ''. */
function itemText(item: Record<string, unknown>, key: string, fallback = ''): string {
  const value = item[key];
  return typeof value === 'string' || typeof value === 'number' ? String(value) : fallback;
}

/** Labels of the totals lines WooCommerce's emails show, in its order; the total comes last. */
const TOTAL_LABELS: readonly (readonly [string, string])[] = [
  ['total_items', 'Subtotal'],
  ['total_discount', 'Discount'],
  ['total_shipping', 'Shipping'],
  ['total_fees', 'Fees'],
  ['total_tax', 'Tax'],
];

/** The order's totals lines: every one it has (zero discount, fees, shipping and tax left out). */
export function totalsLines(order: EmailOrder): { label: string; amount: string }[] {
  const { totals } = order;
  const lines: { label: string; amount: string }[] = [];
  const amount = (key: string) => {
    const value = totals[key];
    return typeof value === 'string' || typeof value === 'number' ? Number(value) : undefined;
  };
  const taxLines = Array.isArray(totals.tax_lines) ? (totals.tax_lines as unknown[]) : [];
  for (const [key, label] of TOTAL_LABELS) {
    const value = amount(key);
    if (value === undefined || (key !== 'total_items' && value === 0)) continue;
    if (key === 'total_tax' && taxLines.length > 0) {
      // One line per rate, as WooCommerce's itemized tax display.
      for (const entry of taxLines) {
        if (typeof entry !== 'object' || entry === null) continue;
        const { name, price } = entry as { name?: unknown; price?: unknown };
        if (typeof name !== 'string' || (typeof price !== 'string' && typeof price !== 'number'))
          continue;
        lines.push({ label: name, amount: formatMoney(Number(price), totals) });
      }
      continue;
    }
    const named = key === 'total_shipping' ? shippingLabel(totals) : label;
    lines.push({
      label: named,
      amount: formatMoney(key === 'total_discount' ? -Math.abs(value) : value, totals),
    });
  }
  const total = amount('total_price');
  if (total !== undefined) lines.push({ label: 'Total', amount: formatMoney(total, totals) });
  return lines;
}

/** "Shipping: Flat rate" when the order names its shipping method. */
function shippingLabel(totals: Record<string, unknown>): string {
  const lines = totals.shipping_lines;
  if (Array.isArray(lines)) {
    const names = lines
      .map((line) =>
        typeof line === 'object' && line !== null ? (line as { name?: unknown }).name : undefined,
      )
      .filter((name): name is string => typeof name === 'string' && name !== '');
    if (names.length > 0) return `Shipping: ${names.join(', ')}`;
  }
  return 'Shipping';
}

/** An address as the lines WooCommerce prints (name, company, street, city/state/postcode, country, phone, email). */
export function addressLines(address: Record<string, string>): string[] {
  const field = (name: string) => (address[name] ?? '').trim();
  const lines = [
    [field('first_name'), field('last_name')].filter(Boolean).join(' '),
    field('company'),
    field('address_1'),
    field('address_2'),
    [[field('city'), field('state')].filter(Boolean).join(', '), field('postcode')]
      .filter(Boolean)
      .join(' '),
    field('country'),
    field('phone'),
    field('email'),
  ];
  return lines.filter((line) => line !== '');
}

const WRAP = (title: string, body: string, shop: ShopIdentity) => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(shop.name)}</title>
</head>
<body style="margin:0;padding:24px 12px;background:#f7f7f7;font:15px/1.5 system-ui,-apple-system,'Segoe UI',sans-serif;color:#1e1e1e">
<main>
<div style="max-width:600px;margin:0 auto;background:#fff;border:1px solid #dedede;border-radius:4px">
<p style="margin:0;padding:20px 32px 0;font-weight:600">${escapeHtml(shop.name)}</p>
<h1 style="margin:0;padding:8px 32px 16px;font-size:26px;line-height:1.2">${escapeHtml(title)}</h1>
<div style="padding:0 32px 24px">
${body}
</div>
</div>
<p style="max-width:600px;margin:12px auto;text-align:center;color:#595959;font-size:13px">${escapeHtml(shop.name)}</p>
</main>
</body>
</html>
`;

function orderHtml(order: EmailOrder): string {
  const rows = order.items
    .map((item) => {
      const details = lineDetails(item)
        .map(({ label, value }) => `<br><small>${escapeHtml(label)}: ${escapeHtml(value)}</small>`)
        .join('');
      return `<tr><td style="padding:8px 0;border-bottom:1px solid #e5e5e5">${escapeHtml(itemText(item, 'name'))} ×${escapeHtml(itemText(item, 'quantity'))}${details}</td><td style="padding:8px 0;border-bottom:1px solid #e5e5e5;text-align:right;white-space:nowrap">${escapeHtml(formatMoney(itemText(item, 'total', '0'), order.totals))}</td></tr>`;
    })
    .join('\n');
  const totals = totalsLines(order)
    .map(
      ({ label, amount }) =>
        `<tr><th scope="row" style="padding:4px 0;text-align:left;font-weight:${label === 'Total' ? 700 : 400}">${escapeHtml(label)}:</th><td style="padding:4px 0;text-align:right;font-weight:${label === 'Total' ? 700 : 400}">${escapeHtml(amount)}</td></tr>`,
    )
    .join('\n');
  const extra = [
    order.payment_method_title === ''
      ? ''
      : `<tr><th scope="row" style="padding:4px 0;text-align:left;font-weight:400">Payment method:</th><td style="padding:4px 0;text-align:right">${escapeHtml(order.payment_method_title)}</td></tr>`,
    order.customer_note === ''
      ? ''
      : `<tr><th scope="row" style="padding:4px 0;text-align:left;font-weight:400;vertical-align:top">Note:</th><td style="padding:4px 0;text-align:right;white-space:pre-line">${escapeHtml(order.customer_note)}</td></tr>`,
  ].join('');
  const address = (title: string, value: Record<string, string>) =>
    `<td style="vertical-align:top;padding:8px 8px 0 0;width:50%"><h3 style="margin:0 0 4px;font-size:16px">${title}</h3><address style="font-style:normal">${addressLines(
      value,
    )
      .map(escapeHtml)
      .join('<br>')}</address></td>`;
  return `<h2 style="font-size:18px;margin:16px 0 4px">Order summary</h2>
<p style="margin:0 0 8px;color:#555">Order #${escapeHtml(order.order_number)} (${escapeHtml(orderDate(order.date_created_gmt))})</p>
<table role="presentation" style="width:100%;border-collapse:collapse">
${rows}
</table>
<table role="presentation" style="width:100%;border-collapse:collapse;margin-top:8px">
${totals}
${extra}
</table>
<table role="presentation" style="width:100%;border-collapse:collapse;margin-top:16px"><tr>${address('Billing address', order.billing_address)}${address('Shipping address', order.shipping_address)}</tr></table>`;
}

function orderText(order: EmailOrder): string {
  const lines = [
    'Order summary',
    `Order #${order.order_number} (${orderDate(order.date_created_gmt)})`,
    '',
  ];
  for (const item of order.items) {
    lines.push(
      `${itemText(item, 'name')} ×${itemText(item, 'quantity')}  ${formatMoney(itemText(item, 'total', '0'), order.totals)}`,
    );
    for (const { label, value } of lineDetails(item)) lines.push(`  ${label}: ${value}`);
  }
  lines.push('');
  for (const { label, amount } of totalsLines(order)) lines.push(`${label}: ${amount}`);
  if (order.payment_method_title !== '')
    lines.push(`Payment method: ${order.payment_method_title}`);
  if (order.customer_note !== '') lines.push(`Note: ${order.customer_note}`);
  lines.push('', 'Billing address', ...addressLines(order.billing_address));
  lines.push('', 'Shipping address', ...addressLines(order.shipping_address));
  return lines.join('\n');
}

/** WooCommerce's "processing"/"on-hold" customer email: "Your {site} order has been received!". */
export function customerOrderEmail(
  order: EmailOrder,
  shop: ShopIdentity,
  orderUrl: string,
): MailMessage {
  const name = order.billing_address.first_name?.trim() || 'there';
  const status =
    order.status === 'on-hold'
      ? 'We’ve received your order, and it is on hold until we can confirm your payment has been processed.'
      : 'Just to let you know — we’ve received your order, and it is now being processed.';
  const thanks = `Thanks again! If you need any help with your order, please contact us at ${shop.email}.`;
  const body = `<p>Hi ${escapeHtml(name)},</p>
<p>${escapeHtml(status)} Here’s a reminder of what you’ve ordered:</p>
${orderHtml(order)}
<p style="margin-top:16px"><a href="${escapeHtml(orderUrl)}" style="color:#1e1e1e">View your order</a></p>
<p>${escapeHtml(thanks)}</p>`;
  const text = [
    `Hi ${name},`,
    '',
    `${status} Here’s a reminder of what you’ve ordered:`,
    '',
    orderText(order),
    '',
    `View your order: ${orderUrl}`,
    '',
    thanks,
  ].join('\n');
  return {
    kind: 'customer-order',
    to: order.billing_address.email ?? '',
    subject: `Your ${shop.name} order has been received!`,
    text,
    html: WRAP('Thank you for your order', body, shop),
  };
}

/** WooCommerce's new-order email to the shop: "[{site}]: You've got a new order: #{n}". */
export function newOrderEmail(order: EmailOrder, shop: ShopIdentity): MailMessage {
  const customer =
    [order.billing_address.first_name, order.billing_address.last_name]
      .map((part) => part?.trim() ?? '')
      .filter(Boolean)
      .join(' ') ||
    order.billing_address.email ||
    'a customer';
  const intro = `You’ve received a new order from ${customer}:`;
  return {
    kind: 'new-order',
    to: shop.email,
    subject: `[${shop.name}]: You've got a new order: #${order.order_number}`,
    text: [intro, '', orderText(order), '', 'Congratulations on the sale!'].join('\n'),
    html: WRAP(
      `New order: #${order.order_number}`,
      `<p>${escapeHtml(intro)}</p>\n${orderHtml(order)}\n<p style="margin-top:16px">Congratulations on the sale!</p>`,
      shop,
    ),
  };
}

/** WooCommerce's reset-password email: "Reset your password for {site}". */
export function resetPasswordEmail(
  user: { login: string; email: string; displayName: string },
  shop: ShopIdentity,
  resetUrl: string,
): MailMessage {
  const intro = `Someone has requested a new password for the following account on ${shop.name}:`;
  const ignore =
    'If you didn’t make this request, just ignore this email. If you’d like to proceed, reset your password via the link below:';
  return {
    kind: 'reset-password',
    to: user.email,
    subject: `Reset your password for ${shop.name}`,
    text: [
      `Hi ${user.login},`,
      '',
      intro,
      '',
      `Username: ${user.login}`,
      '',
      ignore,
      '',
      resetUrl,
      '',
      'The link works once, for 24 hours.',
      '',
      'Thanks for reading.',
    ].join('\n'),
    html: WRAP(
      'Reset your password',
      `<p>Hi ${escapeHtml(user.login)},</p>
<p>${escapeHtml(intro)}</p>
<p>Username: <strong>${escapeHtml(user.login)}</strong></p>
<p>${escapeHtml(ignore)}</p>
<p><a href="${escapeHtml(resetUrl)}" style="display:inline-block;padding:10px 16px;background:#1e1e1e;color:#fff;text-decoration:none;border-radius:4px">Reset your password</a></p>
<p style="color:#555;font-size:13px">The link works once, for 24 hours.</p>
<p>Thanks for reading.</p>`,
      shop,
    ),
  };
}
