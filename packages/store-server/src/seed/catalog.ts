/**
 * The demo shop: a small coffee-and-tea store. Plain data; src/seed/seed.ts turns it into rows.
 * Prices are integer cents (USD). `stock: null` means stock is not managed.
 */
import type { IllustrationKind } from './illustrations';

export interface DemoCategory {
  slug: string;
  name: string;
  description: string;
  /** Base hue of the category's illustrations. */
  hue: number;
  illustration: IllustrationKind;
}

export interface DemoProduct {
  name: string;
  sku: string;
  /** Category slugs; the first one picks the illustration and colour. */
  categories: string[];
  regularPrice: number;
  salePrice?: number;
  stock: number | null;
  /** One sentence, shown as the product's short description. */
  blurb: string;
  /** One more paragraph for the long description. */
  details: string;
  status?: 'publish' | 'draft';
  /** Drawn as a gift box instead of the category's illustration. */
  illustration?: IllustrationKind;
}

export const DEMO_CATEGORIES: readonly DemoCategory[] = [
  {
    slug: 'coffee',
    name: 'Coffee',
    description: 'Whole-bean coffee, roasted in small batches every week.',
    hue: 24,
    illustration: 'bag',
  },
  {
    slug: 'tea',
    name: 'Tea',
    description: 'Loose-leaf teas and tisanes from single estates.',
    hue: 110,
    illustration: 'tin',
  },
  {
    slug: 'drinkware',
    name: 'Mugs & Cups',
    description: 'Mugs, cups and bowls for every brew.',
    hue: 212,
    illustration: 'mug',
  },
  {
    slug: 'brewing-gear',
    name: 'Brewing Gear',
    description: 'Kettles, drippers, presses and grinders.',
    hue: 38,
    illustration: 'kettle',
  },
];

