/**
 * Fixed records of the user-administration demo data, named here (without imports) so the API
 * and browser tests can use them. Everything else in users.ts is generated.
 */

/**
 * An internal Account Management Admin who signs in with the demo password: protected roles, the
 * roles page and feature flags. She holds Account Manager too, so she may grant it (nobody grants
 * a permission they do not hold, and the admin role alone lacks two of the manager's).
 */
export const USER_ADMIN_DEMO = {
  username: 'user.admin@pillar.example',
  firstName: 'Uma',
  lastName: 'Castillo',
  roleKeys: ['accountManagementAdmin', 'accountManager'],
} as const;

/** DataNet legacy users that are not Pillar users yet: one per DataNet type. */
export const DATANET_IMPORTABLE = [
  {
    username: 'harriet.quinn@legacy-benefits.example',
    firstName: 'Harriet',
    lastName: 'Quinn',
    type: 1,
  },
  {
    username: 'oscar.bellamy@legacy-benefits.example',
    firstName: 'Oscar',
    lastName: 'Bellamy',
    type: 2,
  },
  {
    username: 'wren.castellano@legacy-benefits.example',
    firstName: 'Wren',
    lastName: 'Castellano',
    type: 3,
  },
  {
    username: 'jules.fairbanks@legacy-benefits.example',
    firstName: 'Jules',
    lastName: 'Fairbanks',
    type: 0,
  },
] as const;

/** A DataNet user who was imported before: the preview answers 409 with the Pillar user. */
export const DATANET_ALREADY_IMPORTED = {
  username: 'theo.marchetti@legacy-benefits.example',
  firstName: 'Theo',
  lastName: 'Marchetti',
  type: 1,
} as const;

/** Member-portal accounts: one blocked by failed sign-ins, one open. */
export const MEMBER_PORTAL_DEMO = {
  blocked: 'locked.out.member@members.example',
  open: 'active.member@members.example',
} as const;
