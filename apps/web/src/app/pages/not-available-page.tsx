import { Result } from 'antd';
import { usePageTitle } from '../../shared/page/use-page-title.ts';
import { GoBackButton } from '../../shared/pages/go-back-button.tsx';

export interface NotAvailablePageProps {
  /** The area's name as the menu shows it, e.g. 'Members'. */
  area: string;
  /** One sentence on what the area will do, so users know what to expect. */
  purpose?: string;
}

/** An area of the product that is planned but not built yet; it says so plainly. */
export function NotAvailablePage({ area, purpose }: NotAvailablePageProps) {
  usePageTitle(area);
  return (
    <Result
      status="info"
      title={<h1 className="result-heading">{area}</h1>}
      subTitle={
        <>
          {purpose && <p>{purpose}</p>}
          <p>{area} is not available yet in Pillar. It is coming in a later release.</p>
        </>
      }
      extra={<GoBackButton />}
    />
  );
}
