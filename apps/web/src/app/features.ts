import { agentFeature } from '../features/agent/index.tsx';
import { clinicalFeature } from '../features/clinical/index.tsx';
import { dataManagementFeature } from '../features/data-management/index.tsx';
import { evaluateFeature, sharedClaimsFeature } from '../features/evaluate/index.tsx';
import { featureFlagsFeature } from '../features/feature-flags/index.tsx';
import { filesFeature } from '../features/files/index.tsx';
import { helpFeature } from '../features/help/index.tsx';
import { homeFeature } from '../features/home/index.tsx';
import { idCardsFeature } from '../features/id-cards/index.tsx';
import { membersFeature } from '../features/members/index.tsx';
import { organizationsFeature } from '../features/organizations/index.tsx';
import { rolesFeature } from '../features/roles/index.tsx';
import { usersFeature } from '../features/users/index.tsx';
import { type Feature } from './routes/feature.ts';

/**
 * Every feature the shell shows, in menu order: the router takes their routes and the side
 * navigation their links, each group's links in this order (decision 0094). Adding an area is
 * its feature folder and one line here.
 */
export const FEATURES: readonly Feature[] = [
  homeFeature,
  helpFeature,
  organizationsFeature,
  membersFeature,
  filesFeature,
  featureFlagsFeature,
  usersFeature,
  rolesFeature,
  agentFeature,
  evaluateFeature,
  sharedClaimsFeature,
  clinicalFeature,
  dataManagementFeature,
  idCardsFeature,
];
