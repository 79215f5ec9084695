import type { ReactElement, ReactNode } from 'react';

/** Spec §9: the opacity of the overlay that blocks a region while a request runs. */
export const BLOCK_OVERLAY_OPACITY = 0.6;

/** Props of {@link BlockOverlay}. */
export interface BlockOverlayProps {
  /** Whether the region is blocked: covered by the overlay and marked `aria-busy`. */
  blocked: boolean;
  /** The region's content. It stays in place, so blocking never shifts the layout. */
  children: ReactNode;
  /**
   * The element to render as the region, so a list row can be blocked itself.
   * @default 'div'
   */
  as?: 'div' | 'li' | 'span' | 'section' | undefined;
  /**
   * Extra class names, added after `cw-block`.
   * @default undefined
   */
  className?: string | undefined;
}

/**
 * Blocks a region while a request runs, as WooCommerce's blockUI does: a white
 * overlay at opacity 0.6 (spec §9) covers the content and takes its clicks, and the
 * region is `aria-busy`. The overlay is absolutely positioned inside the region, so
 * nothing moves when it appears; it fades in over 150 ms, and appears at once under
 * `prefers-reduced-motion: reduce`. Focus is left where it is: the content is not
 * made inert, so a focused control inside keeps its focus while blocked.
 *
 * Requires `@cartwright/ui-components/styles.css`.
 *
 * @example
 * <BlockOverlay as="li" blocked={snapshot.removing.includes(item.key)}>
 *   <a href={item.removeUrl}>×</a> {item.name}
 * </BlockOverlay>
 */
export function BlockOverlay({
  blocked,
  children,
  as: Element = 'div',
  className,
}: BlockOverlayProps): ReactElement {
  const classes = ['cw-block', blocked ? 'cw-block--blocked' : '', className ?? '']
    .filter(Boolean)
    .join(' ');
  return (
    <Element className={classes} aria-busy={blocked}>
      {children}
      {blocked ? (
        // `blockUI blockOverlay` are the classic classes, so theme CSS written for
        // WooCommerce's overlay still applies.
        <span
          className="blockUI blockOverlay cw-block__overlay"
          aria-hidden="true"
          style={{ opacity: BLOCK_OVERLAY_OPACITY }}
        />
      ) : null}
    </Element>
  );
}
