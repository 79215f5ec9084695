/**
 * The embedded address dataset behind the store's own address search: real-looking but
 * fictional addresses (invented house numbers on streets named like real ones, postcodes in
 * each country's real format), so a shop can offer suggestions with no network and no
 * third-party service. Shipped as data; nothing here is fetched.
 */

/** One address of the dataset, in WooCommerce's address fields (`state` is a code or `''`). */
export interface DatasetAddress {
  id: string;
  country: string;
  address_1: string;
  address_2: string;
  city: string;
  state: string;
  postcode: string;
}

type Row = readonly [
  address_1: string,
  address_2: string,
  city: string,
  state: string,
  postcode: string,
];

const ROWS: Record<string, readonly Row[]> = {
  US: [
    ['1428 Elm Street', '', 'Springfield', 'IL', '62704'],
    ['742 Evergreen Terrace', '', 'Portland', 'OR', '97205'],
    ['350 Fifth Avenue', 'Suite 4100', 'New York', 'NY', '10118'],
    ['2130 Fulton Street', '', 'San Francisco', 'CA', '94117'],
    ['88 Harbor Drive', 'Apt 12', 'Seattle', 'WA', '98101'],
    ['415 Maple Avenue', '', 'Austin', 'TX', '78704'],
    ['1600 Main Street', '', 'Boulder', 'CO', '80302'],
    ['27 Beacon Hill Road', '', 'Boston', 'MA', '02108'],
    ['903 Peachtree Street', 'Unit 5', 'Atlanta', 'GA', '30309'],
    ['56 Lakeshore Drive', '', 'Chicago', 'IL', '60611'],
    ['310 Oak Street', '', 'Madison', 'WI', '53703'],
    ['64 Pine Street', 'Floor 2', 'Burlington', 'VT', '05401'],
  ],
  GB: [
    ['14 Baker Street', '', 'London', '', 'NW1 6XE'],
    ['221 High Street', 'Flat 2', 'Oxford', '', 'OX1 4AH'],
    ['8 Castle Street', '', 'Edinburgh', '', 'EH2 3AT'],
    ['37 Mill Lane', '', 'Cambridge', '', 'CB2 1RX'],
    ['102 Station Road', '', 'Manchester', '', 'M1 2AB'],
    ['5 Church Lane', '', 'York', '', 'YO1 7HH'],
    ['63 Victoria Road', '', 'Bristol', '', 'BS8 1TH'],
    ['19 Queen Street', 'Unit 3', 'Cardiff', '', 'CF10 2BU'],
  ],
  DE: [
    ['Hauptstraße 12', '', 'Berlin', 'BE', '10115'],
    ['Bahnhofstraße 45', '', 'München', 'BY', '80335'],
    ['Gartenweg 7', '2. OG', 'Hamburg', 'HH', '20095'],
    ['Schillerstraße 28', '', 'Frankfurt am Main', 'HE', '60313'],
    ['Lindenallee 3', '', 'Köln', 'NW', '50667'],
    ['Goethestraße 19', '', 'Leipzig', 'SN', '04109'],
    ['Mühlenweg 54', '', 'Stuttgart', 'BW', '70173'],
    ['Kirchplatz 2', '', 'Dresden', 'SN', '01067'],
  ],
  FR: [
    ['12 Rue de la Paix', '', 'Paris', '', '75002'],
    ['45 Avenue Jean Jaurès', '', 'Lyon', '', '69007'],
    ['8 Boulevard Victor Hugo', 'Bâtiment B', 'Nice', '', '06000'],
    ['23 Rue du Port', '', 'Marseille', '', '13002'],
    ['6 Place de la République', '', 'Lille', '', '59000'],
    ['31 Rue des Lilas', '', 'Bordeaux', '', '33000'],
    ['17 Quai des Chartrons', '', 'Bordeaux', '', '33300'],
    ['9 Rue Sainte-Catherine', '', 'Toulouse', '', '31000'],
  ],
  CA: [
    ['100 Queen Street West', '', 'Toronto', 'ON', 'M5H 2N2'],
    ['455 Granville Street', 'Suite 210', 'Vancouver', 'BC', 'V6C 1T1'],
    ['1200 Rue Sainte-Catherine', '', 'Montréal', 'QC', 'H3B 1K9'],
    ['78 Sparks Street', '', 'Ottawa', 'ON', 'K1P 5B7'],
    ['2204 Main Street', '', 'Winnipeg', 'MB', 'R2W 3N5'],
    ['16 Water Street', '', 'Halifax', 'NS', 'B3J 1A1'],
    ['915 Elm Street', '', 'Calgary', 'AB', 'T2P 0Y8'],
  ],
  AU: [
    ['42 George Street', '', 'Sydney', 'NSW', '2000'],
    ['18 Collins Street', 'Level 3', 'Melbourne', 'VIC', '3000'],
    ['7 Queen Street', '', 'Brisbane', 'QLD', '4000'],
    ['125 Hay Street', '', 'Perth', 'WA', '6000'],
    ['66 King William Street', '', 'Adelaide', 'SA', '5000'],
    ['3 Elizabeth Street', '', 'Hobart', 'TAS', '7000'],
    ['210 Main Street', '', 'Canberra', 'ACT', '2601'],
  ],
};

/** Every address of the dataset, with stable ids (`{country}-{n}`). */
export const ADDRESS_DATASET: readonly DatasetAddress[] = Object.entries(ROWS).flatMap(
  ([country, rows]) =>
    rows.map(([address_1, address_2, city, state, postcode], index) => ({
      id: `${country.toLowerCase()}-${index + 1}`,
      country,
      address_1,
      address_2,
      city,
      state,
      postcode,
    })),
);

/** The countries the dataset covers (two-letter codes). */
export const ADDRESS_COUNTRIES: readonly string[] = Object.keys(ROWS);
