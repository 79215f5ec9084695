export { createStoreApi } from './cart';
export type { StoreApi, StoreApiOptions, StoreSession } from './cart';
export { getProduct, getProducts } from './products';
export type { StoreApiRequestInit } from './products';
export { addToCart, getRefreshedFragments, removeFromCart } from './wc-ajax';
export type { WcAddToCartFields, WcAjaxInit } from './wc-ajax';
export type {
  AddCartItemRequest,
  CheckoutRequest,
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
  StoreCategory,
  StoreCurrency,
  StoreImage,
  StorePriceRange,
  StoreProduct,
  StoreProductPrices,
  StoreQuantityLimits,
  StoreShippingPackage,
  StoreShippingRate,
  UpdateCustomerRequest,
  WcAddToCartResponse,
  WcFragments,
  WcRemoveFromCartResponse,
} from './types';
