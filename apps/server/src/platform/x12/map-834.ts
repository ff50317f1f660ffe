/**
 * The loop structure of the 834 (005010X220A1), as facts from the implementation guide: each loop
 * names the segment that opens it (with the qualifiers that tell sibling loops apart), the other
 * segments it may hold and the loops nested in it. Element names are given for the segments the
 * reader checks and summarises.
 */

export interface LoopDef {
  id: string;
  name: string;
  /** The segment that opens the loop, and the values its first element may take (any when absent). */
  leader: { segment: string; qualifiers?: readonly string[] };
  segments: readonly string[];
  loops: readonly LoopDef[];
  maxRepeat?: number;
}

const contact = ['PER', 'N3', 'N4'] as const;
const nameLoop = (
  id: string,
  name: string,
  qualifiers: readonly string[],
  segments: readonly string[],
): LoopDef => ({
  id,
  name,
  leader: { segment: 'NM1', qualifiers },
  segments,
  loops: [],
  maxRepeat: 1,
});

export const MAP_834: LoopDef = {
  id: 'ST',
  name: 'Transaction set header',
  leader: { segment: 'ST' },
  segments: ['BGN', 'REF', 'DTP', 'QTY'],
  loops: [
    {
      id: '1000A',
      name: 'Sponsor name',
      leader: { segment: 'N1', qualifiers: ['P5'] },
      segments: [],
      loops: [],
      maxRepeat: 1,
    },
    {
      id: '1000B',
      name: 'Payer',
      leader: { segment: 'N1', qualifiers: ['IN'] },
      segments: [],
      loops: [],
      maxRepeat: 1,
    },
    {
      id: '1000C',
      name: 'TPA/broker name',
      leader: { segment: 'N1', qualifiers: ['BO', 'TV'] },
      segments: [],
      loops: [
        {
          id: '1100C',
          name: 'TPA/broker account information',
          leader: { segment: 'ACT' },
          segments: [],
          loops: [],
          maxRepeat: 1,
        },
      ],
      maxRepeat: 2,
    },
    {
      id: '2000',
      name: 'Member level detail',
      leader: { segment: 'INS' },
      segments: ['REF', 'DTP'],
      loops: [
        nameLoop(
          '2100A',
          'Member name',
          ['IL', '74'],
          [...contact, 'DMG', 'EC', 'ICM', 'AMT', 'HLH', 'LUI'],
        ),
        nameLoop('2100B', 'Incorrect member name', ['70'], ['DMG']),
        nameLoop('2100C', 'Member mailing address', ['31'], ['N3', 'N4']),
        { ...nameLoop('2100D', 'Member employer', ['36'], [...contact]), maxRepeat: 3 },
        { ...nameLoop('2100E', 'Member school', ['M8'], [...contact]), maxRepeat: 3 },
        nameLoop('2100F', 'Custodial parent', ['S3'], [...contact]),
        {
          ...nameLoop(
            '2100G',
            'Responsible person',
            ['6Y', '9K', 'E1', 'EI', 'EXS', 'GB', 'GD', 'J6', 'LR', 'QD', 'S1', 'TZ', 'X4'],
            [...contact],
          ),
          maxRepeat: 13,
        },
        nameLoop('2100H', 'Drop off location', ['45'], ['N3', 'N4']),
        {
          id: '2200',
          name: 'Disability information',
          leader: { segment: 'DSB' },
          segments: ['DTP'],
          loops: [],
        },
        {
          id: '2300',
          name: 'Health coverage',
          leader: { segment: 'HD' },
          segments: ['DTP', 'AMT', 'REF', 'IDC'],
          maxRepeat: 99,
          loops: [
            {
              id: '2310',
              name: 'Provider information',
              leader: { segment: 'LX' },
              segments: ['NM1', 'N3', 'N4', 'PER', 'PLA'],
              loops: [],
              maxRepeat: 30,
            },
            {
              id: '2320',
              name: 'Coordination of benefits',
              leader: { segment: 'COB' },
              segments: ['REF', 'DTP'],
              maxRepeat: 5,
              loops: [
                {
                  id: '2330',
                  name: 'Coordination of benefits related entity',
                  leader: { segment: 'NM1', qualifiers: ['36', 'GW', 'IN'] },
                  segments: ['N3', 'N4', 'PER'],
                  loops: [],
                  maxRepeat: 3,
                },
              ],
            },
          ],
        },
        {
          // LS opens the additional reporting categories and LE closes them; the guide's loop 2700
          // (LX) repeats inside, each with its 2750 (N1*75).
          id: 'LS',
          name: 'Additional reporting categories',
          leader: { segment: 'LS' },
          segments: ['LE'],
          maxRepeat: 1,
          loops: [
            {
              id: '2700',
              name: 'Member reporting categories',
              leader: { segment: 'LX' },
              segments: [],
              loops: [
                {
                  id: '2750',
                  name: 'Reporting category',
                  leader: { segment: 'N1', qualifiers: ['75'] },
                  segments: ['REF', 'DTP'],
                  loops: [],
                  maxRepeat: 1,
                },
              ],
            },
          ],
        },
      ],
    },
  ],
};

