import type { PluralMessage } from '@cartwright/ui-components';
import { extendTranslator, SHOP_MESSAGES, shopT, splitShopMessages } from './messages';

/**
 * The catalogue pages' texts (shop, category and product pages, the product listing), in English: a route catalogue (issue 16), loaded with the routes that show them rather
 * than on every page. Same rules and the same override point (`SHOP_MESSAGES` in ./messages.ts)
 * as the storefront's catalogue; its key prefixes are listed in `ROUTE_CATALOGUE_PREFIXES`.
 */
export const CATALOG_MESSAGES = {
  'shop.noProducts': 'No products were found.',
  'shop.title': 'Shop',
  'product.description': 'Description',
  'product.notFound': 'Product not found',
  'product.selectOptions': 'Select options',
  'product.selectOptionsFor': 'Select options for “{name}”',
  'product.lowStock': 'Only {count} left in stock',
  'product.inStock': 'In stock',
  'shop.products': 'Products',
  'product.breadcrumb': 'Breadcrumb',
  'product.sku': 'SKU',
  'category.title': '{name}',
  'category.none': 'No products were found matching your selection.',
  'category.empty': 'There are no products in this category yet.',
  'category.clear': 'Show every product in {name}',
} satisfies Readonly<Record<string, string | PluralMessage>>;

export type CatalogMessageKey = keyof typeof CATALOG_MESSAGES;

/** This catalogue's translator: its own keys, and every other key as {@link shopT} has it. */
export const catalogT = extendTranslator(
  shopT,
  CATALOG_MESSAGES,
  splitShopMessages(SHOP_MESSAGES).routes,
);

/** The type of {@link catalogT}. */
export type CatalogTranslator = typeof catalogT;
