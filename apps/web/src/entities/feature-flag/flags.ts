import { type FeatureFlagTitle } from '@pillar/domain';

/** The flags the product knows (spec 2 §6), all off until a user turns them on. */
export const FEATURE_FLAGS: readonly { title: FeatureFlagTitle; description: string }[] = [
  {
    title: 'Show User Permissions',
    description: 'Shows the Applications/Permissions card in your profile.',
  },
  { title: 'Show Roles Page', description: 'Shows the Roles page under Admin.' },
];
