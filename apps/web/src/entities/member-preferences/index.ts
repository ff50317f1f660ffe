/*
 * The member-preferences entity's public surface: a member's or dependent's communication and
 * confidentiality preferences through the members hub (decision 0099). Features and other
 * entities import only this file; every query key starts at memberPreferenceKeys.all, and an
 * update invalidates memberPreferenceKeys.member(...) (both reads of that member).
 *
 * The member detail places the card in its left column; the card opens the drawer itself:
 *   <CommunicationPreferencesCard orgId={orgId} employeeNo={employeeNo}
 *     dependentNo={dependentNo} birthDate={person.birthdate} isDependent={dependentNo != null} />
 * The HIPAA banner reads a dependent's choice with
 *   useConfidentiality({ orgId, employeeNo, dependentNo, birthDate }).data?.isConfidential
 * (no request until all four identifiers are present).
 */
export { memberPreferenceKeys } from './query-keys.ts';
export {
  communicationPrefQueryOptions,
  getCommunicationPref,
  updateCommsPref,
  useCommunicationPref,
  useUpdateCommsPref,
  type PreferenceTarget,
} from './api/communication-preferences.ts';
export {
  confidentialityLookupReady,
  confidentialityQueryOptions,
  getConfidentiality,
  useConfidentiality,
  type ConfidentialityTarget,
} from './api/confidentiality.ts';
export {
  CommunicationPreferencesCard,
  type CommunicationPreferencesCardProps,
} from './ui/communication-preferences-card.tsx';
export {
  CommunicationPreferencesDrawer,
  type CommunicationPreferencesDrawerProps,
} from './ui/communication-preferences-drawer.tsx';
