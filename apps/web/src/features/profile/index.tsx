import { lazy } from 'react';

/** The profile drawer the header's user menu opens: the shell's way in, a chunk of its own. */
export const ProfileDrawer = lazy(() => import('./profile-drawer.tsx'));
