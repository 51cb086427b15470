// The demo category tree in the real marketplace's shape: three levels, items only in level-3
// categories, ONE global id sequence (no id above 9,999) and Finnish titles, each with an English
// name the app can show in English. Ids the real service is known to use are kept (527 Sekalaista,
// 457 Nintendo-pelit, main category 1 Ajoneuvot, 127 a hobbies category, and the film leaves
// under Elokuvat > DVD 88-103 and 1172, Blu-ray 846-860 and 1171, 4K Ultra HD 1176-1187 and
// 1239); the rest were numbered once from 1 upwards, skipping those, and are written out here so
// they never move (clients and spreadsheets carry category ids over). Blu-ray 859 (3D-elokuvat),
// 861 and 862 fill the confirmed range's gaps and are not confirmed. A category added later takes
// the next id of the sequence (insertCategory).
//
// A leaf made with `shop` holds the demo shop's items: the products a seller there might list and
// the price range they would ask. Databases seeded before this tree keep theirs (main N, section
// N*100+j, subcategory section*100+k): the service never renumbers a category.
import type { Db } from '../db/open.ts';
import { insertCategory } from '../domain/categories.ts';

interface CategorySeed {
  id: number;
  /** Finnish, as the marketplace shows it. */
  title: string;
  /** English. */
  name: string;
}

export interface SubcategorySeed extends CategorySeed {
  /** Typical asking price in euros, [low, high]; [0, 0] for a leaf without demo items. */
  price: readonly [number, number];
  /** What the demo sellers list here; empty: no demo items. */
  products: readonly string[];
}

export interface SectionSeed extends CategorySeed {
  subcategories: readonly SubcategorySeed[];
}

export interface MainCategorySeed extends CategorySeed {
  /** Hue of the demo pictures of this category. */
  hue: number;
  sections: readonly SectionSeed[];
}

const shop = (id: number, title: string, name: string, price: readonly [number, number], ...products: string[]): SubcategorySeed => ({ id, title, name, price, products });
const leaf = (id: number, title: string, name: string): SubcategorySeed => ({ id, title, name, price: [0, 0], products: [] });
const section = (id: number, title: string, name: string, ...subcategories: SubcategorySeed[]): SectionSeed => ({ id, title, name, subcategories });

