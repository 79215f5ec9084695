export { createApiFetch } from './api-fetch';
export { StoreApiError, isStoreApiError } from './errors';
export type { StoreApiClientErrorCode, StoreApiErrorCode, StoreApiErrorOptions } from './errors';
export {
  createFetchAllMiddleware,
  createNonceMiddleware,
  createRootUrlMiddleware,
  httpV1Middleware,
  namespaceEndpointMiddleware,
  userLocaleMiddleware,
} from './middlewares';
export type { FetchAllOptions, NonceMiddleware } from './middlewares';
export { parseJsonResponse } from './response';
export type {
  ApiFetch,
  ApiFetchConfig,
  ApiFetchMiddleware,
  ApiFetchNext,
  ApiFetchOptions,
} from './types';
// Store API shapes are types only (no bytes): also importable from the core for convenience.
// The functions that use them live at `@cartwright/store-api-client/store`.
export type {
  AddCartItemRequest,
  CheckoutRequest,
  CheckoutResponse,
  ProductList,
  ProductOrderBy,
  ProductQuery,
  CollectionDataQuery,
  StoreAddToCart,
  StoreAddress,
  StoreAttribute,
  StoreAttributeFilter,
  StoreAttributeTerm,
  StoreCollectionData,
  StoreProductCategory,
  StoreBillingAddress,
  StoreCart,
  StoreCartItem,
  StoreCartItemTotals,
  StoreCartTotals,
  StoreCategory,
  StoreCurrency,
  StoreImage,
  StorePriceRange,
  StoreProduct,
  StoreProductAttribute,
  StoreProductPrices,
  StoreQuantityLimits,
  StoreShippingPackage,
  StoreShippingRate,
  UpdateCustomerRequest,
  WcAddToCartResponse,
  WcFragments,
  WcRemoveFromCartResponse,
} from './store/types';
