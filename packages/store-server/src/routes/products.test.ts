import { and, eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { PRODUCT_ORDERBY, type ProductOrderBy } from '../catalog/product-query';
import type { StoreApiProduct } from '../catalog/serialize';
import { products } from '../db/schema';
import { DEMO_PRODUCTS } from '../seed/catalog';
import { DEMO_VARIABLE_PRODUCTS } from '../seed/variations';
import { drivers, type TestStore } from '../test/drivers';

const API = '/wp-json/wc/store/v1';
const ORIGIN = 'https://shop.example.test';
const PUBLISHED = [
  ...DEMO_PRODUCTS.filter((product) => product.status !== 'draft'),
  // Variable products are listed (their variations are not), on sale when a variation is.
  ...DEMO_VARIABLE_PRODUCTS.map((product) => ({
    sku: product.sku,
    categories: product.categories,
    salePrice: product.variations.find((v) => v.salePrice !== undefined)?.salePrice,
  })),
];

type Row = typeof products.$inferSelect;

describe.each(drivers)('GET /wc/store/v1/products on $name', (driver) => {
  let t: TestStore;
  let rows: Row[];

  beforeAll(async () => {
    t = await driver.open({ siteUrl: ORIGIN });
    rows = await t.db
      .select()
      .from(products)
      .where(and(eq(products.status, 'publish'), ne(products.type, 'variation')));
  });
  afterAll(async () => {
    await t?.cleanup();
  });

  async function get(url: string) {
    const response = await t.store.app.inject({ method: 'GET', url: `${API}${url}` });
    return { response, body: response.json<unknown>() };
  }
  async function list(query: string): Promise<StoreApiProduct[]> {
    const { response, body } = await get(`/products?${query}`);
    expect(response.statusCode).toBe(200);
    return body as StoreApiProduct[];
  }
  const ids = (items: StoreApiProduct[]) => items.map((item) => item.id);

  test('the seeded shop lists every published product and no draft', async () => {
    const { response } = await get('/products?per_page=100');
    const items = response.json<StoreApiProduct[]>();
    expect(PUBLISHED.length).toBeGreaterThanOrEqual(24);
    expect(items).toHaveLength(PUBLISHED.length);
    expect(response.headers['x-wp-total']).toBe(String(PUBLISHED.length));
    expect(items.map((item) => item.sku).sort()).toEqual(PUBLISHED.map((p) => p.sku).sort());
    expect(items.some((item) => item.sku === 'CW-COF-099')).toBe(false);
    expect(
      new Set(items.flatMap((item) => item.categories.map((c) => c.slug))).size,
    ).toBeGreaterThanOrEqual(3);
  });

  test('a product has the Store API shape, with money as integer strings in cents', async () => {
    const [product] = await list('slug=ethiopia-yirgacheffe');
    expect(product).toMatchObject({
      name: 'Ethiopia Yirgacheffe',
      slug: 'ethiopia-yirgacheffe',
      parent: 0,
      type: 'simple',
      variation: '',
      variations: [],
      permalink: `${ORIGIN}/product/ethiopia-yirgacheffe/`,
      sku: 'CW-COF-002',
      on_sale: true,
      prices: {
        price: '1600',
        regular_price: '1900',
        sale_price: '1600',
        price_range: null,
        currency_code: 'USD',
        currency_symbol: '$',
        currency_minor_unit: 2,
        currency_decimal_separator: '.',
        currency_thousand_separator: ',',
        currency_prefix: '$',
        currency_suffix: '',
      },
      tags: [],
      attributes: [],
      has_options: false,
      is_purchasable: true,
      is_in_stock: true,
      is_on_backorder: false,
      low_stock_remaining: null,
      sold_individually: false,
      brands: [],
      grouped_products: [],
      extensions: {},
    });
    // As WooCommerce 10.2.4 sends it: no `summary`; the stock line and the single page's button.
    expect(product).not.toHaveProperty('summary');
    expect(product!.stock_availability.class).toBe('in-stock');
    expect(product!.stock_availability).toEqual({ text: '45 in stock', class: 'in-stock' });
    expect(product!.add_to_cart.single_text).toBe('Add to cart');
    expect(product!.short_description).toMatch(/^<p>.+<\/p>$/);
    expect(product!.description).toContain(product!.short_description);
    expect(product!.price_html).toContain('<del aria-hidden="true">');
    expect(product!.price_html).toContain('Original price was: $19.00.');
    expect(product!.price_html).toContain('Current price is: $16.00.');
    expect(product!.average_rating).toMatch(/^\d(\.\d{1,2})?$/);
    expect(product!.categories).toEqual([
      expect.objectContaining({
        name: 'Coffee',
        slug: 'coffee',
        link: `${ORIGIN}/product-category/coffee/`,
      }),
    ]);
    const [image] = product!.images;
    expect(image!.id).toBeGreaterThan(0);
    expect(image!.src).toMatch(
      /^https:\/\/shop\.example\.test\/wp-content\/uploads\/\d{4}\/\d{2}\/ethiopia-yirgacheffe\.svg$/,
    );
    expect(image).toEqual({
      id: image!.id,
      src: image!.src,
      thumbnail: product!.images[0]!.src,
      srcset: `${product!.images[0]!.src} 800w`,
      sizes: '(max-width: 800px) 100vw, 800px',
      name: 'ethiopia-yirgacheffe',
      alt: 'Ethiopia Yirgacheffe',
    });
    expect(product!.add_to_cart).toEqual({
      text: 'Add to cart',
      description: 'Add “Ethiopia Yirgacheffe” to your cart',
      url: `?add-to-cart=${product!.id}`,
      single_text: 'Add to cart',
      minimum: 1,
      maximum: 45,
      multiple_of: 1,
    });
  });

  test('stock states come through: low stock, out of stock and unmanaged stock', async () => {
    const items = await list('per_page=100');
    const bySku = new Map(items.map((item) => [item.sku, item]));
    const low = bySku.get('CW-COF-007')!; // 3 left
    expect(low.low_stock_remaining).toBe(3);
    expect(low.is_in_stock).toBe(true);
    expect(bySku.get('CW-MUG-003')!.low_stock_remaining).toBe(10); // boundary: 10 counts as low
    expect(bySku.get('CW-MUG-007')!.low_stock_remaining).toBeNull(); // 11 does not
    const out = bySku.get('CW-COF-004')!;
    expect(out.is_in_stock).toBe(false);
    expect(out.add_to_cart.text).toBe('Read more');
    expect(out.add_to_cart.url).toBe(out.permalink);
    expect(out.stock_availability).toEqual({ text: 'Out of stock', class: 'out-of-stock' });
    const unmanaged = bySku.get('CW-COF-005')!;
    expect(unmanaged.is_in_stock).toBe(true);
    expect(unmanaged.low_stock_remaining).toBeNull();
    expect(unmanaged.stock_availability).toEqual({ text: '', class: 'in-stock' });
    expect(unmanaged.add_to_cart.maximum).toBe(9999);
    expect(items.filter((item) => item.on_sale).length).toBeGreaterThanOrEqual(3);
    expect(items.filter((item) => !item.is_in_stock).length).toBeGreaterThanOrEqual(2);
  });

  test('pages carry X-WP-Total, X-WP-TotalPages and a WordPress Link header keeping other args', async () => {
    const { response, body } = await get(
      '/products?per_page=7&page=2&orderby=id&order=asc&foo=bar%20baz',
    );
    const total = PUBLISHED.length;
    const pages = Math.ceil(total / 7);
    expect(response.headers['x-wp-total']).toBe(String(total));
    expect(response.headers['x-wp-totalpages']).toBe(String(pages));
    expect(body).toHaveLength(7);
    const base = `${ORIGIN}${API}/products?per_page=7&orderby=id&order=asc&foo=bar%20baz`;
    expect(response.headers.link).toBe(
      `<${base}&page=1>; rel="prev", <${base}&page=3>; rel="next"`,
    );

    const first = await get('/products?per_page=7');
    expect(first.response.headers.link).toBe(
      `<${ORIGIN}${API}/products?per_page=7&page=2>; rel="next"`,
    );
    const last = await get(`/products?per_page=7&page=${pages}`);
    expect(last.response.headers.link).toBe(
      `<${ORIGIN}${API}/products?per_page=7&page=${pages - 1}>; rel="prev"`,
    );
    expect(last.body).toHaveLength(total - 7 * (pages - 1));
  });

  test('a page past the end is an empty list that still has the headers', async () => {
    const { response, body } = await get('/products?per_page=10&page=99');
    expect(body).toEqual([]);
    expect(response.headers['x-wp-total']).toBe(String(PUBLISHED.length));
    expect(response.headers['x-wp-totalpages']).toBe(String(Math.ceil(PUBLISHED.length / 10)));
    expect(response.headers.link).toBe(
      `<${ORIGIN}${API}/products?per_page=10&page=${Math.ceil(PUBLISHED.length / 10)}>; rel="prev"`,
    );
  });

  test('walking the pages visits every product exactly once', async () => {
    const seen: number[] = [];
    for (let page = 1; page <= Math.ceil(PUBLISHED.length / 4); page++) {
      seen.push(...ids(await list(`per_page=4&page=${page}&orderby=price&order=asc`)));
    }
    expect(seen).toEqual(ids(await list('per_page=100&orderby=price&order=asc')));
    expect(new Set(seen).size).toBe(PUBLISHED.length);
  });

  test('per_page defaults to 10 and the default order is newest first', async () => {
    const items = await list('');
    expect(items).toHaveLength(10);
    const newest = [...rows].sort(
      (a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.id - a.id,
    );
    expect(ids(items)).toEqual(newest.slice(0, 10).map((row) => row.id));
  });

  const sortKey: Record<Exclude<ProductOrderBy, 'include'>, (row: Row) => number | string> = {
    date: (row) => row.createdAt.getTime(),
    modified: (row) => row.modifiedAt.getTime(),
    id: (row) => row.id,
    title: (row) => row.name.toLowerCase(),
    slug: (row) => row.slug,
    price: (row) => row.price,
    popularity: (row) => row.totalSales,
    rating: (row) => Number(row.averageRating),
    menu_order: (row) => row.menuOrder,
    comment_count: (row) => row.reviewCount,
  };
  const compare = (a: number | string, b: number | string) => (a < b ? -1 : a > b ? 1 : 0);

  test.each(
    PRODUCT_ORDERBY.filter((o): o is Exclude<ProductOrderBy, 'include'> => o !== 'include'),
  )('orderby=%s sorts ascending and descending by that field', async (orderby) => {
    const key = sortKey[orderby];
    for (const order of ['asc', 'desc'] as const) {
      const sign = order === 'asc' ? 1 : -1;
      const expected = [...rows]
        .sort((a, b) => {
          const primary = sign * compare(key(a), key(b));
          if (primary !== 0) return primary;
          // menu_order falls back to the title (ascending), then everything to the id.
          if (orderby === 'menu_order') {
            const byTitle = compare(a.name.toLowerCase(), b.name.toLowerCase());
            if (byTitle !== 0) return byTitle;
          }
          return sign * (a.id - b.id);
        })
        .map((row) => row.id);
      expect(ids(await list(`per_page=100&orderby=${orderby}&order=${order}`))).toEqual(expected);
    }
  });

  test('orderby=include keeps the order the ids were given in', async () => {
    const wanted = [rows[5]!.id, rows[0]!.id, rows[12]!.id];
    expect(ids(await list(`include=${wanted.join(',')}&orderby=include`))).toEqual(wanted);
  });

  test('search matches name, descriptions and SKU, case-insensitively, every term required', async () => {
    expect((await list('search=YIRGACHEFFE')).map((p) => p.slug)).toEqual(['ethiopia-yirgacheffe']);
    expect((await list('search=cw-gear-004')).map((p) => p.sku)).toEqual(['CW-GEAR-004']);
    expect((await list('search=bergamot')).map((p) => p.slug).sort()).toEqual(
      ['earl-grey-supreme', 'ethiopia-yirgacheffe'].sort(),
    );
    // "champagne" is only in a description.
    expect((await list('search=champagne')).map((p) => p.slug)).toEqual(['darjeeling-first-flush']);
    expect((await list('search=bergamot%20oil')).map((p) => p.slug)).toEqual(['earl-grey-supreme']);
    expect(await list('search=no-such-thing-anywhere')).toEqual([]);
  });

  test('search treats LIKE wildcards literally', async () => {
    // Only one description contains a "%" ("99.9% caffeine free"), and none an underscore.
    expect((await list('search=%25')).map((p) => p.sku)).toEqual(['CW-COF-005']);
    expect(await list('search=_')).toEqual([]);
    expect(await list('search=%5C')).toEqual([]); // a backslash
  });

  test('category filters by id, by slug and by a comma list of both', async () => {
    const expectedSkus = (slug: string) =>
      PUBLISHED.filter((p) => p.categories.includes(slug))
        .map((p) => p.sku)
        .sort();
    const tea = await list('category=tea&per_page=100');
    expect(tea.map((p) => p.sku).sort()).toEqual(expectedSkus('tea'));
    const teaId = tea[0]!.categories.find((c) => c.slug === 'tea')!.id;
    expect((await list(`category=${teaId}&per_page=100`)).map((p) => p.sku).sort()).toEqual(
      expectedSkus('tea'),
    );
    const either = await list(`category=${teaId},drinkware&per_page=100`);
    expect(either.map((p) => p.sku).sort()).toEqual(
      [...new Set([...expectedSkus('tea'), ...expectedSkus('drinkware')])].sort(),
    );
    expect(await list('category=no-such-category')).toEqual([]);
  });

  test('include, slug, sku, on_sale and min/max price filter the list', async () => {
    const [a, b] = rows;
    expect(ids(await list(`include=${b!.id},${a!.id}&orderby=id&order=asc`))).toEqual(
      [a!.id, b!.id].sort((x, y) => x - y),
    );
    expect(
      (await list('slug=colombia-huila,latte-bowl&orderby=slug&order=asc')).map((p) => p.slug),
    ).toEqual(['colombia-huila', 'latte-bowl']);
    expect((await list('sku=CW-TEA-003')).map((p) => p.slug)).toEqual(['japanese-sencha']);
    const onSale = await list('on_sale=true&per_page=100');
    expect(onSale.length).toBe(PUBLISHED.filter((p) => p.salePrice !== undefined).length);
    expect(onSale.every((p) => p.on_sale)).toBe(true);
    expect((await list('on_sale=false&per_page=100')).every((p) => !p.on_sale)).toBe(true);
    // A product's range is its variations' for a variable product; WooCommerce keeps a product
    // whose range overlaps the band (lab: Check Tee 20.00–22.00 is kept by min_price=2001).
    const all = await list('per_page=100');
    const rangeOf = (p: (typeof all)[number]) => [
      Number(p.prices.price_range?.min_amount ?? p.prices.price),
      Number(p.prices.price_range?.max_amount ?? p.prices.price),
    ];
    const band = await list('min_price=1500&max_price=2000&per_page=100');
    const expectedBand = all.filter((p) => rangeOf(p)[1]! >= 1500 && rangeOf(p)[0]! <= 2000);
    expect(band.length).toBe(expectedBand.length);
    expect(band.length).toBeLessThan(all.length);
    expect(ids(band).sort()).toEqual(ids(expectedBand).sort());
    expect(rows.length).toBe(all.length);
  });

  test('one product by id and by slug, the same object either way', async () => {
    const [listed] = await list('slug=gooseneck-kettle');
    const byId = await get(`/products/${listed!.id}`);
    const bySlug = await get('/products/gooseneck-kettle');
    expect(byId.response.statusCode).toBe(200);
    expect(bySlug.response.statusCode).toBe(200);
    expect(byId.body).toEqual(listed);
    expect(bySlug.body).toEqual(listed);
  });

  test('an unknown id or slug, or a draft, is a 404 woocommerce_rest_product_invalid_id', async () => {
    const draft = (await t.db.select().from(products).where(eq(products.status, 'draft')))[0]!;
    for (const key of ['999999', 'no-such-product', String(draft.id), draft.slug]) {
      const { response, body } = await get(`/products/${key}`);
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(body).toEqual({
        code: 'woocommerce_rest_product_invalid_id',
        message: 'Invalid product ID.',
        data: { status: 404 },
      });
    }
  });
});
