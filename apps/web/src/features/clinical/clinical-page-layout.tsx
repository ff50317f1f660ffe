import { Breadcrumb, Typography } from 'antd';
import { type ReactNode } from 'react';
import { Link } from 'react-router';
import { ClinicalHeaderSearch } from './clinical-header-search.tsx';
import './clinical.css';

/** The configuration page's first tab: where the 'Configuration' crumb leads. */
export const CLINICAL_CONFIG_PATH = '/clinical/config/intervention-drug-lists';

/** One crumb after 'Protect CDS > Configuration': a text, or a text with the path it links to. */
export type ClinicalCrumb = string | { title: string; to?: string };

export interface ClinicalPageLayoutProps {
  /**
   * The crumbs after 'Protect CDS > Configuration' (spec 2 §2 "Clinical configuration"):
   * `['Conditions']` on a tab, `[{ title: 'Conditions', to: '/clinical/conditions' }, name]` on
   * a detail page. The last crumb is the current page and never a link.
   */
  breadcrumb: readonly ClinicalCrumb[];
  /** The page's level-1 heading; none when the page draws its own (a detail header). */
  title?: ReactNode;
  /** Beside the heading, at its right: the page's main actions (Add Condition, Create List). */
  extra?: ReactNode;
  children: ReactNode;
}

/**
 * The frame of every Protect CDS page (spec 2 §2 "Layout": "the clinical header instead has a
 * search box 'Search Drug/Member/Organization'"): the clinical header with that search, the
 * breadcrumb Protect CDS > Configuration > …, the heading with its actions, then the page.
 * Decision 0108 says what the search finds and opens for each kind.
 */
export function ClinicalPageLayout({
  breadcrumb,
  title,
  extra,
  children,
}: ClinicalPageLayoutProps) {
  const crumbs = breadcrumb.map((crumb) => (typeof crumb === 'string' ? { title: crumb } : crumb));
  const items = [
    { title: 'Protect CDS' },
    {
      title:
        crumbs.length > 0 ? <Link to={CLINICAL_CONFIG_PATH}>Configuration</Link> : 'Configuration',
    },
    ...crumbs.map((crumb, index) => ({
      title:
        crumb.to && index < crumbs.length - 1 ? (
          <Link to={crumb.to}>{crumb.title}</Link>
        ) : (
          crumb.title
        ),
    })),
  ];
  return (
    <div className="clinical-page">
      <header className="clinical-header" aria-label="Protect CDS">
        <ClinicalHeaderSearch />
      </header>
      <section className="page">
        <Breadcrumb className="page-breadcrumb" items={items} />
        {(title !== undefined || extra !== undefined) && (
          <div className="clinical-page__heading">
            {title !== undefined && (
              <Typography.Title level={1} className="clinical-page__title">
                {title}
              </Typography.Title>
            )}
            {extra !== undefined && <div className="clinical-page__extra">{extra}</div>}
          </div>
        )}
        {children}
      </section>
    </div>
  );
}
