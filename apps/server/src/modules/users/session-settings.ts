import type { SessionSettings } from '@pillar/domain';
import type { Config } from '../../config.ts';

/**
 * What the browser needs before and around sign-in (spec 2 §1): the access-end banner's dates and
 * newer portal, and the landing page's two products. Public: none of it is secret, and the
 * landing page is shown before anyone signs in.
 */
export function sessionSettingsOf(config: Config): SessionSettings {
  return {
    accessEnd: { ...config.accessEnd },
    landing: {
      products: [
        {
          key: 'legacy',
          title: config.landing.legacyTitle,
          description: 'The earlier benefits portal, for the tools that have not moved yet.',
          loginUrl: config.landing.legacyLoginUrl,
        },
        {
          key: 'pillar',
          title: 'Pillar',
          description:
            'Organizations, members, files, user administration, the agent desktop and clinical configuration.',
          loginUrl: config.landing.loginUrl,
        },
      ],
    },
  };
}
