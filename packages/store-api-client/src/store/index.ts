export { createStoreApi } from './cart';
export type { StoreApi, StoreApiOptions, StoreSession } from './cart';
export {
  getAttributeTerms,
  getCollectionData,
  getProduct,
  getProductAttributes,
  getProductCategories,
  getProducts,
} from './products';
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
  StoreAttribute,
  StoreAttributeFilter,
  StoreAttributeTerm,
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
  StoreShippingPackage,
  StoreShippingRate,
  UpdateCustomerRequest,
  WcAddToCartResponse,
  WcFragments,
  WcRemoveFromCartResponse,
} from './types';
