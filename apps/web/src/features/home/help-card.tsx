import { FilePdfOutlined, QuestionCircleOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { helpContentUrl, useHelpManifest } from '../../entities/help/index.ts';
import { HomeCard } from './home-card.tsx';

/** The Help card (spec 1 §1): the quick start guide PDF and a way to the help centre. */
export function HelpCard() {
  const manifest = useHelpManifest();
  const guide = manifest.data?.guides.find((item) => item.id === manifest.data?.quickStartGuide);
  return (
    <HomeCard tour="help" title="Help" icon={<QuestionCircleOutlined />}>
      <p className="home-card__text">Guides and short videos for every part of Pillar.</p>
      <ul className="home-link-list">
        {guide && (
          <li>
            <a href={helpContentUrl(guide.file)} target="_blank" rel="noopener noreferrer">
              <FilePdfOutlined aria-hidden /> Quick start guide (PDF)
              <span className="sr-only"> (opens in a new tab)</span>
            </a>
          </li>
        )}
        <li>
          <Link to="/help">More help</Link>
        </li>
      </ul>
    </HomeCard>
  );
}
