export {
  useGenerateTransformation,
  useSaveTransformation,
  useTestTransformation,
  useTransformationPage,
  useTransformations,
} from './api/transformations.ts';
export { transformationKeys } from './query-keys.ts';
export { DefinitionSummary } from './ui/definition-summary.tsx';
/** The transformation wizard modal: the Transformations page and the mapping's Add New Transformation. */
export {
  TransformationWizard,
  type TransformationWizardProps,
} from './ui/transformation-wizard.tsx';