export const DEMO_PRODUCTS: readonly DemoProduct[] = [
  // Coffee
  {
    name: 'House Blend Coffee Beans',
    sku: 'CW-COF-001',
    categories: ['coffee'],
    regularPrice: 1400,
    stock: 120,
    blurb: 'Our everyday medium roast: milk chocolate, toasted hazelnut and a clean finish.',
    details:
      'A blend of Brazilian and Colombian beans that works as espresso, filter or French press. 340 g bag.',
  },
  {
    name: 'Ethiopia Yirgacheffe',
    sku: 'CW-COF-002',
    categories: ['coffee'],
    regularPrice: 1900,
    salePrice: 1600,
    stock: 45,
    blurb: 'A bright, floral light roast with notes of bergamot, lemon and jasmine.',
    details:
      'Washed heirloom varieties grown at 1,900 metres. Best brewed as pour-over. 340 g bag.',
  },
  {
    name: 'Colombia Huila',
    sku: 'CW-COF-003',
    categories: ['coffee'],
    regularPrice: 1700,
    stock: 8,
    blurb: 'Red apple, caramel and a round, syrupy body from the highlands of Huila.',
    details: 'Sourced from a cooperative of 40 smallholder farms. Medium roast. 340 g bag.',
  },
  {
    name: 'Sumatra Mandheling',
    sku: 'CW-COF-004',
    categories: ['coffee'],
    regularPrice: 1800,
    stock: 0,
    blurb: 'Earthy and full-bodied, with cedar, dark cocoa and a long, spicy finish.',
    details: 'Wet-hulled in the traditional Sumatran way and roasted dark. 340 g bag.',
  },
  {
    name: 'Decaf Swiss Water',
    sku: 'CW-COF-005',
    categories: ['coffee'],
    regularPrice: 1600,
    stock: null,
    blurb: 'All the flavour, none of the buzz: decaffeinated with water alone.',
    details: 'Chemical-free Swiss Water process, 99.9% caffeine free. Medium roast. 340 g bag.',
  },
  {
    name: 'Espresso Roast',
    sku: 'CW-COF-006',
    categories: ['coffee'],
    regularPrice: 1500,
    stock: 60,
    blurb: 'Dense crema and a sweet, bittersweet-chocolate shot that stands up to milk.',
    details: 'Roasted a little darker for espresso machines and moka pots. 340 g bag.',
  },
  {
    name: 'Kenya AA Single Origin',
    sku: 'CW-COF-007',
    categories: ['coffee'],
    regularPrice: 2400,
    salePrice: 2100,
    stock: 3,
    blurb: 'Blackcurrant, grapefruit and a wine-like acidity from Nyeri county.',
    details:
      'AA is the largest screen size grade. SL28 and SL34 varieties, light roast. 340 g bag.',
  },
  // Tea
  {
    name: 'English Breakfast Tea',
    sku: 'CW-TEA-001',
    categories: ['tea'],
    regularPrice: 900,
    stock: 200,
    blurb: 'A brisk blend of Assam and Ceylon black teas that loves a splash of milk.',
    details: 'Loose leaf, 100 g tin, about 50 cups. Steep 4 minutes at 100 °C.',
  },
  {
    name: 'Earl Grey Supreme',
    sku: 'CW-TEA-002',
    categories: ['tea'],
    regularPrice: 1100,
    stock: 75,
    blurb: 'Ceylon black tea with real bergamot oil and a scattering of cornflowers.',
    details: 'Loose leaf, 100 g tin. Steep 3 to 4 minutes at 95 °C.',
  },
  {
    name: 'Japanese Sencha',
    sku: 'CW-TEA-003',
    categories: ['tea'],
    regularPrice: 1500,
    salePrice: 1250,
    stock: 30,
    blurb: 'Steamed green tea from Shizuoka: grassy, sweet and full of umami.',
    details: 'First-flush leaves, 80 g tin. Steep 1 minute at 75 °C and re-steep twice.',
  },
  {
    name: 'Darjeeling First Flush',
    sku: 'CW-TEA-004',
    categories: ['tea'],
    regularPrice: 1800,
    stock: 5,
    blurb: 'The champagne of teas: light, floral and muscatel from the spring harvest.',
    details: 'Single estate, 80 g tin. Steep 3 minutes at 90 °C, no milk.',
  },
  {
    name: 'Rooibos Vanilla',
    sku: 'CW-TEA-005',
    categories: ['tea'],
    regularPrice: 1000,
    stock: null,
    blurb: 'Caffeine-free South African red bush with Madagascan vanilla.',
    details: 'Loose leaf, 100 g tin. Steep 5 minutes or longer at 100 °C; it never turns bitter.',
  },
  {
    name: 'Jasmine Pearls',
    sku: 'CW-TEA-006',
    categories: ['tea'],
    regularPrice: 1600,
    stock: 0,
    blurb: 'Hand-rolled green tea pearls scented with fresh jasmine blossoms.',
    details: 'From Fujian province, 50 g tin. Steep 2 minutes at 80 °C and watch them unfurl.',
  },
  {
    name: 'Masala Chai Blend',
    sku: 'CW-TEA-007',
    categories: ['tea'],
    regularPrice: 1200,
    stock: 50,
    blurb: 'Assam black tea with cardamom, ginger, cinnamon, clove and black pepper.',
    details: 'Simmer with milk and sugar for a proper chai. 100 g tin.',
  },
  // Mugs & Cups
  {
    name: 'Classic Stoneware Mug',
    sku: 'CW-MUG-001',
    categories: ['drinkware'],
    regularPrice: 1800,
    stock: 40,
    blurb: 'A hand-glazed 350 ml stoneware mug with a generous handle.',
    details: 'Dishwasher and microwave safe. Each glaze varies slightly.',
  },
  {
    name: 'Double-Walled Glass Cup',
    sku: 'CW-MUG-002',
    categories: ['drinkware'],
    regularPrice: 2200,
    salePrice: 1800,
    stock: 25,
    blurb: 'Borosilicate glass that keeps drinks hot and hands cool. Set of two, 250 ml.',
    details: 'The floating-drink look shows off a layered latte. Dishwasher safe.',
  },
  {
    name: 'Enamel Camp Mug',
    sku: 'CW-MUG-003',
    categories: ['drinkware'],
    regularPrice: 1600,
    stock: 10,
    blurb: 'A light, chip-resistant enamel mug for the trail or the porch. 300 ml.',
    details: 'Steel core with a speckled enamel finish. Safe over a camp stove.',
  },
  {
    name: 'Porcelain Espresso Cups (Set of 2)',
    sku: 'CW-MUG-004',
    categories: ['drinkware', 'coffee'],
    regularPrice: 2400,
    stock: 15,
    blurb: 'Thick-walled 80 ml porcelain cups with saucers that hold the heat of a shot.',
    details: 'Pre-warm them under the group head for the best crema. Dishwasher safe.',
  },
  {
    name: 'Travel Tumbler',
    sku: 'CW-MUG-005',
    categories: ['drinkware'],
    regularPrice: 2900,
    stock: 0,
    blurb: 'A vacuum-insulated 450 ml tumbler with a leak-proof, one-hand lid.',
    details: 'Keeps coffee hot for six hours. Fits most car cup holders.',
  },
  {
    name: 'Handleless Tea Bowl',
    sku: 'CW-MUG-006',
    categories: ['drinkware', 'tea'],
    regularPrice: 2000,
    stock: null,
    blurb: 'A wheel-thrown tea bowl in the Japanese chawan style. 200 ml.',
    details: 'Each bowl is unique. Hand wash to keep the unglazed foot beautiful.',
  },
  {
    name: 'Latte Bowl',
    sku: 'CW-MUG-007',
    categories: ['drinkware'],
    regularPrice: 2600,
    stock: 11,
    blurb: 'A wide 500 ml bowl for café au lait, soup or a big breakfast latte.',
    details: 'Stoneware with a satin glaze inside and a raw clay outside.',
  },
  // Brewing gear
  {
    name: 'Pour-Over Dripper',
    sku: 'CW-GEAR-001',
    categories: ['brewing-gear', 'coffee'],
    regularPrice: 2500,
    stock: 35,
    blurb: 'A ceramic cone dripper with spiral ribs for an even, clean extraction.',
    details: 'Brews one to four cups. Uses size 02 cone filters.',
  },
  {
    name: 'Gooseneck Kettle',
    sku: 'CW-GEAR-002',
    categories: ['brewing-gear'],
    regularPrice: 5900,
    salePrice: 4900,
    stock: 12,
    blurb: 'A 1 litre stovetop kettle with a precise gooseneck spout and a thermometer.',
    details: 'Brushed stainless steel, works on gas, electric and induction hobs.',
  },
  {
    name: 'French Press (8 Cup)',
    sku: 'CW-GEAR-003',
    categories: ['brewing-gear', 'coffee'],
    regularPrice: 3400,
    stock: 20,
    blurb: 'A one-litre glass French press with a four-layer stainless filter.',
    details: 'Heat-resistant borosilicate beaker in a stainless frame. Dishwasher safe.',
  },
  {
    name: 'Burr Coffee Grinder',
    sku: 'CW-GEAR-004',
    categories: ['brewing-gear', 'coffee'],
    regularPrice: 14900,
    stock: 2,
    blurb: 'Conical steel burrs and 40 settings, from Turkish fine to cold-brew coarse.',
    details: 'A low-speed motor keeps the grounds cool. Includes a static-free catch cup.',
  },
  {
    name: 'Cast Iron Teapot',
    sku: 'CW-GEAR-005',
    categories: ['brewing-gear', 'tea'],
    regularPrice: 4500,
    stock: 9,
    blurb: 'A 0.8 litre tetsubin-style teapot with an enamelled interior and an infuser.',
    details: 'Holds heat beautifully. Do not use on the stove; rinse and dry after use.',
  },
  {
    name: 'Paper Filters (100 Pack)',
    sku: 'CW-GEAR-006',
    categories: ['brewing-gear'],
    regularPrice: 600,
    stock: null,
    blurb: 'Unbleached size 02 cone filters for a paper-taste-free cup.',
    details: 'Oxygen-whitened is not enough for us: these are fully unbleached and compostable.',
  },
  {
    name: 'Digital Brew Scale',
    sku: 'CW-GEAR-007',
    categories: ['brewing-gear'],
    regularPrice: 3900,
    salePrice: 3500,
    stock: 18,
    blurb: 'Weighs to 0.1 g with a built-in timer, so every brew is repeatable.',
    details: 'Water-resistant top, USB-C charging, auto-off after five minutes.',
  },
  // Gift sets
  {
    name: 'Coffee Starter Kit',
    sku: 'CW-GIFT-001',
    categories: ['coffee', 'brewing-gear'],
    regularPrice: 5400,
    salePrice: 4800,
    stock: 7,
    blurb: 'A pour-over dripper, 100 filters and a bag of House Blend, gift-boxed.',
    details: 'Everything needed for a first great pour-over, with a printed brew guide.',
    illustration: 'gift',
  },
  {
    name: 'Tea Lover’s Gift Set',
    sku: 'CW-GIFT-002',
    categories: ['tea', 'drinkware'],
    regularPrice: 4200,
    stock: 14,
    blurb: 'Three of our favourite teas and a handleless tea bowl, gift-boxed.',
    details: 'Includes English Breakfast, Japanese Sencha and Rooibos Vanilla.',
    illustration: 'gift',
  },
  // Not yet published: never visible through the Store API.
  {
    name: 'Winter Solstice Blend',
    sku: 'CW-COF-099',
    categories: ['coffee'],
    regularPrice: 2000,
    stock: 100,
    blurb: 'A seasonal blend with notes of dark cherry, clove and molasses.',
    details: 'Arriving in December.',
    status: 'draft',
  },
];
