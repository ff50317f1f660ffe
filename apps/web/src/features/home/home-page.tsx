import { CompassOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { Suspense, lazy, useCallback, useEffect, useMemo, useState } from 'react';
import { PERMISSIONS } from '@pillar/domain';
import { useRuntimeConfig } from '../../shared/config/runtime-config.ts';
import { usePageTitle } from '../../shared/page/use-page-title.ts';
import { usePermissions } from '../../shared/permissions/user-access.ts';
import { useTourState } from '../../shared/tour/use-tour-state.ts';
import { FeedbackCard } from './feedback-card.tsx';
import { HelpCard } from './help-card.tsx';
import { MembersCard } from './members-card.tsx';
import { OrganizationsCard } from './organizations-card.tsx';
import { RecentFilesCard } from './recent-files-card.tsx';
import { clampStep, homeTourSteps, tourShouldShow } from './tour-steps.ts';
import './home-page.css';

const HomeTour = lazy(() => import('./home-tour.tsx'));

/** The key of the home tour's state in local storage (`pillar.tour.home`). */
export const HOME_TOUR_KEY = 'home';

export function greetingFor(date: Date): string {
  const hour = date.getHours();
  if (hour < 12) return 'Good morning';
  if (hour < 18) return 'Good afternoon';
  return 'Good evening';
}

/**
 * Whether the Files card rendered anything. The card belongs to the files area and decides for
 * itself whether to show; the tour only needs to know, to skip its step when it is not there.
 */
function useHasContent(): [(element: HTMLElement | null) => void, boolean] {
  const [element, setElement] = useState<HTMLElement | null>(null);
  const [hasContent, setHasContent] = useState(false);
  useEffect(() => {
    if (!element) return;
    const update = () => setHasContent(element.childElementCount > 0);
    update();
    const observer = new MutationObserver(update);
    observer.observe(element, { childList: true });
    return () => observer.disconnect();
  }, [element]);
  return [setElement, hasContent];
}

/** /home: the dashboard (spec 1 §2 "Home dashboard") and its guided tour. */
export default function HomePage() {
  usePageTitle('Home');
  const config = useRuntimeConfig();
  const { claims, can } = usePermissions();
  const tour = useTourState(HOME_TOUR_KEY);
  // In a penetration-test environment the tour never starts by itself, only when asked for.
  const [tourRequested, setTourRequested] = useState(false);
  const [filesRef, filesShown] = useHasContent();

  const showOrganizations = can({ allOf: [PERMISSIONS.viewOrganizations] });
  const showMembers = can({ allOf: [PERMISSIONS.viewMember] });
  const feedback = config.links.feedback;
  const steps = useMemo(
    () =>
      homeTourSteps({
        organizations: showOrganizations,
        members: showMembers,
        files: filesShown,
        help: true,
        feedback: !!feedback,
      }),
    [showOrganizations, showMembers, filesShown, feedback],
  );
  const tourOpen = tourShouldShow({
    seen: !tour.open,
    penTest: config.penTest,
    requested: tourRequested,
  });
  const takeTour = useCallback(() => {
    setTourRequested(true);
    tour.restart();
  }, [tour]);

  const name = claims.firstName || claims.username;
  return (
    <section className="home" aria-labelledby="home-heading">
      <div className="home__intro">
        <div>
          <h1 id="home-heading" className="page-title">
            {greetingFor(new Date())}, {name}
          </h1>
          <p className="page-lead">Here is what you look after in Pillar.</p>
        </div>
        <Button icon={<CompassOutlined />} onClick={takeTour}>
          Take the tour
        </Button>
      </div>
      <div className="home__grid">
        {showOrganizations && <OrganizationsCard />}
        {showMembers && <MembersCard />}
        <div className="home__slot home__slot--wide" data-tour="files" ref={filesRef}>
          <RecentFilesCard />
        </div>
        <HelpCard />
        {feedback && <FeedbackCard href={feedback} />}
      </div>
      {tourOpen && (
        <Suspense fallback={null}>
          <HomeTour
            steps={steps}
            current={clampStep(tour.step, steps.length)}
            onChange={tour.setStep}
            onEnd={tour.finish}
          />
        </Suspense>
      )}
    </section>
  );
}
