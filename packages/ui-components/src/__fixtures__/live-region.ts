import type { Politeness } from '../index';

/** The page's live region of `politeness` inside a story's canvas (see .storybook/preview.ts). */
export function liveRegion(
  canvasElement: HTMLElement,
  politeness: Politeness = 'polite',
): HTMLElement {
  const region = canvasElement.querySelector<HTMLElement>(`[data-cw-announcer="${politeness}"]`);
  if (!region) throw new Error(`No ${politeness} live region in the story`);
  return region;
}
