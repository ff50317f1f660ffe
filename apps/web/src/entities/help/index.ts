/**
 * The help centre's content (spec 1 §1): its manifest and the URL of each file it names. The help
 * page and the home page's Help card both use it.
 */
export { helpContentUrl } from '@pillar/domain';
export { helpKeys } from './query-keys.ts';
export {
  HelpContentError,
  getHelpManifest,
  helpManifestQueryOptions,
  useHelpManifest,
} from './api/get-help-manifest.ts';
