import { PRODUCT_CARD_MESSAGES, type PluralMessage } from '@cartwright/ui-components';
import { extendTranslator, extensionOverrides, shopT } from './messages';

/**
 * The catalogue pages' texts (shop, category and product pages, the product listing), in English: a route catalogue (issue 16), loaded with the routes that show them rather
 * than on every page. Same rules and the same override point (`SHOP_MESSAGES` in ./messages.ts)
 * as the storefront's catalogue; the server checks overrides against it (`SHOP_CATALOGUES` in
 * ./messages.server.ts).
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
  // Filters, search results and variations
  'search.title': 'Search results: “{search}”',
  'search.none': 'No products were found matching your selection.',
  'search.help': 'Check the spelling, try fewer or other words, or',
  'search.browse': 'browse all products',
  'filter.label': 'Filter products',
  'filter.active': 'Active filters',
  'filter.remove': 'Remove filter: {filter}',
  'filter.clearAll': 'Clear all filters',
  'filter.min': 'Min {amount}',
  'filter.max': 'Max {amount}',
  'filter.categories': 'Product categories',
  'filter.count': { one: '({count} product)', other: '({count} products)' } as PluralMessage,
  'search.again': 'Search again',
  'search.suggestCategories': 'Or browse a category',
  'variations.chooseFirst':
    'Please choose product options before adding this product to your cart.',
  'variations.noMatch':
    'Sorry, this product is unavailable. Please choose a different combination.',
  'variations.chosen': '{options}: {price}, {stock}',
} satisfies Readonly<Record<string, string | PluralMessage>>;

export type CatalogMessageKey = keyof typeof CATALOG_MESSAGES;

/** This catalogue's translator: its own keys, and every other key as {@link shopT} has it. */
export const catalogT = extendTranslator(
  shopT,
  // With ui-components' PRODUCT_CARD_MESSAGES: these pages name its texts where no component of
  // its is rendered (the product page's sale badge and stock line).
  { ...PRODUCT_CARD_MESSAGES, ...CATALOG_MESSAGES },
  extensionOverrides(),
);

/** The type of {@link catalogT}. */
export type CatalogTranslator = typeof catalogT;
