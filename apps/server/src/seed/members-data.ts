/**
 * Word lists for believable demo members. Names are ASCII letters, hyphens and apostrophes only,
 * as spec 1 §5 allows, and long enough lists that a name search at a million members finds
 * thousands, not hundreds of thousands.
 */

/** A list written as words separated by white space (no entry holds a space). */
function words(text: string): readonly string[] {
  return text.trim().split(/\s+/);
}

export const FEMALE_FIRST_NAMES = words(`
  Mary Patricia Jennifer Linda Elizabeth Barbara Susan Jessica Sarah Karen Lisa Nancy Betty
  Sandra Margaret Ashley Kimberly Emily Donna Michelle Carol Amanda Melissa Deborah Stephanie
  Dorothy Rebecca Sharon Laura Cynthia Amy Kathleen Angela Shirley Brenda Emma Anna Pamela
  Nicole Samantha Katherine Christine Helen Debra Rachel Carolyn Janet Maria Olivia Heather
  Diane Julie Joyce Victoria Ruth Virginia Lauren Kelly Christina Joan Evelyn Judith Andrea
  Hannah Megan Cheryl Jacqueline Martha Madison Teresa Gloria Sara Janice Ann Kathryn Abigail
  Sophia Frances Jean Alice Judy Isabella Julia Grace Amber Denise Danielle Marilyn Beverly
  Charlotte Natalie Theresa Diana Brittany Doris Kayla Alexis Lori Marie Priya Mei Aaliyah
  Fatima Leila Ingrid Nadia Lucia Camila Yesenia Keiko Amara Zoe Mae-Ling D'Andra Ana-Maria
  Siobhan Noor Ximena
`);

export const MALE_FIRST_NAMES = words(`
  James Robert John Michael David William Richard Joseph Thomas Christopher Charles Daniel
  Matthew Anthony Mark Donald Steven Andrew Paul Joshua Kenneth Kevin Brian George Timothy
  Ronald Jason Edward Jeffrey Ryan Jacob Gary Nicholas Eric Jonathan Stephen Larry Justin
  Scott Brandon Benjamin Samuel Gregory Alexander Patrick Frank Raymond Jack Dennis Jerry
  Tyler Aaron Jose Adam Nathan Henry Zachary Douglas Peter Kyle Noah Ethan Jeremy Walter
  Christian Keith Roger Terry Austin Sean Gerald Carl Harold Dylan Arthur Lawrence Jordan
  Jesse Bryan Billy Bruce Gabriel Joe Logan Alan Juan Albert Willie Elijah Wayne Randy Vincent
  Mason Roy Ralph Bobby Russell Bradley Philip Eugene Marcus Diego Hiro Kwame Mateo Rafael
  Yusuf Jonah Owen Felix Caleb Tariq Dmitri Santiago Kofi Jean-Luc D'Angelo Liam Omar Arjun
`);

export const LAST_NAMES = words(`
  Smith Johnson Williams Brown Jones Garcia Miller Davis Rodriguez Martinez Hernandez Lopez
  Gonzalez Wilson Anderson Thomas Taylor Moore Jackson Martin Lee Perez Thompson White Harris
  Sanchez Clark Ramirez Lewis Robinson Walker Young Allen King Wright Scott Torres Nguyen Hill
  Flores Green Adams Nelson Baker Hall Rivera Campbell Mitchell Carter Roberts Gomez Phillips
  Evans Turner Diaz Parker Cruz Edwards Collins Reyes Stewart Morris Morales Murphy Cook
  Rogers Gutierrez Ortiz Morgan Cooper Peterson Bailey Reed Kelly Howard Ramos Kim Cox Ward
  Richardson Watson Brooks Chavez Wood James Bennett Gray Mendoza Ruiz Hughes Price Alvarez
  Castillo Sanders Patel Myers Long Ross Foster Jimenez Powell Jenkins Perry Russell Sullivan
  Bell Coleman Butler Henderson Barnes Gonzales Fisher Vasquez Simmons Romero Jordan Patterson
  Alexander Hamilton Graham Reynolds Griffin Wallace Moreno West Cole Hayes Bryant Herrera
  Gibson Ellis Tran Medina Aguilar Stevens Murray Ford Castro Marshall Owens Harrison
  Fernandez McDonald Woods Washington Kennedy Wells Vargas Henry Chen Freeman Webb Tucker
  Guzman Burns Crawford Olson Simpson Porter Hunter Gordon Mendez Silva Shaw Snyder Mason
  Dixon Munoz Hunt Hicks Holmes Palmer Wagner Black Robertson Boyd Rose Stone Salazar Fox
  Warren Mills Meyer Rice Schmidt Garza Daniels Ferguson Nichols Stephens Soto Weaver Ryan
  Gardner Payne Grant Dunn Kelley Spencer Hawkins Arnold Pierce Vazquez Hansen Peters Santos
  Hart Bradley Knight Elliott Cunningham Duncan Armstrong Hudson Carroll Lane Riley Andrews
  Alvarado Ray Delgado Berry Perkins Hoffman Johnston Matthews Pena Richards Contreras Willis
  Carpenter Lawrence Sandoval Okafor Raman Novak Mensah Haddad Lindqvist Petrova Dubois Tanaka
  Rahman Kowalski O'Neill Adeyemi Rossi Bergstrom Varga O'Brien D'Souza McAllister Smith-Jones
  Garcia-Lopez Vanderberg Fitzgerald Nakamura Oyelaran Abernathy Whitfield Lovelace Hopper
  Turing
`);

