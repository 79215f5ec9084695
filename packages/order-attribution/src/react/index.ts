export { AttributionInputs, useAttribution } from './use-attribution';
export type { AttributionInputsProps } from './use-attribution';
