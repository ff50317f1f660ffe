import {
  AppstoreOutlined,
  BankOutlined,
  CustomerServiceOutlined,
  DatabaseOutlined,
  HomeOutlined,
  LineChartOutlined,
  MedicineBoxOutlined,
  SettingOutlined,
} from '@ant-design/icons';
import { type ReactNode } from 'react';
import { FEATURES } from '../features.ts';
import { AREA_ACCESS, type AccessContext, type Area } from './area-access.ts';
import {
  PILLAR_MODULES,
  type FeatureMenuLink,
  type MenuGroup,
  type MenuGroupKey,
  type PillarModule,
} from './menu-types.ts';

export { PILLAR_MODULES };
export type { MenuGroup, MenuLink, PillarModule } from './menu-types.ts';

/** The shell's groups of spec 2 §2, in their order; the links in them come from the features. */
const GROUPS: readonly { key: MenuGroupKey; label: string; icon: ReactNode }[] = [
  { key: 'home', label: 'Home', icon: <HomeOutlined /> },
  { key: 'my-plan', label: 'My Plan', icon: <BankOutlined /> },
  { key: 'admin', label: 'Admin', icon: <SettingOutlined /> },
  { key: 'agent-desktop', label: 'Agent Desktop', icon: <CustomerServiceOutlined /> },
  { key: 'ppa', label: 'PPA', icon: <LineChartOutlined /> },
  { key: 'protect-cds', label: 'Protect CDS', icon: <MedicineBoxOutlined /> },
  { key: 'data-management', label: 'Data Management', icon: <DatabaseOutlined /> },
];

/**
 * The menu assembled from the features' links: each group holds its links in feature order; the
 * 'home' group is the single link put there (it has no children and keeps its own key).
 */
export function assembleMenu(links: readonly FeatureMenuLink[]): MenuGroup[] {
  return GROUPS.flatMap((group): MenuGroup[] => {
    const children = links
      .filter((link) => link.group === group.key)
      .map(({ group: _, ...link }) => link);
    if (group.key !== 'home') return children.length ? [{ ...group, children }] : [];
    return children.map((link) => ({ ...link, icon: group.icon }));
  });
}

/** The whole side navigation of spec 2 §2, in its order. */
export const MENU: readonly MenuGroup[] = assembleMenu(FEATURES.flatMap((f) => f.menu ?? []));

export const FALLBACK_ICON = <AppstoreOutlined />;

export function parseModule(value: string | undefined): PillarModule | null {
  return PILLAR_MODULES.includes(value as PillarModule) ? (value as PillarModule) : null;
}

/**
 * The menu this user sees: items they may open, narrowed to one module when the build says so
 * (Home always stays), and groups left empty dropped.
 */
export function visibleMenu(
  context: AccessContext,
  module: PillarModule | null,
  menu: readonly MenuGroup[] = MENU,
): MenuGroup[] {
  const allowed = (item: { area?: Area; module?: PillarModule }, isHome: boolean) =>
    (!item.area || AREA_ACCESS[item.area](context)) &&
    (isHome || module === null || item.module === module);
  return menu.flatMap((group) => {
    if (!group.children) return allowed(group, group.key === 'home') ? [group] : [];
    const children = group.children.filter((child) => allowed(child, false));
    return children.length ? [{ ...group, children }] : [];
  });
}

/** Spec 2 §2: someone whose only access is the agent desktop goes straight there from Home. */
export function isAgentDesktopOnly(context: AccessContext): boolean {
  const links = visibleMenu(context, null).flatMap((group) => group.children ?? []);
  return links.length > 0 && links.every((link) => link.area === 'agent');
}

/**
 * The menu entry whose path is the longest prefix of the current path. Configuration stands for
 * the whole Protect CDS area (its tabs, conditions and lists), its only item since the four the
 * specs do not describe are hidden.
 */
export function selectedMenuKey(pathname: string, menu: readonly MenuGroup[]): string | undefined {
  let best: { key: string; length: number } | undefined;
  const consider = (key: string, path?: string) => {
    if (!path) return;
    const base = path.startsWith('/clinical/config') ? '/clinical' : path;
    if (
      (pathname === base || pathname.startsWith(`${base}/`)) &&
      base.length > (best?.length ?? 0)
    ) {
      best = { key, length: base.length };
    }
  };
  for (const group of menu) {
    consider(group.key, group.path);
    for (const child of group.children ?? []) consider(child.key, child.path);
  }
  return best?.key;
}
