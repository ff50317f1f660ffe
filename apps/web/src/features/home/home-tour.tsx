import { Tour, type TourProps } from 'antd';
import { useMemo } from 'react';
import { type HomeTourStep, type HomeTourStepKey } from './tour-steps.ts';

/** The side navigation when it is in sight, else the header (narrow screens collapse the menu). */
function navigationTarget(): HTMLElement | null {
  const nav = document.getElementById('side-navigation');
  if (nav && nav.offsetWidth > 0) return nav;
  return document.querySelector<HTMLElement>('.app-header');
}

function targetOf(key: HomeTourStepKey): (() => HTMLElement) | null {
  if (key === 'welcome') return null;
  if (key === 'navbar') return () => navigationTarget() ?? document.body;
  return () => document.querySelector<HTMLElement>(`[data-tour="${key}"]`) ?? document.body;
}

export interface HomeTourProps {
  steps: HomeTourStep[];
  current: number;
  onChange: (step: number) => void;
  /** Closing (skipping) and finishing both end the tour. */
  onEnd: () => void;
}

/**
 * The home page's guided tour (spec 1 §2): Back, Next, Start and Finish. Its own chunk, loaded
 * only while the tour runs, so antd's Tour stays out of the first page's JavaScript.
 */
export default function HomeTour({ steps, current, onChange, onEnd }: HomeTourProps) {
  const items = useMemo<TourProps['steps']>(
    () =>
      steps.map((step, index) => {
        const last = index === steps.length - 1;
        return {
          title: step.title,
          description: step.description,
          target: targetOf(step.key),
          placement: step.key === 'navbar' ? 'right' : undefined,
          prevButtonProps: { children: 'Back' },
          nextButtonProps: { children: index === 0 ? 'Start' : last ? 'Finish' : 'Next' },
        };
      }),
    [steps],
  );
  return (
    <Tour
      open
      steps={items}
      current={current}
      onChange={onChange}
      onClose={onEnd}
      onFinish={onEnd}
    />
  );
}
