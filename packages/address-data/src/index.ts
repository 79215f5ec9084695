/**
 * The states of the countries a shop sells to, as WooCommerce lists them (codes and names),
 * and whether the store requires one. One list for the address form (a select where a country
 * has states) and for the store's validation (a state from the list, required where listed),
 * so the two can never disagree.
 */

/** A state, province or territory: `code` is what is stored and sent, `name` what is shown. */
export interface StateOption {
  code: string;
  name: string;
}

/** What a country's state field is. */
export interface CountryStates {
  /** The field's label for this country ("State", "Province", …). */
  label: string;
  /** Whether an address in this country must have a state. */
  required: boolean;
  /** The states, in the order WooCommerce shows them. */
  states: readonly StateOption[];
}

const list = (pairs: string): StateOption[] =>
  pairs.split(';').map((pair) => {
    const [code, name] = pair.split('=') as [string, string];
    return { code, name };
  });

/** The countries with a state list, by ISO 3166-1 code. */
export const COUNTRY_STATES: Readonly<Record<string, CountryStates>> = {
  US: {
    label: 'State',
    required: true,
    states: list(
      'AL=Alabama;AK=Alaska;AZ=Arizona;AR=Arkansas;CA=California;CO=Colorado;CT=Connecticut;' +
        'DE=Delaware;DC=District Of Columbia;FL=Florida;GA=Georgia;HI=Hawaii;ID=Idaho;' +
        'IL=Illinois;IN=Indiana;IA=Iowa;KS=Kansas;KY=Kentucky;LA=Louisiana;ME=Maine;' +
        'MD=Maryland;MA=Massachusetts;MI=Michigan;MN=Minnesota;MS=Mississippi;MO=Missouri;' +
        'MT=Montana;NE=Nebraska;NV=Nevada;NH=New Hampshire;NJ=New Jersey;NM=New Mexico;' +
        'NY=New York;NC=North Carolina;ND=North Dakota;OH=Ohio;OK=Oklahoma;OR=Oregon;' +
        'PA=Pennsylvania;RI=Rhode Island;SC=South Carolina;SD=South Dakota;TN=Tennessee;' +
        'TX=Texas;UT=Utah;VT=Vermont;VA=Virginia;WA=Washington;WV=West Virginia;' +
        'WI=Wisconsin;WY=Wyoming;AA=Armed Forces (AA);AE=Armed Forces (AE);AP=Armed Forces (AP)',
    ),
  },
  CA: {
    label: 'Province',
    required: true,
    states: list(
      'AB=Alberta;BC=British Columbia;MB=Manitoba;NB=New Brunswick;' +
        'NL=Newfoundland and Labrador;NS=Nova Scotia;NT=Northwest Territories;NU=Nunavut;' +
        'ON=Ontario;PE=Prince Edward Island;QC=Quebec;SK=Saskatchewan;YT=Yukon Territory',
    ),
  },
  AU: {
    label: 'State',
    required: true,
    states: list(
      'ACT=Australian Capital Territory;NSW=New South Wales;NT=Northern Territory;' +
        'QLD=Queensland;SA=South Australia;TAS=Tasmania;VIC=Victoria;WA=Western Australia',
    ),
  },
};

/** The state field of a country, or `undefined` when it has no list (a free-text field). */
export function statesOf(country: string): CountryStates | undefined {
  return Object.hasOwn(COUNTRY_STATES, country) ? COUNTRY_STATES[country] : undefined;
}

/** Whether `state` is one of the country's state codes (any state for a country without a list). */
export function isStateOf(country: string, state: string): boolean {
  const entry = statesOf(country);
  return entry === undefined || entry.states.some((option) => option.code === state);
}
