export { createApiFetch } from './api-fetch';
export type {
  ApiFetch,
  ApiFetchConfig,
  ApiFetchMiddleware,
  ApiFetchNext,
  ApiFetchOptions,
} from './api-fetch';
export { StoreApiError, isStoreApiError } from './errors';
export type { StoreApiClientErrorCode, StoreApiErrorCode, StoreApiErrorOptions } from './errors';
export { getProduct, getProducts } from './store-api';
export type { StoreApiRequestInit } from './store-api';
export type {
  ProductList,
  ProductOrderBy,
  ProductQuery,
  StoreAddToCart,
  StoreCategory,
  StoreCurrency,
  StoreImage,
  StorePriceRange,
  StoreProduct,
  StoreProductPrices,
} from './types';