export const DEMO_CATEGORIES: readonly MainCategorySeed[] = [
  {
    id: 2,
    title: 'Koti ja puutarha',
    name: 'Home & Garden',
    hue: 28,
    sections: [
      section(3, 'Huonekalut', 'Furniture',
        shop(4, 'Sohvat', 'Sofas', [120, 1200], 'Three-seater fabric sofa, light grey', 'Corner sofa with chaise longue', 'Leather two-seater sofa, cognac', 'Sofa bed with storage box'),
        shop(5, 'Pöydät', 'Tables', [40, 900], 'Solid oak dining table 180 cm', 'Round pedestal table, white', 'Vintage teak coffee table', 'Extendable birch dining table'),
        shop(6, 'Tuolit', 'Chairs', [15, 400], 'Artek 69 chairs, set of four', 'Windsor chairs in painted pine', 'Ergonomic office chair', 'Rocking chair, bentwood')),
      section(7, 'Keittiö ja ruokailu', 'Kitchen & Dining',
        shop(8, 'Kattilat ja pannut', 'Cookware', [10, 250], 'Cast iron frying pan 28 cm', 'Stainless steel pot set, 5 pieces', 'Enamel casserole dish, red', 'Carbon steel wok with lid'),
        shop(9, 'Astiat', 'Tableware', [10, 300], 'Arabia Paratiisi plates, 6 pcs', 'Iittala Teema mugs, 4 pcs', 'Marimekko Oiva serving bowl', 'Vintage Arabia coffee set'),
        shop(10, 'Pienkoneet', 'Small appliances', [15, 450], 'Espresso machine with milk frother', 'Stand mixer, 1000 W', 'Airfryer 5.5 l', 'Bread maker with timer')),
      section(11, 'Puutarha', 'Garden',
        shop(12, 'Puutarhakalusteet', 'Garden furniture', [30, 800], 'Teak garden table and four chairs', 'Rattan lounge set', 'Folding bistro set for a balcony', 'Hammock with stand'),
        shop(13, 'Kasvit ja siemenet', 'Plants & seeds', [3, 80], 'Rhododendron seedlings, 3 pcs', 'Heirloom tomato seeds, 10 kinds', 'Monstera deliciosa, large', 'Blackcurrant bushes, 2 pcs'),
        shop(14, 'Ruohonleikkurit', 'Lawn mowers', [80, 1500], 'Petrol lawn mower, self-propelled', 'Robotic lawn mower with base', 'Cordless lawn mower, 36 V', 'Ride-on mower, 92 cm cut')),
      section(15, 'Valaisimet ja sisustus', 'Lighting & Decor',
        shop(16, 'Valaisimet', 'Lamps', [20, 600], 'Artek A330S Golden Bell pendant', 'Brass floor lamp with linen shade', 'Secto Octo pendant, birch', 'Pair of ceramic table lamps'),
        shop(17, 'Matot', 'Rugs', [20, 700], 'Handwoven rag rug 80 x 250 cm', 'Wool ryijy rug, 1970s', 'Persian style rug 200 x 300 cm', 'Round jute rug 150 cm'),
        shop(18, 'Peilit', 'Mirrors', [15, 350], 'Gilded wall mirror, oval', 'Full-length standing mirror', 'Round mirror with rope hanger', 'Vintage bathroom cabinet mirror')),
    ],
  },
  {
    id: 19,
    title: 'Elektroniikka',
    name: 'Electronics',
    hue: 210,
    sections: [
      section(20, 'Puhelimet', 'Phones',
        shop(21, 'Älypuhelimet', 'Smartphones', [60, 1100], 'iPhone 13 128 GB, midnight', 'Samsung Galaxy S22, 256 GB', 'Google Pixel 7a, unlocked', 'OnePlus Nord 3, 128 GB'),
        shop(22, 'Puhelintarvikkeet', 'Phone accessories', [5, 90], 'USB-C fast charger 65 W', 'Leather wallet case for iPhone 14', 'Wireless charging pad', 'Power bank 20 000 mAh'),
        shop(23, 'Vanhat puhelimet', 'Classic phones', [15, 300], 'Nokia 3310, original 2000 model', 'Nokia 8110 banana phone', 'Rotary dial telephone, black', 'Nokia Communicator 9210i')),
      section(24, 'Tietokoneet', 'Computers',
        shop(25, 'Kannettavat', 'Laptops', [150, 2200], 'MacBook Air M1 13", 8/256 GB', 'Lenovo ThinkPad T14, Ryzen 5', 'Dell XPS 13, i7, 16 GB', 'ASUS ZenBook 14 OLED'),
        shop(26, 'Pöytäkoneet', 'Desktop computers', [150, 2500], 'Gaming PC, RTX 3070, 32 GB RAM', 'Mac mini M2, 512 GB', 'HP EliteDesk mini PC', 'Home server, 4 bays'),
        shop(27, 'Näytöt', 'Monitors', [60, 900], 'Dell UltraSharp 27" 4K', 'LG 34" ultrawide monitor', 'BenQ 24" IPS, height adjustable', 'Samsung Odyssey G5 32"')),
      section(28, 'Audio ja hifi', 'Audio & Hi-Fi',
        shop(29, 'Kuulokkeet', 'Headphones', [20, 450], 'Sony WH-1000XM4, noise cancelling', 'Sennheiser HD 600', 'AirPods Pro, 2nd generation', 'Bose QuietComfort 45'),
        shop(30, 'Kaiuttimet', 'Speakers', [40, 2000], 'Genelec 8030 studio monitors, pair', 'Sonos One, white', 'Amphion Argon bookshelf speakers', 'JBL Charge 5 bluetooth speaker'),
        shop(31, 'Levysoittimet', 'Turntables', [60, 1200], 'Technics SL-1200 MK2 turntable', 'Rega Planar 2 with Carbon cartridge', 'Pro-Ject Debut Carbon', 'Linn Sondek LP12, 1980s')),
      section(32, 'Kamerat ja valokuvaus', 'Cameras & Photo',
        shop(33, 'Digikamerat', 'Digital cameras', [120, 2000], 'Fujifilm X-T3 body', 'Canon EOS 6D Mark II body', 'Sony A7 III with kit lens', 'Ricoh GR III compact'),
        shop(34, 'Objektiivit', 'Lenses', [60, 1500], 'Canon EF 50 mm f/1.8 STM', 'Fujinon XF 35 mm f/2', 'Sigma 24-70 mm f/2.8 for Sony E', 'Nikon AF-S 70-200 mm f/4'),
        shop(35, 'Filmikamerat', 'Film cameras', [30, 900], 'Olympus OM-1 with 50 mm lens', 'Pentax K1000, 1980s', 'Hasselblad 500C/M kit', 'Canon AE-1 Program')),
      section(36, 'Pelit ja konsolit', 'Gaming',
        shop(37, 'Pelikonsolit', 'Consoles', [60, 550], 'PlayStation 5, disc edition', 'Nintendo Switch OLED, white', 'Xbox Series S, 512 GB', 'Super Nintendo with two pads'),
        shop(38, 'Muut pelit', 'Video games', [5, 80], 'The Legend of Zelda: Tears of the Kingdom', 'Elden Ring, PS5', 'Mario Kart 8 Deluxe', 'Red Dead Redemption 2, Xbox'),
        shop(39, 'Ohjaimet', 'Controllers', [15, 150], 'DualSense controller, midnight black', 'Xbox Elite controller Series 2', 'Arcade stick, Sanwa parts', 'Racing wheel with pedals'),
        leaf(457, 'Nintendo-pelit', 'Nintendo games')),
    ],
  },
  {
    id: 1,
    title: 'Ajoneuvot',
    name: 'Vehicles & Parts',
    hue: 0,
    sections: [
      section(40, 'Autot', 'Cars',
        shop(41, 'Sedanit', 'Sedans', [1500, 28000], 'Toyota Corolla 1.8 Hybrid 2019', 'Volkswagen Passat 2.0 TDI 2016', 'Skoda Octavia 1.5 TSI 2020', 'Volvo S60 T4 2014'),
        shop(42, 'Farmariautot', 'Estate cars', [1500, 30000], 'Volvo V70 2.4 D5 2012', 'Skoda Superb Combi 2.0 TDI 2018', 'Toyota Avensis Touring Sports 2015', 'Audi A4 Avant quattro 2013'),
        shop(43, 'Maastoautot', 'SUVs', [4000, 45000], 'Toyota RAV4 Hybrid AWD 2019', 'Kia Sportage 1.6 T-GDI 2017', 'Nissan Qashqai 1.3 DIG-T 2020', 'Volvo XC60 D4 AWD 2016')),
      section(44, 'Moottoripyörät', 'Motorcycles',
        shop(45, 'Katupyörät', 'Street motorcycles', [1500, 14000], 'Yamaha MT-07 2018', 'Honda CB500F 2016', 'Kawasaki Z650 2020', 'BMW R 1200 R 2011'),
        shop(46, 'Skootterit ja mopot', 'Scooters & mopeds', [300, 3500], 'Vespa Primavera 50 2017', 'Yamaha Aerox 50', 'Electric scooter, 45 km/h', 'Honda PCX 125 2019'),
        shop(47, 'Crossipyörät', 'Off-road motorcycles', [1000, 9000], 'KTM 250 EXC 2015', 'Husqvarna TE 300i 2019', 'Honda CRF250F', 'Yamaha WR 250 R')),
      section(48, 'Veneet', 'Boats',
        shop(49, 'Moottoriveneet', 'Motorboats', [2000, 40000], 'Buster L 2012 with 60 hp Yamaha', 'Terhi 475 with 30 hp outboard', 'Yamarin 56 BR 2008', 'Finnmaster 6000 Day Cruiser'),
        shop(50, 'Soutuveneet', 'Rowing boats', [150, 2500], 'Wooden rowing boat 4.5 m', 'Terhi Saiman rowing boat', 'Inflatable boat 3.2 m', 'Fibreglass fishing boat 4 m'),
        shop(51, 'Perämoottorit', 'Outboard motors', [150, 6000], 'Yamaha 9.9 hp four-stroke', 'Mercury 5 hp, short shaft', 'Honda BF20, long shaft', 'Electric trolling motor 55 lbs')),
      section(52, 'Varaosat ja tarvikkeet', 'Parts & Accessories',
        shop(53, 'Renkaat ja vanteet', 'Tyres & rims', [60, 1200], 'Nokian Hakkapeliitta R5 205/55 R16', 'Studded winter tyres on steel rims, 4 pcs', 'Alloy wheels 17", 5x112', 'Summer tyres Michelin 225/45 R17'),
        shop(54, 'Autohifi', 'Car audio', [20, 600], 'Pioneer double-DIN head unit', 'Subwoofer with amplifier', 'Dash camera, front and rear', 'Apple CarPlay adapter'),
        shop(55, 'Kattoboksit ja telineet', 'Roof boxes & racks', [30, 600], 'Thule Motion XT L roof box', 'Roof bars for Volvo V70', 'Bike carrier for a tow bar', 'Ski rack for 6 pairs')),
    ],
  },
  {
    id: 56,
    title: 'Vaatteet ja asusteet',
    name: 'Fashion',
    hue: 330,
    sections: [
      section(57, 'Naisten vaatteet', "Women's clothing",
        shop(58, 'Mekot', 'Dresses', [10, 250], 'Marimekko Unikko dress, size 38', 'Linen summer dress, size M', 'Vintage 1970s maxi dress', 'Black evening dress, size 36'),
        shop(59, 'Takit', 'Coats & jackets', [20, 450], 'Wool coat, camel, size 40', 'Down parka with hood, size S', 'Leather biker jacket, size 38', 'Trench coat, beige, size M'),
        shop(60, 'Neuleet', 'Knitwear', [8, 150], 'Hand-knitted Icelandic sweater', 'Merino wool cardigan, navy', 'Cashmere turtleneck, size S', 'Chunky knit sweater, cream')),
      section(61, 'Miesten vaatteet', "Men's clothing",
        shop(62, 'Paidat', 'Shirts', [8, 120], 'Oxford shirt, light blue, size 41', 'Flannel shirt, checked, size L', 'Linen shirt, white, size M', 'Denim shirt, size XL'),
        shop(63, 'Puvut ja bleiserit', 'Suits & blazers', [30, 600], 'Wool suit, charcoal, size 50', 'Tweed blazer, size 52', 'Tuxedo with trousers, size 48', 'Navy blazer, size 50'),
        shop(64, 'Ulkoilutakit', 'Outdoor jackets', [25, 450], 'Gore-Tex shell jacket, size L', 'Halti down jacket, size XL', 'Fjällräven Greenland jacket, M', 'Softshell jacket, black, size L')),
      section(65, 'Kengät', 'Shoes',
        shop(66, 'Naisten kengät', "Women's shoes", [10, 250], 'Leather ankle boots, size 38', 'Running shoes, size 39', 'Rubber boots, size 37', 'Pumps, black, size 39'),
        shop(67, 'Miesten kengät', "Men's shoes", [15, 300], 'Leather derby shoes, size 43', 'Hiking boots, size 44', 'Sneakers, white, size 42', 'Winter boots, size 45'),
        shop(68, 'Lasten kengät', "Children's shoes", [5, 80], 'Reima winter boots, size 28', 'Kavat leather shoes, size 31', 'Rubber boots, size 26', 'Trainers with velcro, size 30')),
      section(69, 'Laukut ja asusteet', 'Bags & Accessories',
        shop(70, 'Käsilaukut', 'Handbags', [15, 900], 'Leather shoulder bag, cognac', 'Marimekko tote bag', 'Vintage clutch, 1960s', 'Designer crossbody bag'),
        shop(71, 'Kellot', 'Watches', [30, 4000], 'Seiko 5 automatic, 1970s', 'Omega Seamaster quartz', 'Casio G-Shock, new in box', 'Garmin Forerunner 255'),
        shop(72, 'Korut', 'Jewellery', [15, 1500], 'Kalevala Koru silver necklace', 'Lapponia bronze ring', 'Gold hoop earrings 14 ct', 'Pearl bracelet with silver clasp')),
    ],
  },
  {
    id: 73,
    title: 'Keräily',
    name: 'Collectibles',
    hue: 45,
    sections: [
      section(74, 'Kolikot ja setelit', 'Coins & Banknotes',
        shop(75, 'Suomen kolikot', 'Finnish coins', [5, 800], '1 markka 1964, uncirculated', 'Set of Finnish 10 penni coins 1940s', '5 markka 1952 Helsinki Olympics', 'Finnish euro coin set 1999'),
        shop(76, 'Setelit', 'Banknotes', [5, 500], '1000 markka 1986, Snellman', '50 markka 1963, uncirculated', 'Set of 1922 banknotes', '10 markka 1980, Paasikivi'),
        shop(77, 'Juhlarahat', 'Commemorative coins', [15, 900], '10 euro silver coin, Sibelius', 'Commemorative 2 euro coins, 12 pcs', '20 euro silver coin, Moomins', '100 markka silver coin 1990')),
      section(78, 'Postimerkit', 'Stamps',
        shop(79, 'Suomen postimerkit', 'Finnish stamps', [3, 400], 'Finnish stamp collection 1960-1990', 'Lion type stamps, unused', 'Christmas stamps 1970s, sheets', 'Finland 1917-1940 stamps in album'),
        shop(80, 'Ulkomaiset postimerkit', 'World stamps', [3, 300], 'Swedish stamps in a stockbook', 'Soviet space stamps, 50 pcs', 'British Commonwealth collection', 'Stamps of Germany 1950s'),
        shop(81, 'Ensipäiväkuoret', 'First day covers', [3, 100], 'First day covers 1980s, 40 pcs', 'Europa CEPT covers 1990s', 'Moomin first day cover 1992', 'Aland first day covers')),
      section(82, 'Antiikki', 'Antiques',
        shop(83, 'Lasi ja keramiikka', 'Glass & ceramics', [10, 1200], 'Iittala Kastehelmi bowl, blue', 'Arabia Ruska plates, 8 pcs', 'Nuutajärvi glass bird', 'Kaj Franck Kartio glasses, 6 pcs'),
        shop(84, 'Hopeaesineet', 'Silverware', [20, 1500], 'Silver cake server, 1930s', 'Set of silver teaspoons, 12 pcs', 'Silver candlesticks, pair', 'Sterling silver cream jug'),
        shop(85, 'Antiikkihuonekalut', 'Antique furniture', [60, 3000], 'Gustavian chest of drawers', 'Art nouveau armchair', 'Oak bookcase from the 1920s', 'Farmhouse bench, painted')),
      section(86, 'Muistoesineet', 'Memorabilia',
        shop(87, 'Urheilumuistoesineet', 'Sports memorabilia', [10, 900], 'Signed Jokerit hockey jersey', 'Teemu Selänne rookie card', 'Lahti 1978 games pennant', 'Kimi Räikkönen signed cap'),
        shop(104, 'Postikortit', 'Postcards', [2, 150], 'Helsinki postcards from the 1920s', 'Christmas postcards 1950s, 30 pcs', 'Rudolf Koivu postcards', 'Postcards of Finnish lighthouses'),
        shop(105, 'Mainoskyltit', 'Advertising signs', [20, 800], 'Enamel sign, Fazer Blue', 'Gas station sign, 1960s', 'Tin sign, Karhu beer', 'Shop clock with advertising')),
    ],
  },
  {
    id: 106,
    title: 'Urheilu ja ulkoilu',
    name: 'Sports & Outdoors',
    hue: 130,
    sections: [
      section(107, 'Pyöräily', 'Cycling',
        shop(108, 'Maantiepyörät', 'Road bikes', [200, 3500], 'Canyon Endurace AL 7, size M', 'Specialized Allez, 56 cm', 'Trek Domane SL5, 54 cm', 'Steel road bike from the 1980s'),
        shop(109, 'Maastopyörät', 'Mountain bikes', [150, 4000], 'Cube Stereo 140, size L', 'Trek Marlin 7, 29"', 'Scott Spark 970, size M', 'Kona Process 153'),
        shop(110, 'Pyöräilyvarusteet', 'Cycling accessories', [5, 400], 'Garmin Edge 530 bike computer', 'Bike helmet, size M', 'Smart trainer Wahoo KICKR Core', 'Pannier bags, pair')),
      section(111, 'Talviurheilu', 'Winter sports',
        shop(112, 'Murtomaasukset', 'Cross-country skis', [30, 600], 'Fischer Speedmax skate skis 186 cm', 'Madshus classic skis 200 cm', 'Peltonen touring skis with bindings', 'Cross-country ski boots, size 42'),
        shop(113, 'Laskettelusukset', 'Downhill skis', [50, 900], 'Salomon QST 98, 180 cm', 'Rossignol Experience 80, 170 cm', 'Junior downhill skis 120 cm', 'Freeride skis with touring bindings'),
        shop(114, 'Luistimet', 'Ice skates', [10, 350], 'Hockey skates Bauer Vapor, size 44', 'Figure skates, size 36', 'Nordic touring skates', 'Adjustable kids skates, 30-33')),
      section(115, 'Retkeily', 'Camping & Hiking',
        shop(116, 'Teltat', 'Tents', [30, 800], 'Hilleberg Nallo 2 tent', 'Family tent for 4 persons', 'Tentipi Safir 7 kota tent', 'Lightweight trekking tent, 1 person'),
        shop(117, 'Rinkat ja reput', 'Backpacks', [20, 350], 'Savotta Jääkäri L backpack', 'Osprey Atmos 65 l', 'Fjällräven Kånken, ox red', 'Daypack 30 l with rain cover'),
        shop(118, 'Makuupussit', 'Sleeping bags', [20, 450], 'Down sleeping bag, comfort -10 °C', 'Synthetic sleeping bag, 3 seasons', 'Sleeping pad, self-inflating', 'Kids sleeping bag')),
      section(119, 'Kalastus', 'Fishing',
        shop(120, 'Vavat', 'Fishing rods', [15, 600], 'Shimano spinning rod 2.7 m', 'Fly rod #5, 9 ft', 'Ice fishing rods, 3 pcs', 'Telescopic rod for trolling'),
        shop(121, 'Kelat', 'Reels', [10, 500], 'Abu Garcia Ambassadeur 6500', 'Shimano Stradic 2500', 'Fly reel with line', 'Penn trolling reel'),
        shop(122, 'Vieheet', 'Lures', [2, 150], 'Rapala Original lures, 10 pcs', 'Box of pike spoons', 'Hand-made wooden lures', 'Trolling lures for salmon')),
    ],
  },
  {
    id: 123,
    title: 'Kirjat ja musiikki',
    name: 'Books & Music',
    hue: 260,
    sections: [
      section(124, 'Kirjat', 'Books',
        shop(125, 'Kaunokirjallisuus', 'Fiction', [3, 80], 'Tove Jansson: The Summer Book', 'Väinö Linna: Unknown Soldier, 1st ed.', 'Collected works of Mika Waltari, 12 vols', 'Sofi Oksanen: Purge, hardback'),
        shop(126, 'Tietokirjat', 'Non-fiction', [3, 120], 'The Kalevala, illustrated by Gallen-Kallela', 'Finnish birds field guide', 'History of Finnish design', 'Cookbook collection, 8 books'),
        shop(128, 'Lastenkirjat', "Children's books", [2, 60], 'Moomin books, 9 volumes', 'Mauri Kunnas: The Canine Kalevala', 'Picture books for toddlers, 15 pcs', 'Harry Potter complete set')),
      section(129, 'Musiikki', 'Music',
        shop(130, 'LP-levyt', 'Vinyl records', [3, 300], 'Hurriganes: Roadrunner, 1974 LP', 'Beatles LP collection, 8 records', 'Jazz LPs from the 1960s, 20 pcs', 'Sibelius symphonies box set'),
        shop(131, 'CD-levyt', 'CDs', [1, 60], 'Nightwish CD collection', 'Classical CDs, 40 discs', 'Finnish rock 1990s, 25 CDs', 'Box set of Miles Davis'),
        shop(132, 'Nuotit', 'Sheet music', [2, 80], 'Piano sheet music, classical', 'Guitar songbooks, 6 pcs', 'Choir scores, mixed voices', 'Finnish folk songs for accordion')),
      section(133, 'Soittimet', 'Musical instruments',
        shop(134, 'Kitarat', 'Guitars', [60, 3000], 'Fender Stratocaster, Mexico', 'Gibson Les Paul Studio', 'Yamaha acoustic guitar FG800', 'Classical guitar with case'),
        shop(135, 'Koskettimet ja pianot', 'Keyboards & pianos', [80, 5000], 'Upright piano, Fazer 1960s', 'Yamaha P-125 digital piano', 'Nord Stage 3 88', 'Korg Minilogue synthesizer'),
        shop(136, 'Rummut ja lyömäsoittimet', 'Drums & percussion', [40, 2500], 'Pearl Export drum kit', 'Roland TD-17 electronic drums', 'Cajon with bag', 'Zildjian cymbal set')),
    ],
  },
  {
    id: 137,
    title: 'Elokuvat',
    name: 'Film',
    hue: 240,
    sections: [
      section(138, 'DVD', 'DVD',
        leaf(88, 'Anime', 'Anime'),
        leaf(89, 'Dokumentit', 'Documentaries'),
        leaf(90, 'Draama ja romantiikka', 'Drama & romance'),
        leaf(91, 'Jännitys', 'Thrillers'),
        leaf(92, 'Kauhu', 'Horror'),
        leaf(93, 'Kaukoitä', 'Far East'),
        leaf(94, 'Komedia', 'Comedy'),
        leaf(95, 'Kotimaiset', 'Finnish films'),
        leaf(96, 'Lastenelokuvat', "Children's films"),
        leaf(97, 'Musiikki', 'Music'),
        shop(98, 'DVD - Muut', 'DVD - Other', [1, 40], 'Aki Kaurismäki collection on DVD', 'Studio Ghibli DVD set', 'Box of 60 DVD films', 'Finnish TV series on DVD'),
        leaf(99, 'Scifi ja fantasia', 'Sci-fi & fantasy'),
        leaf(100, 'Sota ja western', 'War & western'),
        leaf(101, 'TV-sarjat', 'TV series'),
        leaf(102, 'Toiminta ja seikkailu', 'Action & adventure'),
        leaf(103, 'Urheilu', 'Sports'),
        leaf(1172, 'Muut animaatiot', 'Other animation')),
      section(139, 'Blu-ray', 'Blu-ray',
        leaf(846, 'Anime', 'Anime'),
        shop(847, 'Blu-ray - Muut', 'Blu-ray - Other', [2, 80], 'Lord of the Rings extended, Blu-ray', 'Criterion Blu-ray lot, 10 discs', '4K UHD films, 12 discs', 'Star Wars saga Blu-ray'),
        leaf(848, 'Dokumentit', 'Documentaries'),
        leaf(849, 'Draama ja romantiikka', 'Drama & romance'),
        leaf(850, 'Jännitys', 'Thrillers'),
        leaf(851, 'Kauhu', 'Horror'),
        leaf(852, 'Kaukoitä', 'Far East'),
        leaf(853, 'Komedia', 'Comedy'),
        leaf(854, 'Kotimaiset', 'Finnish films'),
        leaf(855, 'Lastenelokuvat', "Children's films"),
        leaf(856, 'Musiikki', 'Music'),
        leaf(857, 'Scifi ja fantasia', 'Sci-fi & fantasy'),
        leaf(858, 'Sota ja western', 'War & western'),
        leaf(859, '3D-elokuvat', '3D films'),
        leaf(860, 'TV-sarjat', 'TV series'),
        leaf(861, 'Toiminta ja seikkailu', 'Action & adventure'),
        leaf(862, 'Urheilu', 'Sports'),
        leaf(1171, 'Muut animaatiot', 'Other animation')),
      section(140, '4K Ultra HD', '4K Ultra HD',
        leaf(1176, 'Anime', 'Anime'),
        leaf(1177, 'Dokumentit', 'Documentaries'),
        leaf(1178, 'Draama ja romantiikka', 'Drama & romance'),
        leaf(1179, 'Jännitys', 'Thrillers'),
        leaf(1180, 'Kauhu', 'Horror'),
        leaf(1181, 'Kaukoitä', 'Far East'),
        leaf(1182, 'Komedia', 'Comedy'),
        leaf(1183, 'Kotimaiset', 'Finnish films'),
        leaf(1184, 'Lastenelokuvat', "Children's films"),
        leaf(1185, 'Musiikki', 'Music'),
        leaf(1186, 'Scifi ja fantasia', 'Sci-fi & fantasy'),
        leaf(1187, '4K Ultra HD - muut', '4K Ultra HD - Other'),
        leaf(1239, 'Toiminta ja seikkailu', 'Action & adventure')),
      section(141, 'VHS', 'VHS',
        shop(142, 'VHS - Muut', 'VHS - Other', [1, 50], 'VHS tapes of Disney classics', 'Finnish comedy films on VHS', 'Horror VHS collection 1980s', 'VCR with remote and tapes'),
        leaf(143, 'Kotimaiset', 'Finnish films'),
        leaf(144, 'Lastenelokuvat', "Children's films")),
    ],
  },
  {
    id: 145,
    title: 'Lelut ja lastentarvikkeet',
    name: 'Toys & Baby',
    hue: 190,
    sections: [
      section(146, 'Lelut', 'Toys',
        shop(147, 'Rakennuspalikat', 'Building blocks', [5, 500], 'LEGO Technic 42115 Lamborghini', 'LEGO bricks, 8 kg mixed', 'Duplo farm set', 'LEGO Star Wars Millennium Falcon'),
        shop(148, 'Nuket ja tarvikkeet', 'Dolls & accessories', [3, 200], 'Barbie dream house', 'Wooden doll house with furniture', 'Baby Born doll with clothes', 'Sylvanian Families collection'),
        shop(149, 'Lautapelit', 'Board games', [3, 120], 'Afrikan tähti, 1980s edition', 'Catan with expansions', 'Ticket to Ride Nordic', 'Carcassonne big box')),
      section(150, 'Vauvatarvikkeet', 'Baby gear',
        shop(151, 'Lastenvaunut ja rattaat', 'Prams & strollers', [40, 900], 'Emmaljunga NXT90 pram', 'Bugaboo Fox 2 stroller', 'Twin stroller, side by side', 'Compact travel stroller'),
        shop(152, 'Turvaistuimet', 'Car seats', [20, 350], 'BeSafe iZi Modular car seat', 'Infant carrier with Isofix base', 'Booster seat with backrest', 'Britax Römer Dualfix'),
        shop(153, 'Syöttötuolit', 'High chairs', [15, 220], 'Stokke Tripp Trapp, natural', 'Wooden high chair, white', 'Foldable high chair', 'Travel booster seat')),
      section(154, 'Lastenvaatteet', "Children's clothing",
        shop(155, 'Vauvanvaatteet', 'Baby clothes', [2, 60], 'Baby clothes lot, 62-68 cm', 'Merino wool baby overall', 'Knitted baby set, hat and socks', 'Muslin swaddles, 4 pcs'),
        shop(156, 'Lasten ulkovaatteet', 'Kids outerwear', [10, 150], 'Reima winter overall, 104 cm', 'Rain pants and jacket, 98 cm', 'Kuoma winter boots and overall set', 'Softshell jacket, 116 cm'),
        shop(157, 'Lasten urheiluvaatteet', 'Kids sportswear', [5, 90], 'Football boots, size 33', 'Kids cross-country ski set', 'Gymnastics leotard, 128 cm', 'Hockey gear for a 7-year-old')),
      section(158, 'Pihaleikit', 'Outdoor play',
        shop(159, 'Trampoliinit', 'Trampolines', [40, 500], 'Trampoline 4.3 m with safety net', 'Small trampoline for toddlers', 'In-ground trampoline 3 m', 'Trampoline ladder and cover'),
        shop(160, 'Pulkat ja kelkat', 'Sledges', [5, 120], 'Wooden toboggan, 1950s', 'Snow racer with steering', 'Kicksled, Esla', 'Plastic sledges, 3 pcs'),
        shop(161, 'Leikkimökit', 'Playhouses', [60, 1200], 'Wooden playhouse 2 x 2 m', 'Play tower with slide', 'Sandbox with lid', 'Swing set, 2 swings')),
    ],
  },
  {
    id: 162,
    title: 'Työkalut ja rakentaminen',
    name: 'Tools & DIY',
    hue: 90,
    sections: [
      section(163, 'Sähkötyökalut', 'Power tools',
        shop(164, 'Porakoneet ja ruuvinvääntimet', 'Drills & drivers', [25, 500], 'Makita 18 V drill driver with 2 batteries', 'Bosch hammer drill GBH 2-26', 'DeWalt impact driver kit', 'Milwaukee M12 drill, bare tool'),
        shop(165, 'Sahat', 'Saws', [30, 900], 'Mitre saw, 254 mm', 'Cordless circular saw 18 V', 'Stihl MS 261 chainsaw', 'Table saw with stand'),
        shop(166, 'Hiomakoneet', 'Sanders', [20, 450], 'Festool ETS 125 sander', 'Belt sander, 900 W', 'Multi-sander with pads', 'Wall and ceiling sander')),
      section(167, 'Käsityökalut', 'Hand tools',
        shop(168, 'Työkalusarjat', 'Tool sets', [15, 600], 'Mechanic tool set, 216 pieces', 'Fiskars garden tool set', 'Bahco toolbox with tools', 'Carpentry tools, vintage'),
        shop(169, 'Kiintoavaimet ja hylsyt', 'Wrenches & sockets', [8, 250], 'Socket set 1/2", 32 pieces', 'Combination wrenches 8-22 mm', 'Torque wrench 40-200 Nm', 'Adjustable wrenches, 3 pcs'),
        shop(170, 'Mittaustyökalut', 'Measuring tools', [8, 450], 'Laser distance meter 50 m', 'Cross-line laser level', 'Digital caliper 150 mm', 'Spirit levels, 3 lengths')),
      section(171, 'Rakennustarvikkeet', 'Building materials',
        shop(172, 'Puutavara', 'Timber', [20, 900], 'Planed spruce boards 22x100, 60 m', 'Pressure-treated decking 28x120', 'Birch plywood sheets, 10 pcs', 'Log cabin timber, leftover'),
        shop(173, 'Laatat', 'Tiles', [15, 600], 'Porcelain floor tiles 60x60, 20 m²', 'Subway wall tiles, white, 8 m²', 'Mosaic tiles for a sauna', 'Terracotta tiles, 12 m²'),
        shop(174, 'Maalit', 'Paint', [5, 200], 'Tikkurila Valtti wood stain 9 l', 'Interior wall paint, white 9 l', 'Falu red paint 10 l', 'Linseed oil paint, ochre')),
      section(175, 'Lämmitys ja LVI', 'Heating & Plumbing',
        shop(176, 'Lämpöpumput', 'Heat pumps', [200, 2500], 'Air source heat pump, 6 kW', 'Mitsubishi air-to-air heat pump', 'Exhaust air heat pump', 'Heat pump outdoor unit stand'),
        shop(177, 'Takat ja kamiinat', 'Fireplaces & stoves', [60, 2500], 'Harvia sauna stove 16 kW', 'Cast iron wood stove', 'Soapstone heater, Tulikivi', 'Chimney pipe set, 2 m'),
        shop(178, 'Kylpyhuonekalusteet', 'Bathroom fixtures', [15, 900], 'Oras shower mixer', 'Washbasin with cabinet 60 cm', 'Toilet seat, soft close', 'Heated towel rail, electric')),
    ],
  },
  {
    id: 179,
    title: 'Taide ja harrastukset',
    name: 'Art & Crafts',
    hue: 295,
    sections: [
      section(180, 'Taide', 'Art',
        shop(181, 'Maalaukset', 'Paintings', [40, 4000], 'Oil painting of a lake landscape', 'Watercolour of Helsinki harbour', 'Abstract acrylic on canvas 80x100', 'Portrait in oil, 1940s'),
        shop(182, 'Grafiikka ja julisteet', 'Prints & posters', [10, 600], 'Tove Jansson print, signed', 'Lithograph by a Finnish artist', 'Vintage travel poster, Finland', 'Framed botanical prints, 3 pcs'),
        shop(183, 'Veistokset', 'Sculptures', [30, 2500], 'Bronze sculpture of a bear', 'Wood carving of an owl', 'Ceramic sculpture, 1960s', 'Soapstone figure, seal')),
      section(127, 'Käsityöt ja harrastukset', 'Crafts & Hobbies',
        shop(184, 'Langat ja neulonta', 'Yarn & knitting', [3, 150], 'Novita 7 Veljestä yarn, 20 skeins', 'Wooden knitting needles, full set', 'Alpaca yarn lot, grey', 'Sock yarn leftovers, 2 kg'),
        shop(185, 'Ompelukoneet', 'Sewing machines', [30, 900], 'Husqvarna Viking sewing machine', 'Bernina 1008', 'Overlock machine, 4 threads', 'Singer treadle machine, 1920s'),
        shop(186, 'Pienoismallit', 'Model building', [5, 400], 'Märklin H0 railway set', 'Plastic model kits, 6 aircraft', 'RC car 1:10, electric', 'Wooden ship model kit')),
      section(187, 'Toimisto ja yritys', 'Office & Business',
        shop(188, 'Toimistokalusteet', 'Office furniture', [30, 900], 'Electric standing desk 160 cm', 'Filing cabinets, 2 pcs', 'Conference table and 8 chairs', 'Meeting room whiteboard'),
        shop(189, 'Ravintolalaitteet', 'Restaurant equipment', [60, 4000], 'Commercial dishwasher', 'Stainless steel work table', 'Combi oven, 6 trays', 'Ice cream display freezer'),
        shop(190, 'Myymäläkalusteet', 'Shop fittings', [20, 1500], 'Clothing rails on wheels, 4 pcs', 'Glass display cabinet', 'Cash register with drawer', 'Shelving units, 6 sections')),
    ],
  },
  {
    id: 191,
    title: 'Muut',
    name: 'Other',
    hue: 60,
    sections: [
      section(192, 'Lahjakortit ja liput', 'Gift cards & tickets',
        leaf(193, 'Lahjakortit', 'Gift cards'),
        leaf(194, 'Pääsyliput', 'Event tickets'),
        leaf(195, 'Matkaliput', 'Travel tickets')),
      section(196, 'Palvelut', 'Services',
        leaf(197, 'Muuttopalvelut', 'Moving'),
        leaf(198, 'Remontointi', 'Renovation'),
        leaf(199, 'Opetus', 'Tuition')),
      section(200, 'Sekalaista', 'Miscellaneous',
        leaf(527, 'Sekalaista', 'Miscellaneous'),
        leaf(201, 'Annetaan', 'Free to a good home'),
        leaf(202, 'Vaihdetaan', 'Swaps')),
    ],
  },
];

