/** Word lists for believable demo organizations and people. */
export const FIRST_NAMES = [
  'Ada',
  'Grace',
  'Alan',
  'Katherine',
  'Marcus',
  'Priya',
  'Diego',
  'Mei',
  'Tomás',
  'Amara',
  'Jonah',
  'Leila',
  'Samuel',
  'Ingrid',
  'Rafael',
  'Nadia',
  'Owen',
  'Chloe',
  'Hiro',
  'Fatima',
  'Elena',
  'Victor',
  'Yusuf',
  'Hannah',
  'Mateo',
  'Zoe',
  'Kwame',
  'Lucia',
  'Noah',
  'Sofia',
  'Ethan',
  'Maya',
  'Liam',
  'Ava',
  'Isaac',
  'Nora',
  'Caleb',
  'Ruth',
  'Felix',
  'Iris',
];
export const LAST_NAMES = [
  'Lovelace',
  'Hopper',
  'Turing',
  'Johnson',
  'Okafor',
  'Raman',
  'Alvarez',
  'Chen',
  'Novak',
  'Mensah',
  'Whitfield',
  'Haddad',
  'Brennan',
  'Lindqvist',
  'Moreno',
  'Petrova',
  'Gallagher',
  'Dubois',
  'Tanaka',
  'Rahman',
  'Kowalski',
  'Nguyen',
  "O'Neill",
  'Fischer',
  'Santos',
  'Adeyemi',
  'Park',
  'Rossi',
  'Murphy',
  'Schmidt',
  'Castillo',
  'Bergstrom',
  'Kim',
  'Abbott',
  'Delgado',
  'Hughes',
  'Ito',
  'Marsh',
  'Quinn',
  'Varga',
];
const PLACES = [
  'Cedar Valley',
  'Harbor Point',
  'Northfield',
  'Riverbend',
  'Summit Ridge',
  'Lakeshore',
  'Pine Hollow',
  'Granite Falls',
  'Maple Grove',
  'Silver Creek',
  'Eastbrook',
  'Westgate',
  'Bayview',
  'Stonebridge',
  'Clearwater',
  'Red Oak',
  'Highland Park',
  'Fairhaven',
  'Oak Harbor',
  'Willow Springs',
  'Blue Mesa',
  'Copper Canyon',
  'Meadowlark',
  'Brightwater',
  'Foxrun',
];
const EMPLOYER_KINDS = [
  'Manufacturing',
  'Logistics',
  'Health Partners',
  'Credit Union',
  'Foods',
  'Engineering',
  'Hospitality Group',
  'Builders',
  'Analytics',
  'Outfitters',
  'Dental Group',
  'Transit',
  'Energy Cooperative',
  'Printing',
  'Software',
  'Veterinary Clinics',
];
const UNION_KINDS = [
  'Teamsters Local',
  'Carpenters Local',
  'Electrical Workers Local',
  'Nurses Association Local',
];

export const ORGANIZATION_TYPE_WEIGHTS = [
  ['Employer', 0.62],
  ['Union', 0.12],
  ['Municipality', 0.1],
  ['School District', 0.1],
  ['TPA', 0.06],
] as const;

export function organizationName(type: string, place: string, kind: string, n: number): string {
  switch (type) {
    case 'Union':
      return `${place} ${kind} ${n}`;
    case 'Municipality':
      return `City of ${place}`;
    case 'School District':
      return `${place} Unified School District`;
    case 'TPA':
      return `${place} Benefit Administrators`;
    default:
      return `${place} ${kind}`;
  }
}

export { PLACES, EMPLOYER_KINDS, UNION_KINDS };

export const GROUP_NAMES = [
  'Salaried Employees',
  'Hourly Employees',
  'Retirees',
  'COBRA Participants',
  'Executives',
  'Part-Time Staff',
  'Union Members',
  'Seasonal Staff',
  'Non-Union Staff',
  'Early Retirees',
];

export const CONTACT_ROLES = [
  'Benefits Manager',
  'HR Director',
  'Payroll Lead',
  'Account Executive',
];
