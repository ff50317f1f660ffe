/*
 * The plan information entity's public surface: an organization's group information, the plan
 * benefit content (PBC) document and a member's appointments of representative (AOR), spec 2
 * §3, §7. Features and other entities import only this file; its query keys all start at
 * planInfoKeys.all.
 *
 * Blocks for the agent pages (H12F places them on the member detail, H12A may on the
 * organization detail):
 * - `<GroupInformation orgId={orgId} />`: the 'Group Information' tab (or a panel's body);
 *   'No data available' when nothing is on file.
 * - `<PbcViewer target={{ employeeNo, dependentNo }} />` or `target={{ orgId }}`: the 'PBC' tab,
 *   the PDF in a frame with Download; 'PBC not available' when none.
 * - `<AorList memberID={generatedId} orgID={orgId} employeeNo={employeeNo} dependentNo={...} />`:
 *   the member's AORs as AorCards ('Expired' a year after signing); asks nothing until the
 *   three identifiers are known.
 */
export { planInfoKeys } from './query-keys.ts';
export {
  getGroupInfo,
  groupInfoQueryOptions,
  groupInfoRetry,
  useGroupInfo,
} from './api/get-group-info.ts';
export { getPbc, pbcQueryOptions, usePbc, type PbcTarget } from './api/get-pbc.ts';
export { aorsQueryOptions, listAors, useAors, type AorLookup } from './api/list-aors.ts';
export { GroupInformation, type GroupInformationProps } from './ui/group-information.tsx';
export { PbcViewer, type PbcViewerProps } from './ui/pbc-viewer.tsx';
export { AorList, type AorListProps } from './ui/aor-list.tsx';
export { AorCard, type AorCardProps } from './ui/aor-card.tsx';