/**
 * The demo shop's leaves by the group the sellers' plans name (item-plan.ts), each in the order
 * the plan's random draws follow: the order of the first demo tree, whose film leaves sat under
 * "Books, Music & Film". Keeping it keeps the same seed's items the same.
 */
const SHOP_GROUPS: Readonly<Record<string, readonly number[]>> = {
  'Home & Garden': [4, 5, 6, 8, 9, 10, 12, 13, 14, 16, 17, 18],
  'Electronics': [21, 22, 23, 25, 26, 27, 29, 30, 31, 33, 34, 35, 37, 38, 39],
  'Vehicles & Parts': [41, 42, 43, 45, 46, 47, 49, 50, 51, 53, 54, 55],
  'Fashion': [58, 59, 60, 62, 63, 64, 66, 67, 68, 70, 71, 72],
  'Collectibles': [75, 76, 77, 79, 80, 81, 83, 84, 85, 87, 104, 105],
  'Sports & Outdoors': [108, 109, 110, 112, 113, 114, 116, 117, 118, 120, 121, 122],
  'Books, Music & Film': [125, 126, 128, 130, 131, 132, 98, 847, 142, 134, 135, 136],
  'Toys & Baby': [147, 148, 149, 151, 152, 153, 155, 156, 157, 159, 160, 161],
  'Tools & DIY': [164, 165, 166, 168, 169, 170, 172, 173, 174, 176, 177, 178],
  'Art & Crafts': [181, 182, 183, 184, 185, 186, 188, 189, 190],
};

