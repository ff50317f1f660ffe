export {
  useGenerateTransformation,
  useSaveTransformation,
  useTestTransformation,
  useTransformations,
} from './api/transformations.ts';
export { transformationKeys } from './query-keys.ts';
export { DefinitionSummary } from './ui/definition-summary.tsx';
