import { Modal } from 'antd';
import { type HelpVideo } from '@pillar/domain';
import { helpContentUrl } from '../../entities/help/index.ts';

/** Spec 1 §1: tutorial videos play in a modal 768 wide (HELP_VIDEO_MODAL_WIDTH). */
export const VIDEO_MODAL_WIDTH = 768;

/**
 * A tutorial video in a modal. Destroyed on close, so playback stops with it. The videos have
 * no sound; their transcript is the text alternative, under the player.
 */
export function VideoModal({ video, onClose }: { video: HelpVideo | null; onClose: () => void }) {
  return (
    <Modal
      open={video !== null}
      title={video?.title}
      width={VIDEO_MODAL_WIDTH}
      footer={null}
      onCancel={onClose}
      destroyOnHidden
      centered
    >
      {video && (
        <div className="video-modal">
          <video
            className="video-modal__player"
            src={helpContentUrl(video.file)}
            poster={helpContentUrl(video.poster)}
            width={video.width}
            height={video.height}
            controls
            autoPlay
            muted
            playsInline
            preload="metadata"
            aria-label={`${video.title} (${video.duration}, no sound)`}
          >
            Your browser cannot play this video.{' '}
            <a href={helpContentUrl(video.file)}>Download it</a> instead.
          </video>
          <p className="video-modal__description">{video.description}</p>
          {video.transcript.length > 0 && (
            <details className="video-modal__transcript">
              <summary>Transcript</summary>
              <ol>
                {video.transcript.map((line, index) => (
                  <li key={index}>{line}</li>
                ))}
              </ol>
            </details>
          )}
        </div>
      )}
    </Modal>
  );
}
