// Reflow (WCAG 2.2 1.4.10) of the pages with tables, and the account's orders (issue 15): at
// 375 px nothing is wider than the screen, the cart and orders tables stack their rows with
// each value labelled, axe passes at both widths, and the customer's orders list links to an
// order that shows each line with its variation.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  expectNoAxeViolations,
  hydrated,
  screenshot,
  storeAnswer,
  useStorefront,
} from './harness.mjs';

const COFFEE = 'Roaster’s Choice Coffee';
const MUG = 'Glazed Studio Mug';
const STRONG = 'Correct horse 7 battery';
const ORDER_RECEIVED = /\/checkout\/order-received\/(\d+)\/\?key=wc_order_/;
const ADDRESS = {
  billing_first_name: 'Ada',
  billing_last_name: 'Lovelace',
  billing_address_1: '1 Market Street',
  billing_city: 'San Francisco',
  billing_postcode: '94105',
  billing_phone: '415 555 0100',
};

/** The page's width against the screen's: a page that reflows scrolls only vertically. */
const widths = (page) =>
  page.evaluate(() => ({
    page: document.documentElement.scrollWidth,
    screen: document.documentElement.clientWidth,
  }));

/**
 * At 375 px: no horizontal scrolling and axe clean; then the same at 1280 px; screenshots of
 * both when E2E_SCREENSHOTS is set. Leaves the page at 375 px.
 */
async function expectReflow(page, name) {
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    const measured = await widths(page);
    assert.ok(
      measured.page <= measured.screen,
      `${name} at ${width} px is ${measured.page} px wide for a ${measured.screen} px screen`,
    );
    await expectNoAxeViolations(page);
    await screenshot(page, `${name}-${width}`);
  }
}

/** "Grind: Filter" … as a line lists its options (dl.variation), in order. */
const optionsOf = async (scope) =>
  (await scope.locator('dl.variation > div').allInnerTexts()).map((text) =>
    text.replace(/\s+/g, ' ').trim(),
  );

/** What a stacked cell shows before its value: its column's name, drawn by CSS. */
const labelOf = (cell) => cell.evaluate((element) => getComputedStyle(element, '::before').content);

