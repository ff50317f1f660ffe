import type { Kysely } from 'kysely';
import type { CommsPref, IsConfidential, PreferenceSource } from '@pillar/domain';
import type { DB } from '../../database.ts';
import { createBuiltInMembersHub } from './builtin-members-hub.ts';

/**
 * The members hub (spec 2 §7, /members-hub/v1/member): the system of record for a member's
 * communication preferences and a dependent's confidentiality. The member portal writes them
 * too, so in production they live in that hub, not in Pillar. The hub publishes no client
 * library (no npm package, no OpenAPI document we could generate one from), so this interface
 * is ours: the built-in implementation keeps the preferences in our database
 * (migration 0011), and a production adapter would implement the same four calls over HTTP.
 * See docs/decisions/0099-communication-preferences.md.
 */
export interface MembersHub {
  readonly kind: 'builtin';
  communication(member: HubMemberKey): Promise<HubCommunication | null>;
  confidentiality(dependent: HubDependentKey): Promise<HubConfidentiality | null>;
  /**
   * Writes what the change names, all or nothing: the communication details and, for a
   * dependent, the confidentiality together.
   */
  save(member: HubMemberKey, change: HubChange, updater: HubUpdater): Promise<void>;
}

/** A member (dependentNo null) or one of their dependents; Pillar has checked the scope. */
export interface HubMemberKey {
  organizationNo: number;
  employeeNo: number;
  dependentNo: number | null;
}
export interface HubDependentKey extends HubMemberKey {
  dependentNo: number;
}

export interface HubCommunication {
  communicationId: number;
  phoneNumber: string | null;
  alternatePhoneNumber: string | null;
  emailAddress: string | null;
  alternateEmailAddress: string | null;
  commsPref: CommsPref;
  source: string;
  lastUpdatedBy: string;
  lastUpdateTime: Date;
}

export interface HubConfidentiality {
  isConfidential: IsConfidential;
  updatesAllowed: boolean;
  source: string;
  updatedBy: string;
  updatedDate: Date;
}

export interface HubChange {
  communication?: {
    phoneNumber: string | null;
    emailAddress: string | null;
    commsPref: CommsPref;
  };
  /** Only for a dependent. */
  isConfidential?: IsConfidential;
}

/** Who writes: for the agent desktop always source 'Agent' and the signed-in agent. */
export interface HubUpdater {
  source: PreferenceSource;
  name: string;
  userNo: number | null;
}

export function createMembersHub(db: Kysely<DB>): MembersHub {
  return createBuiltInMembersHub(db);
}
