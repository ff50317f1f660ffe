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
import { AREA_ACCESS, type AccessContext, type Area } from './area-access.ts';

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

/** The whole side navigation of spec 2 §2, in its order. */
export const MENU: readonly MenuGroup[] = [
  { key: 'home', label: 'Home', icon: <HomeOutlined />, path: '/home', area: 'everyone' },
  {
    key: 'my-plan',
    label: 'My Plan',
    icon: <BankOutlined />,
    children: [
      {
        key: 'organizations',
        label: 'Organizations',
        path: '/organizations',
        area: 'organizations',
        module: 'organization',
      },
      { key: 'members', label: 'Members', path: '/members', area: 'members', module: 'members' },
      { key: 'files', label: 'Files', path: '/files', area: 'files', module: 'file' },
    ],
  },
  {
    key: 'admin',
    label: 'Admin',
    icon: <SettingOutlined />,
    children: [
      {
        key: 'feature-flags',
        label: 'Feature Flags',
        path: '/admin/featureFlags',
        area: 'featureFlags',
        module: 'admin',
      },
      { key: 'users', label: 'Users', path: '/admin/users', area: 'users', module: 'admin' },
      { key: 'roles', label: 'Roles', path: '/admin/roles', area: 'roles', module: 'admin' },
    ],
  },
  {
    key: 'agent-desktop',
    label: 'Agent Desktop',
    icon: <CustomerServiceOutlined />,
    children: [
      { key: 'agent', label: 'Dashboard', path: '/agent', area: 'agent', module: 'agent' },
    ],
  },
  {
    key: 'ppa',
    label: 'PPA',
    icon: <LineChartOutlined />,
    children: [
      {
        key: 'opportunities',
        label: 'Opportunities',
        path: '/evaluate/opportunities',
        area: 'evaluate',
        module: 'evaluate',
      },
    ],
  },
  {
    key: 'protect-cds',
    label: 'Protect CDS',
    icon: <MedicineBoxOutlined />,
    children: [
      {
        key: 'intervention-queues',
        label: 'Intervention Queues',
        path: '/clinical/intervention-queues',
        area: 'clinical',
        module: 'protect',
      },
      {
        key: 'clinical-member',
        label: 'Member',
        path: '/clinical/member',
        area: 'clinical',
        module: 'protect',
      },
      {
        key: 'savings-validation',
        label: 'Savings Validation',
        path: '/clinical/savings-validation',
        area: 'clinical',
        module: 'protect',
      },
      {
        key: 'cases',
        label: 'Cases',
        path: '/clinical/cases',
        area: 'clinical',
        module: 'protect',
      },
      {
        key: 'configuration',
        label: 'Configuration',
        path: '/clinical/config/intervention-drug-lists',
        area: 'clinical',
        module: 'protect',
      },
    ],
  },
  {
    key: 'data-management',
    label: 'Data Management',
    icon: <DatabaseOutlined />,
    children: [
      {
        key: 'eligibility-imports',
        label: 'Eligibility Imports',
        path: '/data-management/eligibility-imports',
        area: 'eligibilityImports',
      },
      {
        key: 'transformations',
        label: 'Transformations',
        path: '/data-management/transformations',
        area: 'transformations',
      },
    ],
  },
];

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

/** The menu entry whose path is the longest prefix of the current path. */
export function selectedMenuKey(pathname: string, menu: readonly MenuGroup[]): string | undefined {
  let best: { key: string; length: number } | undefined;
  const consider = (key: string, path?: string) => {
    if (!path) return;
    const base = path.startsWith('/clinical/config') ? '/clinical/config' : path;
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