export const STREET_NAMES = words(`
  Maple Oak Cedar Pine Elm Washington Lake Hill Park Main Church Walnut Willow Highland Sunset
  Meadow Jackson Lincoln Franklin Ridge River Spring Cherry Chestnut Forest Mill Prospect
  Hickory Birch Laurel Orchard Valley Sycamore Dogwood Magnolia Aspen Harbor Bay
`);
export const STREET_SUFFIXES = ['St', 'Ave', 'Rd', 'Dr', 'Ln', 'Ct', 'Blvd', 'Way', 'Pl', 'Ter'];

/** Cities with their state, the first three digits of their zip codes and local area codes. */
export const PLACES: readonly { city: string; state: string; zip3: string; areaCodes: string[] }[] =
  [
    { city: 'Springfield', state: 'IL', zip3: '627', areaCodes: ['217'] },
    { city: 'Peoria', state: 'IL', zip3: '616', areaCodes: ['309'] },
    { city: 'Naperville', state: 'IL', zip3: '605', areaCodes: ['630', '331'] },
    { city: 'Columbus', state: 'OH', zip3: '432', areaCodes: ['614', '380'] },
    { city: 'Dayton', state: 'OH', zip3: '454', areaCodes: ['937'] },
    { city: 'Toledo', state: 'OH', zip3: '436', areaCodes: ['419', '567'] },
    { city: 'Madison', state: 'WI', zip3: '537', areaCodes: ['608'] },
    { city: 'Green Bay', state: 'WI', zip3: '543', areaCodes: ['920'] },
    { city: 'Harrisburg', state: 'PA', zip3: '171', areaCodes: ['717'] },
    { city: 'Allentown', state: 'PA', zip3: '181', areaCodes: ['610', '484'] },
    { city: 'Pittsburgh', state: 'PA', zip3: '152', areaCodes: ['412'] },
    { city: 'Albany', state: 'NY', zip3: '122', areaCodes: ['518'] },
    { city: 'Rochester', state: 'NY', zip3: '146', areaCodes: ['585'] },
    { city: 'Syracuse', state: 'NY', zip3: '132', areaCodes: ['315', '680'] },
    { city: 'Raleigh', state: 'NC', zip3: '276', areaCodes: ['919', '984'] },
    { city: 'Charlotte', state: 'NC', zip3: '282', areaCodes: ['704', '980'] },
    { city: 'Austin', state: 'TX', zip3: '787', areaCodes: ['512', '737'] },
    { city: 'San Antonio', state: 'TX', zip3: '782', areaCodes: ['210', '726'] },
    { city: 'Fort Worth', state: 'TX', zip3: '761', areaCodes: ['817', '682'] },
    { city: 'Boise', state: 'ID', zip3: '837', areaCodes: ['208', '986'] },
    { city: 'Denver', state: 'CO', zip3: '802', areaCodes: ['303', '720'] },
    { city: 'Colorado Springs', state: 'CO', zip3: '809', areaCodes: ['719'] },
    { city: 'Tacoma', state: 'WA', zip3: '984', areaCodes: ['253'] },
    { city: 'Spokane', state: 'WA', zip3: '992', areaCodes: ['509'] },
    { city: 'Portland', state: 'OR', zip3: '972', areaCodes: ['503', '971'] },
    { city: 'Sacramento', state: 'CA', zip3: '958', areaCodes: ['916', '279'] },
    { city: 'Fresno', state: 'CA', zip3: '937', areaCodes: ['559'] },
    { city: 'Tucson', state: 'AZ', zip3: '857', areaCodes: ['520'] },
    { city: 'Mesa', state: 'AZ', zip3: '852', areaCodes: ['480'] },
    { city: 'Omaha', state: 'NE', zip3: '681', areaCodes: ['402', '531'] },
    { city: 'Des Moines', state: 'IA', zip3: '503', areaCodes: ['515'] },
    { city: 'Louisville', state: 'KY', zip3: '402', areaCodes: ['502'] },
    { city: 'Nashville', state: 'TN', zip3: '372', areaCodes: ['615', '629'] },
    { city: 'Knoxville', state: 'TN', zip3: '379', areaCodes: ['865'] },
    { city: 'Richmond', state: 'VA', zip3: '232', areaCodes: ['804'] },
    { city: 'Savannah', state: 'GA', zip3: '314', areaCodes: ['912'] },
    { city: 'Orlando', state: 'FL', zip3: '328', areaCodes: ['407', '689'] },
    { city: 'Tampa', state: 'FL', zip3: '336', areaCodes: ['813', '656'] },
    { city: 'Burlington', state: 'VT', zip3: '054', areaCodes: ['802'] },
    { city: 'Portland', state: 'ME', zip3: '041', areaCodes: ['207'] },
  ];

export const EMAIL_DOMAINS = ['example.com', 'example.net', 'example.org'];

export const CLIENT_DEFINED_NOTES = [
  'Cost center 4410',
  'Cost center 5120',
  'Badge on file; night shift',
  'Union local dues deducted',
  'Payroll group B',
  'Transferred from the north plant',
  'Prefers mail to home address',
  'Seasonal: returns each spring',
];

/** Letters a Medicare Beneficiary Identifier may use (no S, L, O, I, B, Z). */
export const MBI_LETTERS = 'ACDEFGHJKMNPQRTUVWXY';
