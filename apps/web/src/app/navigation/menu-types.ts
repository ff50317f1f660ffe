import { type ReactNode } from 'react';
import { type Area } from './area-access.ts';

/** The modules a build can be narrowed to with VITE_PILLAR_MODULE (spec 2 §2). */
export const PILLAR_MODULES = [
  'evaluate',
  'protect',
  'agent',
  'admin',
  'file',
  'members',
  'organization',
] as const;
export type PillarModule = (typeof PILLAR_MODULES)[number];

export interface MenuLink {
  key: string;
  label: string;
  path: string;
  area: Area;
  module?: PillarModule;
}

export interface MenuGroup {
  key: string;
  label: string;
  icon: ReactNode;
  /** A group without children is a single link (Home). */
  path?: string;
  area?: Area;
  module?: PillarModule;
  children?: MenuLink[];
}

/** The side navigation's groups, which the shell owns; features put their links into them. */
export type MenuGroupKey =
  'home' | 'my-plan' | 'admin' | 'agent-desktop' | 'ppa' | 'protect-cds' | 'data-management';

/**
 * A feature's menu entry: a link and the group it sits in. The 'home' group is a single link,
 * so the one link a feature puts there becomes the group itself.
 */
export interface FeatureMenuLink extends MenuLink {
  group: MenuGroupKey;
}
