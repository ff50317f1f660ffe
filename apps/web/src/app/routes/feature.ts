import { type RouteObject } from 'react-router';
import { type FeatureMenuLink } from '../navigation/menu-types.ts';

/**
 * What a feature contributes to the shell (decision 0094): its routes and its menu links. The
 * router and the menu only assemble these in the order of app/features.ts, so an area is added
 * by writing its feature folder and one line there.
 */
export interface Feature {
  /**
   * Routes inside the signed-in layout, relative to '/'. Each page is a lazy chunk and each
   * route carries the same gate as its menu link (`gated` in ./gates.tsx).
   */
  routes?: RouteObject[];
  /** Routes outside the signed-in layout (no sign-in needed); the shell adds their spinner. */
  publicRoutes?: RouteObject[];
  /** Links in the side navigation, in the order they appear within their group. */
  menu?: FeatureMenuLink[];
}