/** A level-3 category with its place in the tree, as item rows need it. */
export interface Leaf {
  id: number;
  sectionId: number;
  mainId: number;
  /** The sellers' plan group (item-plan.ts). */
  group: string;
  main: MainCategorySeed;
  section: SectionSeed;
  subcategory: SubcategorySeed;
}

/** Every node with its parents, by id. */
function leavesById(): Map<number, Omit<Leaf, 'group'>> {
  const out = new Map<number, Omit<Leaf, 'group'>>();
  for (const main of DEMO_CATEGORIES) {
    for (const section of main.sections) {
      for (const subcategory of section.subcategories) out.set(subcategory.id, { id: subcategory.id, sectionId: section.id, mainId: main.id, main, section, subcategory });
    }
  }
  return out;
}

/** The leaves that hold demo items, grouped as the sellers' plans name them. */
export function demoLeaves(): Leaf[] {
  const byId = leavesById();
  return Object.entries(SHOP_GROUPS).flatMap(([group, ids]) =>
    ids.map((id) => {
      const found = byId.get(id);
      if (!found || found.subcategory.products.length === 0) throw new Error(`demo leaf ${id} has no products`);
      return { ...found, group };
    }),
  );
}

/** The tree as rows: every category with its parent, level and position among its siblings. */
export function demoCategoryRows(): Array<{ id: number; parentId: number; level: 1 | 2 | 3; title: string; name: string; position: number }> {
  return DEMO_CATEGORIES.flatMap((main, m) => [
    { id: main.id, parentId: 0, level: 1 as const, title: main.title, name: main.name, position: m },
    ...main.sections.flatMap((section, s) => [
      { id: section.id, parentId: main.id, level: 2 as const, title: section.title, name: section.name, position: s },
      ...section.subcategories.map((sub, c) => ({ id: sub.id, parentId: section.id, level: 3 as const, title: sub.title, name: sub.name, position: c })),
    ]),
  ]);
}

/** Writes the tree; runs inside the seed's transaction. */
export function insertDemoCategories(db: Db, now: number): number {
  const rows = demoCategoryRows();
  for (const row of rows) insertCategory(db, { id: row.id, parentId: row.parentId, title: row.title, titleEn: row.name, position: row.position }, now);
  return rows.length;
}