describe('pages with tables at 375 px, and the account’s orders', () => {
  const s = useStorefront();

  test('cart, checkout, order received and the account’s orders reflow; the order opens from the list with its variations', async () => {
    const context = await s.browser.newContext({ viewport: { width: 375, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${s.baseUrl}/my-account/`);
    await hydrated(page);
    // The consent banner answered first, so the screenshots show the pages themselves.
    await page.getByRole('button', { name: 'Reject all' }).click();
    const register = page.locator('form.woocommerce-form-register');
    await register.getByLabel('Email address').fill('reflow@example.com');
    await register.locator('#reg_password').fill(STRONG);
    await register.getByRole('button', { name: 'Register' }).click();
    await page.getByText('From your account dashboard').waitFor();

    // Two variations and a mug: long names, option lists and three rows.
    await page.goto(`${s.baseUrl}/product/roasters-choice-coffee/`);
    await hydrated(page);
    await page.getByLabel('Grind').selectOption('filter');
    await page.getByLabel('Size').selectOption('250-g');
    await page.getByRole('button', { name: `Add to cart: “${COFFEE}”` }).click();
    await page.waitForURL(`${s.baseUrl}/cart/`);
    await page.goto(`${s.baseUrl}/product/roasters-choice-coffee/`);
    await hydrated(page);
    await page.getByLabel('Grind').selectOption('whole-bean');
    await page.getByLabel('Size').selectOption('1-kg');
    await page.getByRole('button', { name: `Add to cart: “${COFFEE}”` }).click();
    await page.waitForURL(`${s.baseUrl}/cart/`);
    await page.goto(`${s.baseUrl}/product/glazed-studio-mug/`);
    await hydrated(page);
    await page.getByLabel('Colour').selectOption('sand');
    await page.getByRole('button', { name: `Add to cart: “${MUG}”` }).click();
    await page.waitForURL(`${s.baseUrl}/cart/`);
    await hydrated(page);

    // The cart: each row a block, each value labelled with its column, the header kept for
    // assistive technology (the rows are still rows with their cells).
    await page.locator('.cart-table tbody tr').nth(2).waitFor();
    await expectReflow(page, 'reflow-cart');
    const firstRow = page.locator('.cart-table tbody tr').first();
    assert.equal(await firstRow.evaluate((row) => getComputedStyle(row).display), 'block');
    assert.equal(await labelOf(firstRow.locator('td').first()), '"Price" / ""');
    assert.equal(await labelOf(firstRow.locator('td').nth(1)), '"Quantity" / ""');
    assert.equal(await labelOf(firstRow.locator('td').nth(2)), '"Subtotal" / ""');
    assert.equal(await page.getByRole('columnheader', { name: 'Price' }).count(), 1);
    // The quantity still changes from the stacked row.
    const mugRow = page.getByRole('row', { name: new RegExp(MUG) });
    await mugRow.getByLabel(`${MUG} – Sand quantity`).fill('2');
    // The header counts the change at once: the checkout (and the order's "4 items") needs the
    // store to have it, which it has once it has answered.
    const updated = storeAnswer(page, '/cart/update-item');
    await mugRow.getByRole('button', { name: `Update ${MUG} – Sand` }).click();
    await updated;
    await page.waitForFunction(() =>
      document.querySelector('.header-cart summary')?.textContent?.includes('4 items'),
    );

    await page.goto(`${s.baseUrl}/checkout/`);
    await hydrated(page);
    await page.locator('#billing_country').selectOption('US');
    for (const [id, value] of Object.entries(ADDRESS)) await page.locator(`#${id}`).fill(value);
    await page.locator('#billing_state').selectOption('CA');
    await page.locator('#payment_method_cod').check();
    await expectReflow(page, 'reflow-checkout');
    await page.getByRole('button', { name: 'Place order' }).click();
    await page.waitForURL(ORDER_RECEIVED);
    const orderId = ORDER_RECEIVED.exec(page.url())[1];
    await page.getByRole('heading', { name: 'Order received' }).waitFor();
    await expectReflow(page, 'reflow-order-received');

    // The account's orders, as WooCommerce lists them: the number links to the order, then
    // date, status, "total for N items" and a View action; stacked and labelled at 375 px.
    await page.goto(`${s.baseUrl}/my-account/orders/`);
    const row = page.getByRole('row', { name: new RegExp(`#${orderId}`) });
    await row.waitFor();
    await expectReflow(page, 'reflow-account-orders');
    const cells = (await row.locator('th, td').allInnerTexts()).map((text) =>
      text.replace(/\s+/g, ' ').trim(),
    );
    assert.equal(cells.length, 5);
    assert.equal(cells[0], `#${orderId}`);
    assert.match(cells[1], /^[A-Z][a-z]+ \d{1,2}, \d{4}$/);
    assert.equal(cells[2], 'Processing');
    assert.match(cells[3], /^\$\d+\.\d{2} for 4 items$/);
    assert.equal(cells[4], 'View');
    assert.equal(await labelOf(row.locator('td').nth(1)), '"Status" / ""');
    const numberLink = row.getByRole('link', { name: `#${orderId}`, exact: true });
    const viewLink = row.getByRole('link', { name: `View order number ${orderId}` });
    assert.equal(await numberLink.getAttribute('href'), await viewLink.getAttribute('href'));

    // The order opened from the list: each line with its chosen options, the customer's login
    // enough to see it (no email asked).
    await numberLink.click();
    await page.waitForURL(ORDER_RECEIVED);
    const details = page.locator('table.order_details tbody');
    await details.locator('tr').nth(2).waitFor();
    const lines = await details.locator('tr').all();
    const shown = [];
    for (const line of lines) {
      shown.push([
        (await line.locator('th').innerText()).split('\n')[0].trim(),
        await optionsOf(line),
      ]);
    }
    assert.deepEqual(shown, [
      [`${COFFEE} × 1`, ['Grind: Filter', 'Size: 250 g']],
      [`${COFFEE} × 1`, ['Grind: Whole bean', 'Size: 1 kg']],
      [`${MUG} × 2`, ['Colour: Sand']],
    ]);
    await expectNoAxeViolations(page);
    await context.close();
  });
});
