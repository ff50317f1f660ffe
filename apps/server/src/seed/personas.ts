/**
 * The demo personas of design.md §5: one login each, all with the same known password,
 * printed by `npm start` and used by the browser tests and benchmarks.
 */
export const DEMO_PASSWORD = 'Pillar-Demo-2026!';

export interface Persona {
  key: PersonaKey;
  username: string;
  firstName: string;
  lastName: string;
  userType: 'i' | 'b' | 'c';
  rxbAdmin: boolean;
  allOrganizations: boolean;
  roles: string[];
  description: string;
  /** Which demo organizations (by position in the seeded list, 0-based) the user is granted. */
  organizationSlots?: number[];
  /** For the scoped client: restrict the first granted organization to its first N groups. */
  restrictToFirstGroups?: number;
}

export type PersonaKey =
  | 'superAdmin'
  | 'accountManager'
  | 'agent'
  | 'dataMapper'
  | 'financialAnalyst'
  | 'clinician'
  | 'broker'
  | 'client'
  | 'clientNoSsn';

export const PERSONAS: readonly Persona[] = [
  {
    key: 'superAdmin',
    username: 'admin@pillar.example',
    firstName: 'Ada',
    lastName: 'Lovelace',
    userType: 'i',
    rxbAdmin: true,
    allOrganizations: true,
    roles: ['developer'],
    description: 'super admin (internal, rxbAdmin, every permission)',
  },
  {
    key: 'accountManager',
    username: 'account.manager@pillar.example',
    firstName: 'Marcus',
    lastName: 'Okafor',
    userType: 'i',
    rxbAdmin: false,
    allOrganizations: true,
    roles: ['accountManager'],
    description: 'account manager (internal, all organizations)',
  },
  {
    key: 'agent',
    username: 'agent@pillar.example',
    firstName: 'Priya',
    lastName: 'Raman',
    userType: 'i',
    rxbAdmin: false,
    allOrganizations: true,
    roles: ['agent'],
    description: 'call-centre agent (internal, agent desktop only)',
  },
  {
    key: 'dataMapper',
    username: 'data.mapper@pillar.example',
    firstName: 'Diego',
    lastName: 'Alvarez',
    userType: 'i',
    rxbAdmin: false,
    allOrganizations: true,
    roles: ['dataMappingAnalyst'],
    description: 'data-mapping analyst (internal)',
  },
  {
    key: 'financialAnalyst',
    username: 'financial.analyst@pillar.example',
    firstName: 'Mei',
    lastName: 'Chen',
    userType: 'i',
    rxbAdmin: true,
    allOrganizations: true,
    roles: ['financialAnalyst'],
    description: 'financial analyst (internal, rxbAdmin, evaluate)',
  },
  {
    key: 'clinician',
    username: 'clinician@pillar.example',
    firstName: 'Amara',
    lastName: 'Mensah',
    userType: 'i',
    rxbAdmin: false,
    allOrganizations: false,
    roles: ['keystoneClinician'],
    description: 'clinician (internal, Protect CDS)',
  },
  {
    key: 'broker',
    username: 'broker@pillar.example',
    firstName: 'Jonah',
    lastName: 'Whitfield',
    userType: 'b',
    rxbAdmin: false,
    allOrganizations: false,
    roles: ['brokerUserManagement', 'brokerManageEligibility', 'brokerFiles', 'brokerFinancials'],
    organizationSlots: [0, 1],
    description: 'broker scoped to two organizations',
  },
  {
    key: 'client',
    username: 'client@pillar.example',
    firstName: 'Leila',
    lastName: 'Haddad',
    userType: 'c',
    rxbAdmin: false,
    allOrganizations: false,
    roles: ['clientUserManagement', 'clientManageEligibility', 'clientFiles', 'clientFinancials'],
    organizationSlots: [0],
    restrictToFirstGroups: 2,
    description: 'client scoped to one organization and two of its groups',
  },
  {
    key: 'clientNoSsn',
    username: 'client.viewer@pillar.example',
    firstName: 'Samuel',
    lastName: 'Brennan',
    userType: 'c',
    rxbAdmin: false,
    allOrganizations: false,
    roles: ['clientViewEligibility', 'clientFiles'],
    organizationSlots: [0],
    description: 'client without SSN permission (view eligibility only)',
  },
];

export function persona(key: PersonaKey): Persona {
  const found = PERSONAS.find((p) => p.key === key);
  if (!found) throw new Error(`unknown persona ${key}`);
  return found;
}
