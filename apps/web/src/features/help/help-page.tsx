import { FilePdfOutlined, PlayCircleFilled } from '@ant-design/icons';
import { Alert, Button, Skeleton, Typography } from 'antd';
import { useState } from 'react';
import { formatFileSize, type HelpGuide, type HelpVideo } from '@pillar/domain';
import { usePageTitle } from '../../shared/page/use-page-title.ts';
import { helpContentUrl, useHelpManifest } from '../../entities/help/index.ts';
import { VideoModal } from './video-modal.tsx';
import './help-page.css';

function pages(count: number): string {
  return `${count} ${count === 1 ? 'page' : 'pages'}`;
}

/** Seconds as words for screen readers: '2:05' → '2 minutes 5 seconds'. */
function spokenDuration(duration: string): string {
  const [minutes = '0', seconds = '0'] = duration.split(':');
  const parts = [];
  if (Number(minutes) > 0) parts.push(`${Number(minutes)} minute${minutes === '1' ? '' : 's'}`);
  if (Number(seconds) > 0) parts.push(`${Number(seconds)} second${seconds === '01' ? '' : 's'}`);
  return parts.join(' ') || '0 seconds';
}

function GuideCard({ guide }: { guide: HelpGuide }) {
  const url = helpContentUrl(guide.file);
  const fileName = guide.file.split('/').pop();
  return (
    <li className="help-card">
      <div className="help-card__icon" aria-hidden>
        <FilePdfOutlined />
      </div>
      <div className="help-card__body">
        <h3 className="help-card__title">{guide.title}</h3>
        <p className="help-card__text">{guide.description}</p>
        <p className="help-card__meta">
          PDF · {pages(guide.pages)} · {formatFileSize(guide.bytes)}
        </p>
        <div className="help-card__actions">
          <a
            className="help-action help-action--primary"
            href={url}
            target="_blank"
            rel="noopener noreferrer"
          >
            Open<span className="sr-only"> {guide.title} (PDF, opens in a new tab)</span>
          </a>
          <a className="help-action" href={url} download={fileName}>
            Download<span className="sr-only"> {guide.title} (PDF)</span>
          </a>
        </div>
      </div>
    </li>
  );
}

function VideoCard({ video, onPlay }: { video: HelpVideo; onPlay: () => void }) {
  return (
    <li className="help-card help-card--video">
      {/* A larger target for the mouse; keyboard and screen-reader users have the Play button. */}
      <div className="help-video-thumb" onClick={onPlay} aria-hidden>
        <img src={helpContentUrl(video.poster)} alt="" loading="lazy" />
        <PlayCircleFilled className="help-video-thumb__play" />
        <span className="help-video-thumb__duration">{video.duration}</span>
      </div>
      <div className="help-card__body">
        <h3 className="help-card__title">{video.title}</h3>
        <p className="help-card__text">{video.description}</p>
        <p className="help-card__meta">
          Video · <span aria-hidden>{video.duration}</span>
          <span className="sr-only">{spokenDuration(video.duration)}</span>
        </p>
        <div className="help-card__actions">
          <Button type="primary" onClick={onPlay}>
            Play<span className="sr-only"> {video.title}</span>
          </Button>
        </div>
      </div>
    </li>
  );
}

/** /help: the help centre (spec 1 §2 "Help page"): PDF guides and tutorial videos. */
export default function HelpPage() {
  usePageTitle('Help');
  const manifest = useHelpManifest();
  const [playing, setPlaying] = useState<HelpVideo | null>(null);

  return (
    <section className="page help-page">
      <Typography.Title level={1}>Help</Typography.Title>
      <Typography.Paragraph className="page-lead">
        Guides to read or print, and short videos that show Pillar at work.
      </Typography.Paragraph>
      {manifest.isPending && <Skeleton active paragraph={{ rows: 6 }} />}
      {manifest.isError && (
        <Alert
          type="error"
          showIcon
          title="The help content could not be loaded."
          description="Try again in a moment. If it keeps happening, tell your account team."
        />
      )}
      {manifest.data && (
        <>
          <section aria-labelledby="help-guides">
            <Typography.Title level={2} id="help-guides" className="help-section-title">
              Guides
            </Typography.Title>
            <ul className="help-grid">
              {manifest.data.guides.map((guide) => (
                <GuideCard key={guide.id} guide={guide} />
              ))}
            </ul>
          </section>
          {manifest.data.videos.length > 0 && (
            <section aria-labelledby="help-videos">
              <Typography.Title level={2} id="help-videos" className="help-section-title">
                Videos
              </Typography.Title>
              <ul className="help-grid">
                {manifest.data.videos.map((video) => (
                  <VideoCard key={video.id} video={video} onPlay={() => setPlaying(video)} />
                ))}
              </ul>
            </section>
          )}
        </>
      )}
      <VideoModal video={playing} onClose={() => setPlaying(null)} />
    </section>
  );
}