/** Element names of the segments the reader names (X12 reference designator to its name). */
export const ELEMENT_NAMES: Readonly<Record<string, readonly string[]>> = {
  ST: [
    'Transaction Set Identifier Code',
    'Transaction Set Control Number',
    'Implementation Convention Reference',
  ],
  BGN: [
    'Transaction Set Purpose Code',
    'Reference Identification',
    'Date',
    'Time',
    'Time Code',
    'Reference Identification',
    'Transaction Type Code',
    'Action Code',
    'Security Level Code',
  ],
  REF: ['Reference Identification Qualifier', 'Reference Identification'],
  DTP: ['Date/Time Qualifier', 'Date Time Period Format Qualifier', 'Date Time Period'],
  QTY: ['Quantity Qualifier', 'Quantity'],
  N1: ['Entity Identifier Code', 'Name', 'Identification Code Qualifier', 'Identification Code'],
  ACT: [
    'Account Number',
    'Name',
    'Identification Code Qualifier',
    'Identification Code',
    'Account Number Qualifier',
    'Account Number',
  ],
  INS: [
    'Member Indicator',
    'Individual Relationship Code',
    'Maintenance Type Code',
    'Maintenance Reason Code',
    'Benefit Status Code',
    'Medicare Status Code',
    'Consolidated Omnibus Budget Reconciliation Act (COBRA) Qualifying Event Code',
    'Employment Status Code',
    'Student Status Code',
    'Handicap Indicator',
    'Date Time Period Format Qualifier',
    'Member Individual Death Date',
    'Confidentiality Code',
    'City Name',
    'State or Province Code',
    'Country Code',
    'Birth Sequence Number',
  ],
  NM1: [
    'Entity Identifier Code',
    'Entity Type Qualifier',
    'Last Name or Organization Name',
    'First Name',
    'Middle Name',
    'Name Prefix',
    'Name Suffix',
    'Identification Code Qualifier',
    'Identification Code',
    'Entity Relationship Code',
    'Entity Identifier Code',
  ],
  PER: [
    'Contact Function Code',
    'Name',
    'Communication Number Qualifier',
    'Communication Number',
    'Communication Number Qualifier',
    'Communication Number',
    'Communication Number Qualifier',
    'Communication Number',
  ],
  N3: ['Address Information', 'Address Information'],
  N4: [
    'City Name',
    'State or Province Code',
    'Postal Code',
    'Country Code',
    'Location Qualifier',
    'Location Identifier',
    'Country Subdivision Code',
  ],
  DMG: [
    'Date Time Period Format Qualifier',
    'Member Birth Date',
    'Gender Code',
    'Marital Status Code',
    'Composite Race or Ethnicity Information',
    'Citizenship Status Code',
    'Country Code',
    'Basis of Verification Code',
    'Quantity',
    'Code List Qualifier Code',
    'Industry Code',
  ],
  HD: [
    'Maintenance Type Code',
    'Blank',
    'Insurance Line Code',
    'Plan Coverage Description',
    'Coverage Level Code',
    'Count',
    'Count',
    'Underwriting Decision Code',
    'Late Enrollment Indicator',
    'Drug House Code',
    'Yes/No Condition or Response Code',
  ],
  COB: [
    'Payer Responsibility Sequence Number Code',
    'Reference Identification',
    'Coordination of Benefits Code',
    'Service Type Code',
  ],
  LX: ['Assigned Number'],
  LS: ['Loop Identifier Code'],
  LE: ['Loop Identifier Code'],
  SE: ['Number of Included Segments', 'Transaction Set Control Number'],
};

export function elementName(segment: string, index: number): string | undefined {
  return ELEMENT_NAMES[segment]?.[index - 1];
}

/** Every loop of the map with its parent's id, depth first (for listing the layout). */
export function flattenLoops(
  loop: LoopDef = MAP_834,
  parent?: string,
): { loop: LoopDef; parent?: string }[] {
  return [{ loop, parent }, ...loop.loops.flatMap((child) => flattenLoops(child, loop.id))];
}
