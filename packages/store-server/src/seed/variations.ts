/**
 * The demo shop's variable products: a coffee by grind and size and a mug by colour. A few
 * combinations are sold out and one does not exist, so the product page has real unavailable
 * choices. Plain data and one function that writes it (called by seedDemoShop, in its transaction).
 */
import type { Database } from '../db/client';
import {
  attributeTerms,
  attributes,
  media,
  productAttributeTerms,
  productCategories,
  productImages,
  products,
  variationAttributes,
} from '../db/schema';
import { ILLUSTRATION_SIZE, renderIllustration, type IllustrationKind } from './illustrations';

export interface DemoAttribute {
  slug: string;
  name: string;
  terms: { slug: string; name: string }[];
}

export interface DemoVariation {
  /** Attribute slug → term slug, one for each of the product's attributes. */
  values: Record<string, string>;
  sku: string;
  regularPrice: number;
  salePrice?: number;
  stock: number | null;
  /** Its own picture (a mug's colour); without one it shows the product's. */
  hue?: number;
  saturation?: number;
}

export interface DemoVariableProduct {
  name: string;
  slug: string;
  sku: string;
  categories: string[];
  blurb: string;
  details: string;
  illustration: IllustrationKind;
  hue: number;
  saturation: number;
  /** Attribute slugs, in the order the product page asks for them. */
  attributes: string[];
  variations: DemoVariation[];
}

export const DEMO_ATTRIBUTES: readonly DemoAttribute[] = [
  {
    slug: 'grind',
    name: 'Grind',
    terms: [
      { slug: 'whole-bean', name: 'Whole bean' },
      { slug: 'espresso', name: 'Espresso' },
      { slug: 'filter', name: 'Filter' },
    ],
  },
  {
    slug: 'size',
    name: 'Size',
    terms: [
      { slug: '250-g', name: '250 g' },
      { slug: '1-kg', name: '1 kg' },
    ],
  },
  {
    slug: 'colour',
    name: 'Colour',
    terms: [
      { slug: 'charcoal', name: 'Charcoal' },
      { slug: 'sand', name: 'Sand' },
      { slug: 'sage', name: 'Sage' },
      { slug: 'terracotta', name: 'Terracotta' },
    ],
  },
];

export const DEMO_VARIABLE_PRODUCTS: readonly DemoVariableProduct[] = [
  {
    name: 'Roaster’s Choice Coffee',
    slug: 'roasters-choice-coffee',
    sku: 'CW-COF-VAR',
    categories: ['coffee'],
    blurb: 'This month’s favourite from the roastery, ground the way you brew.',
    details:
      'A washed Colombian with red apple, caramel and cocoa. Choose whole beans or a grind for espresso or filter, in a 250 g or 1 kg bag.',
    illustration: 'bag',
    hue: 30,
    saturation: 55,
    attributes: ['grind', 'size'],
    variations: [
      {
        values: { grind: 'whole-bean', size: '250-g' },
        sku: 'CW-COF-VAR-WB-250',
        regularPrice: 1300,
        stock: 40,
      },
      {
        values: { grind: 'whole-bean', size: '1-kg' },
        sku: 'CW-COF-VAR-WB-1000',
        regularPrice: 4200,
        salePrice: 3800,
        stock: 12,
      },
      {
        values: { grind: 'espresso', size: '250-g' },
        sku: 'CW-COF-VAR-ES-250',
        regularPrice: 1300,
        stock: 25,
      },
      // Sold out.
      {
        values: { grind: 'espresso', size: '1-kg' },
        sku: 'CW-COF-VAR-ES-1000',
        regularPrice: 4200,
        stock: 0,
      },
      {
        values: { grind: 'filter', size: '250-g' },
        sku: 'CW-COF-VAR-FI-250',
        regularPrice: 1300,
        stock: 4,
      },
      // Filter 1 kg does not exist.
    ],
  },
  {
    name: 'Glazed Studio Mug',
    slug: 'glazed-studio-mug',
    sku: 'CW-MUG-VAR',
    categories: ['drinkware'],
    blurb: 'A hand-glazed 350 ml mug with a wide handle, in four glazes.',
    details:
      'Thrown in Stoke-on-Trent. Dishwasher and microwave safe; every glaze is a little different.',
    illustration: 'mug',
    hue: 212,
    saturation: 40,
    attributes: ['colour'],
    variations: [
      {
        values: { colour: 'charcoal' },
        sku: 'CW-MUG-VAR-CH',
        regularPrice: 1800,
        stock: 20,
        hue: 220,
        saturation: 20,
      },
      {
        values: { colour: 'sand' },
        sku: 'CW-MUG-VAR-SA',
        regularPrice: 1600,
        stock: 30,
        hue: 40,
        saturation: 45,
      },
      {
        values: { colour: 'sage' },
        sku: 'CW-MUG-VAR-SG',
        regularPrice: 1800,
        stock: 3,
        hue: 120,
        saturation: 25,
      },
      // Sold out.
      {
        values: { colour: 'terracotta' },
        sku: 'CW-MUG-VAR-TC',
        regularPrice: 1800,
        stock: 0,
        hue: 14,
        saturation: 60,
      },
    ],
  },
];

/** When the variable products were added to the demo shop (after the simple ones). */
const ADDED = Date.UTC(2025, 5, 2, 9, 0, 0);

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/**
 * Writes the attributes, the variable products, their variations and pictures. Runs inside the
 * demo seed's transaction, after the categories exist (`categoryIds`: slug → id).
 */
