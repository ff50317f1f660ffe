import { Drawer, type DrawerProps } from 'antd';

/** The drawer widths the specs name (spec 1 §9, spec 2 §9). */
export const DRAWER_SIZES = {
  /** Create member or dependent, invoice history, user forms. */
  wide: '55%',
  /** Issue detail. */
  issue: '45%',
  /** Group fees, temp ID card. */
  medium: '40%',
  /** Group summary. */
  narrow: '25%',
} as const;
export type DrawerSize = keyof typeof DRAWER_SIZES;

export interface AppDrawerProps extends Omit<DrawerProps, 'size' | 'width'> {
  size?: DrawerSize;
}

/**
 * Drawer at one of the product's named widths. Below 768px a percentage would be unusable, so
 * the drawer takes the whole width there.
 */
export function AppDrawer({ size = 'medium', destroyOnHidden = true, ...rest }: AppDrawerProps) {
  const narrowScreen = typeof window !== 'undefined' && window.innerWidth < 768;
  return (
    <Drawer
      placement="right"
      {...rest}
      destroyOnHidden={destroyOnHidden}
      size={narrowScreen ? '100%' : DRAWER_SIZES[size]}
    />
  );
}
