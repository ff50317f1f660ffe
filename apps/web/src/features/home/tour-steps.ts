/** The home tour's steps, in the spec's order (spec 1 §2 "Home dashboard"). */
export const HOME_TOUR_STEP_KEYS = [
  'welcome',
  'navbar',
  'organizations',
  'members',
  'files',
  'help',
  'feedback',
] as const;
export type HomeTourStepKey = (typeof HOME_TOUR_STEP_KEYS)[number];

export interface HomeTourStep {
  key: HomeTourStepKey;
  title: string;
  description: string;
}

const STEPS: Record<HomeTourStepKey, Omit<HomeTourStep, 'key'>> = {
  welcome: {
    title: 'Welcome to Pillar',
    description:
      'A short tour of your home page. Leave it at any time with the close button, and take it again with Take the tour.',
  },
  navbar: {
    title: 'Navigation',
    description:
      'The menu opens every area you have access to. Help and Feedback are at the top, and your profile and Logout are under your name.',
  },
  organizations: {
    title: 'Your organizations',
    description:
      'The organizations you look after. Open one to see its details, or find one by name in the organizations list.',
  },
  members: {
    title: 'Members',
    description:
      'How many members you can see, and a search for employees or dependents across all your organizations.',
  },
  files: {
    title: 'Recent files',
    description: 'The five files most recently shared with you. Open one to see or download it.',
  },
  help: {
    title: 'Help',
    description:
      'The quick start guide, and the help centre with PDF guides and tutorial videos for every part of Pillar.',
  },
  feedback: {
    title: 'Feedback',
    description: 'Tell us what works and what does not. The feedback form opens in a new tab.',
  },
};

/** The steps to show: the welcome and navigation always, the others when their card is shown. */
export function homeTourSteps(shown: Partial<Record<HomeTourStepKey, boolean>>): HomeTourStep[] {
  return HOME_TOUR_STEP_KEYS.filter(
    (key) => key === 'welcome' || key === 'navbar' || shown[key] === true,
  ).map((key) => ({ key, ...STEPS[key] }));
}

/** A stored step that no longer exists (fewer cards than last time) resumes at the last one. */
export function clampStep(step: number, count: number): number {
  if (count <= 0) return 0;
  return Math.min(Math.max(0, Math.trunc(step)), count - 1);
}

/**
 * Whether the tour shows: until it has been finished or skipped, it starts by itself, except in
 * a penetration-test environment, where it runs only when the user asks for it (spec 1 §2).
 */
export function tourShouldShow(options: {
  seen: boolean;
  penTest: boolean;
  requested: boolean;
}): boolean {
  if (options.seen) return false;
  return !options.penTest || options.requested;
}