export async function seedVariableProducts(
  tx: Database,
  categoryIds: ReadonlyMap<string, number>,
  menuOrderFrom: number,
): Promise<void> {
  const attributeRows = await tx
    .insert(attributes)
    .values(DEMO_ATTRIBUTES.map(({ slug, name }) => ({ slug, name })))
    .returning({ id: attributes.id, slug: attributes.slug });
  const attributeIds = new Map(attributeRows.map((row) => [row.slug, row.id]));
  const termIds = new Map<string, number>();
  for (const attribute of DEMO_ATTRIBUTES) {
    const rows = await tx
      .insert(attributeTerms)
      .values(
        attribute.terms.map((term, index) => ({
          attributeId: attributeIds.get(attribute.slug)!,
          name: term.name,
          slug: term.slug,
          menuOrder: index,
        })),
      )
      .returning({ id: attributeTerms.id, slug: attributeTerms.slug });
    for (const row of rows) termIds.set(`${attribute.slug}/${row.slug}`, row.id);
  }

  for (const [index, demo] of DEMO_VARIABLE_PRODUCTS.entries()) {
    const createdAt = new Date(ADDED + index * 86_400_000);
    const cheapest = Math.min(...demo.variations.map((v) => v.salePrice ?? v.regularPrice));
    const [parent] = await tx
      .insert(products)
      .values({
        name: demo.name,
        slug: demo.slug,
        sku: demo.sku,
        type: 'variable',
        shortDescription: `<p>${escapeHtml(demo.blurb)}</p>`,
        description: `<p>${escapeHtml(demo.blurb)}</p>\n<p>${escapeHtml(demo.details)}</p>`,
        // The listing sorts and filters a variable product by its cheapest variation.
        regularPrice: cheapest,
        stockQuantity: null,
        stockStatus: demo.variations.some((v) => v.stock !== 0) ? 'instock' : 'outofstock',
        menuOrder: menuOrderFrom + index,
        createdAt,
        modifiedAt: createdAt,
      })
      .returning({ id: products.id });
    const parentId = parent!.id;
    await tx.insert(productCategories).values(
      demo.categories.map((slug) => ({
        productId: parentId,
        categoryId: categoryIds.get(slug)!,
      })),
    );
    await tx.insert(productAttributeTerms).values(
      demo.attributes.flatMap((attributeSlug, position) =>
        DEMO_ATTRIBUTES.find((a) => a.slug === attributeSlug)!.terms.map((term) => ({
          productId: parentId,
          termId: termIds.get(`${attributeSlug}/${term.slug}`)!,
          position,
        })),
      ),
    );

    const picture = async (
      path: string,
      name: string,
      alt: string,
      hue: number,
      saturation: number,
    ) => {
      const [row] = await tx
        .insert(media)
        .values({
          path,
          name,
          alt,
          mimeType: 'image/svg+xml',
          width: ILLUSTRATION_SIZE,
          height: ILLUSTRATION_SIZE,
          bytes: Buffer.from(
            renderIllustration({ kind: demo.illustration, hue, saturation, variant: 0 }),
            'utf8',
          ),
          createdAt,
        })
        .returning({ id: media.id });
      return row!.id;
    };
    const folder = `${createdAt.getUTCFullYear()}/${String(createdAt.getUTCMonth() + 1).padStart(2, '0')}`;
    const parentImage = await picture(
      `${folder}/${demo.slug}.svg`,
      demo.slug,
      demo.name,
      demo.hue,
      demo.saturation,
    );
    await tx
      .insert(productImages)
      .values({ productId: parentId, mediaId: parentImage, position: 0 });

    for (const [position, variation] of demo.variations.entries()) {
      const terms = demo.attributes.map((attributeSlug) => {
        const attribute = DEMO_ATTRIBUTES.find((a) => a.slug === attributeSlug)!;
        return attribute.terms.find((term) => term.slug === variation.values[attributeSlug])!;
      });
      const slug = `${demo.slug}-${terms.map((term) => term.slug).join('-')}`;
      const [row] = await tx
        .insert(products)
        .values({
          name: demo.name,
          slug,
          sku: variation.sku,
          type: 'variation',
          parentId,
          regularPrice: variation.regularPrice,
          salePrice: variation.salePrice ?? null,
          stockQuantity: variation.stock,
          stockStatus: variation.stock === 0 ? 'outofstock' : 'instock',
          menuOrder: position,
          createdAt,
          modifiedAt: createdAt,
        })
        .returning({ id: products.id });
      const variationId = row!.id;
      await tx.insert(variationAttributes).values(
        demo.attributes.map((attributeSlug) => ({
          variationId,
          attributeId: attributeIds.get(attributeSlug)!,
          termId: termIds.get(`${attributeSlug}/${variation.values[attributeSlug]}`)!,
        })),
      );
      const image =
        variation.hue === undefined
          ? parentImage
          : await picture(
              `${folder}/${slug}.svg`,
              slug,
              `${demo.name}, ${terms.map((term) => term.name).join(', ')}`,
              variation.hue,
              variation.saturation ?? demo.saturation,
            );
      await tx
        .insert(productImages)
        .values({ productId: variationId, mediaId: image, position: 0 });
    }
  }
}
