import { Link } from '../lib/routing';
import { categoryPath } from '../lib/catalog';
import { catalogT } from '../messages-catalog';

/** A category as the listings link it. */
export interface CategoryLink {
  id: number;
  name: string;
  slug: string;
  count: number;
}

/** The shop's categories with their product counts (WooCommerce's "Product categories"). */
export function CategoryList({
  categories,
  current,
  headingId = 'category-list-heading',
  heading = catalogT.format('filter.categories'),
}: {
  categories: CategoryLink[];
  current?: string;
  headingId?: string;
  heading?: string;
}) {
  if (categories.length === 0) return null;
  return (
    <nav className="catalog-filter category-list" aria-labelledby={headingId}>
      <h2 id={headingId}>{heading}</h2>
      <ul>
        {categories.map((category) => (
          <li key={category.id}>
            <Link
              to={categoryPath(category.slug)}
              {...(category.slug === current ? { 'aria-current': 'page' as const } : {})}
            >
              {category.name}
            </Link>{' '}
            <span className="count">
              {catalogT.format('filter.count', { count: category.count })}
            </span>
          </li>
        ))}
      </ul>
    </nav>
  );
}
