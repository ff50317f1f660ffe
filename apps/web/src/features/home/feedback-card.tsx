import { MessageOutlined } from '@ant-design/icons';
import { HomeCard } from './home-card.tsx';

/** The Feedback card (spec 1 §1): the configurable feedback form (FEEDBACK_URL). */
export function FeedbackCard({ href }: { href: string }) {
  return (
    <HomeCard tour="feedback" title="Feedback" icon={<MessageOutlined />}>
      <p className="home-card__text">
        Something missing, confusing or just right? Tell the team that builds Pillar.
      </p>
      <a className="home-button" href={href} target="_blank" rel="noopener noreferrer">
        Give feedback<span className="sr-only"> (opens in a new tab)</span>
      </a>
    </HomeCard>
  );
}
