export { createStoreApi } from './cart';
export type { StoreApi, StoreApiOptions, StoreSession } from './cart';
export { getCollectionData, getProduct, getProductCategories, getProducts } from './products';
export type { StoreApiRequestInit } from './products';
export { addToCart, getRefreshedFragments, removeFromCart } from './wc-ajax';
export type { WcAddToCartFields, WcAjaxInit } from './wc-ajax';
export type {
  AddCartItemRequest,
  CheckoutRequest,
  CollectionDataQuery,
  CheckoutResponse,
  ProductList,
  ProductOrderBy,
  ProductQuery,
  StoreAddToCart,
  StoreAddress,
  StoreBillingAddress,
  StoreCart,
  StoreCartItem,
  StoreCartItemTotals,
  StoreCartTotals,
  StoreAttributeFilter,
  StoreCategory,
  StoreCollectionData,
  StoreCurrency,
  StoreImage,
  StorePriceRange,
  StoreProduct,
  StoreProductCategory,
  StoreProductAttribute,
  StoreProductPrices,
  StoreQuantityLimits,
  WcAddToCartResponse,
  WcFragments,
  WcRemoveFromCartResponse,
} from './types';
