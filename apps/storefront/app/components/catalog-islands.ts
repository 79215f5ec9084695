/**
 * The catalogue's islands (components/Island.tsx): the add-to-cart forms of the listings and the
 * product page, loaded when a shopper comes to one (decision 0067), not with the page.
 */
export { ProductAddToCart } from './ProductAddToCart';
export { VariationForm } from './VariationForm';
