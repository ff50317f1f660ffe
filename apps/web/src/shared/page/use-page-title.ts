import { useContext, useEffect } from 'react';
import { pageTitle } from '@pillar/domain';
import { RuntimeConfigContext } from '../config/runtime-config.ts';

/** Sets the tab title to 'Page | Pillar', with the environment suffix outside production. */
export function usePageTitle(page?: string): void {
  const config = useContext(RuntimeConfigContext);
  const environment = config?.environment ?? 'prod';
  useEffect(() => {
    document.title = pageTitle(environment, page);
  }, [environment, page]);
}
