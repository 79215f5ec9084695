import { count } from 'drizzle-orm';
import type { Database } from '../db/client';
import {
  categories,
  coupons,
  media,
  productCategories,
  productImages,
  products,
} from '../db/schema';
import { StoreServerError } from '../errors';
import { DEMO_CATEGORIES, DEMO_PRODUCTS } from './catalog';
import { DEMO_COUPONS } from './coupons';
import { ILLUSTRATION_SIZE, renderIllustration } from './illustrations';
import { createPrng, randomInt, shuffle } from './prng';
import { trimWhere } from '../http/text';
import { seedVariableProducts } from './variations';

const DAY = 86_400_000;
const HOUR = 3_600_000;
/** The demo shop "opened" on this date; products were added every few days after it. */
const OPENING = Date.UTC(2025, 0, 6, 9, 0, 0);
const SEED = 0xca47;

/** A WordPress-style slug: lowercase ASCII words joined by hyphens. */
export function slugify(name: string): string {
  const hyphenated = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/['’]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-');
  return trimWhere(hyphenated, (char) => char === '-');
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function uploadsFolder(date: Date): string {
  return `${date.getUTCFullYear()}/${String(date.getUTCMonth() + 1).padStart(2, '0')}`;
}

/** Whether the catalogue has no products at all (of any status). */
export async function isCatalogueEmpty(db: Database): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(products);
  return (row?.n ?? 0) === 0;
}

/**
 * Writes the demo shop (categories, products, images) in one transaction, but only when the
 * catalogue is empty, so restarts and a second server never duplicate it. Deterministic: the
 * same rows, dates and image bytes every time.
 *
 * @returns whether anything was written.
 */
export async function seedDemoShop(db: Database): Promise<boolean> {
  try {
    return await db.transaction(async (tx) => {
      if (!(await isCatalogueEmpty(tx))) return false;
      const next = createPrng(SEED);

      const categoryRows = await tx
        .insert(categories)
        .values(
          DEMO_CATEGORIES.map((category, index) => ({
            name: category.name,
            slug: category.slug,
            description: category.description,
            menuOrder: index,
          })),
        )
        .returning({ id: categories.id, slug: categories.slug });
      const categoryIds = new Map(categoryRows.map((row) => [row.slug, row.id]));

      // Creation order differs from id order, so "latest" sorting is a real sort.
      const slots = shuffle(
        next,
        DEMO_PRODUCTS.map((_, index) => index),
      );
      const planned = DEMO_PRODUCTS.map((product, index) => {
        const createdAt = new Date(
          OPENING + slots[index]! * 3 * DAY + randomInt(next, 0, 10) * HOUR,
        );
        const modifiedAt = new Date(createdAt.getTime() + randomInt(next, 0, 40) * DAY);
        const reviewCount = randomInt(next, 0, 60) < 6 ? 0 : randomInt(next, 1, 60);
        const averageRating =
          reviewCount === 0 ? '0' : (randomInt(next, 320, 500) / 100).toFixed(2);
        const category = DEMO_CATEGORIES.find((c) => c.slug === product.categories[0]);
        if (category === undefined) throw new Error(`Unknown category for ${product.sku}`);
        return {
          product,
          slug: slugify(product.name),
          createdAt,
          modifiedAt,
          reviewCount,
          averageRating,
          totalSales: randomInt(next, 0, 900),
          hue: category.hue + randomInt(next, -12, 12),
          saturation: randomInt(next, 35, 65),
          illustration: product.illustration ?? category.illustration,
          imageCount: index % 3 === 0 ? 2 : 1,
        };
      });

      const productRows = await tx
        .insert(products)
        .values(
          planned.map((p, index) => ({
            name: p.product.name,
            slug: p.slug,
            sku: p.product.sku,
            status: p.product.status ?? 'publish',
            shortDescription: `<p>${escapeHtml(p.product.blurb)}</p>`,
            description: `<p>${escapeHtml(p.product.blurb)}</p>\n<p>${escapeHtml(p.product.details)}</p>`,
            regularPrice: p.product.regularPrice,
            salePrice: p.product.salePrice ?? null,
            stockQuantity: p.product.stock,
            stockStatus: p.product.stock === 0 ? ('outofstock' as const) : ('instock' as const),
            menuOrder: index,
            totalSales: p.totalSales,
            averageRating: p.averageRating,
            reviewCount: p.reviewCount,
            createdAt: p.createdAt,
            modifiedAt: p.modifiedAt,
          })),
        )
        .returning({ id: products.id, slug: products.slug });
      const productIds = new Map(productRows.map((row) => [row.slug, row.id]));

      const images = planned.flatMap((p) =>
        Array.from({ length: p.imageCount }, (_, position) => ({
          productSlug: p.slug,
          position,
          row: {
            path: `${uploadsFolder(p.createdAt)}/${p.slug}${position === 0 ? '' : `-${position + 1}`}.svg`,
            name: position === 0 ? p.slug : `${p.slug}-${position + 1}`,
            alt: position === 0 ? p.product.name : `${p.product.name}, another view`,
            mimeType: 'image/svg+xml',
            width: ILLUSTRATION_SIZE,
            height: ILLUSTRATION_SIZE,
            bytes: Buffer.from(
              renderIllustration({
                kind: p.illustration,
                hue: p.hue,
                saturation: p.saturation,
                variant: position === 0 ? 0 : 1,
              }),
              'utf8',
            ),
            createdAt: p.createdAt,
          },
        })),
      );
      const mediaRows = await tx
        .insert(media)
        .values(images.map((image) => image.row))
        .returning({ id: media.id, path: media.path });
      const mediaIds = new Map(mediaRows.map((row) => [row.path, row.id]));

      await tx.insert(productImages).values(
        images.map((image) => ({
          productId: productIds.get(image.productSlug)!,
          mediaId: mediaIds.get(image.row.path)!,
          position: image.position,
        })),
      );
      await tx.insert(productCategories).values(
        planned.flatMap((p) =>
          p.product.categories.map((slug) => ({
            productId: productIds.get(p.slug)!,
            categoryId: categoryIds.get(slug)!,
          })),
        ),
      );
      await seedVariableProducts(tx, categoryIds, DEMO_PRODUCTS.length);
      await tx.insert(coupons).values(DEMO_COUPONS).onConflictDoNothing();
      return true;
    });
  } catch (cause) {
    throw new StoreServerError(
      'seed_failed',
      'Writing the demo shop failed; nothing was written.',
      {
        cause,
      },
    );
  }
}
