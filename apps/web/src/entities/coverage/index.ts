/*
 * The coverage entity's public surface: a member's coverages, temp ID cards and new-card
 * requests, and the public e-mailed temp card link. Features and other entities import only this
 * file; its query keys all start at coverageKeys.all (a member write invalidates
 * coverageKeys.employee).
 */
export { coverageKeys } from './query-keys.ts';
export { coveragesQueryOptions, listCoverages, useCoverages } from './api/list-coverages.ts';
export { getTempCard, tempCardQueryOptions, useTempCard } from './api/get-temp-card.ts';
export { requestNewCard, useRequestNewCard } from './api/request-new-card.ts';
export {
  downloadTempCard,
  emailTempCard,
  useDownloadTempCard,
  useEmailTempCard,
  type EmailTempCardInput,
} from './api/email-temp-card.ts';
export {
  getTempCardLink,
  tempCardLinkQueryOptions,
  useTempCardLink,
  useVerifyTempCardLink,
  verifyTempCardLink,
} from './api/temp-card-link.ts';

// Blocks the member page and the agent's member detail share.
export { CoveragePanel, type CoveragePanelProps } from './ui/coverage-panel.tsx';
/** The temp card of one coverage: download it or e-mail a link (`coverage` null = closed). */
export { TempCardDrawer, type TempCardDrawerProps } from './ui/temp-card-drawer.tsx';
