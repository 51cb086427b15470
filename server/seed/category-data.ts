// The demo category tree: main categories, their sections and subcategories, with the products
// a seller in each subcategory might list and the price range they would ask. Ids are stable and
// readable, and the main categories are small numbers from 1 as on the real service (clients and
// spreadsheets carry category ids over): main N, section N*100+j, subcategory section*100+k
// (Home & Garden 1 > Furniture 101 > Sofas 10101), so links in notes and tests stay valid from one
// seed to the next. insertCategory numbers categories added later the same way.
import type { Db } from '../db/open.ts';
import { insertCategory } from '../domain/categories.ts';

export interface SubcategorySeed {
  title: string;
  /** Typical asking price in euros, [low, high]. */
  price: readonly [number, number];
  products: readonly string[];
}

export interface SectionSeed {
  title: string;
  subcategories: readonly SubcategorySeed[];
}

export interface MainCategorySeed {
  title: string;
  /** Hue of the demo pictures of this category. */
  hue: number;
  sections: readonly SectionSeed[];
}

const sub = (title: string, price: readonly [number, number], ...products: string[]): SubcategorySeed => ({ title, price, products });
const section = (title: string, ...subcategories: SubcategorySeed[]): SectionSeed => ({ title, subcategories });

export const DEMO_CATEGORIES: readonly MainCategorySeed[] = [
  {
    title: 'Home & Garden',
    hue: 28,
    sections: [
      section('Furniture',
        sub('Sofas', [120, 1200], 'Three-seater fabric sofa, light grey', 'Corner sofa with chaise longue', 'Leather two-seater sofa, cognac', 'Sofa bed with storage box'),
        sub('Tables', [40, 900], 'Solid oak dining table 180 cm', 'Round pedestal table, white', 'Vintage teak coffee table', 'Extendable birch dining table'),
        sub('Chairs', [15, 400], 'Artek 69 chairs, set of four', 'Windsor chairs in painted pine', 'Ergonomic office chair', 'Rocking chair, bentwood')),
      section('Kitchen & Dining',
        sub('Cookware', [10, 250], 'Cast iron frying pan 28 cm', 'Stainless steel pot set, 5 pieces', 'Enamel casserole dish, red', 'Carbon steel wok with lid'),
        sub('Tableware', [10, 300], 'Arabia Paratiisi plates, 6 pcs', 'Iittala Teema mugs, 4 pcs', 'Marimekko Oiva serving bowl', 'Vintage Arabia coffee set'),
        sub('Small appliances', [15, 450], 'Espresso machine with milk frother', 'Stand mixer, 1000 W', 'Airfryer 5.5 l', 'Bread maker with timer')),
      section('Garden',
        sub('Garden furniture', [30, 800], 'Teak garden table and four chairs', 'Rattan lounge set', 'Folding bistro set for a balcony', 'Hammock with stand'),
        sub('Plants & seeds', [3, 80], 'Rhododendron seedlings, 3 pcs', 'Heirloom tomato seeds, 10 kinds', 'Monstera deliciosa, large', 'Blackcurrant bushes, 2 pcs'),
        sub('Lawn mowers', [80, 1500], 'Petrol lawn mower, self-propelled', 'Robotic lawn mower with base', 'Cordless lawn mower, 36 V', 'Ride-on mower, 92 cm cut')),
      section('Lighting & Decor',
        sub('Lamps', [20, 600], 'Artek A330S Golden Bell pendant', 'Brass floor lamp with linen shade', 'Secto Octo pendant, birch', 'Pair of ceramic table lamps'),
        sub('Rugs', [20, 700], 'Handwoven rag rug 80 x 250 cm', 'Wool ryijy rug, 1970s', 'Persian style rug 200 x 300 cm', 'Round jute rug 150 cm'),
        sub('Mirrors', [15, 350], 'Gilded wall mirror, oval', 'Full-length standing mirror', 'Round mirror with rope hanger', 'Vintage bathroom cabinet mirror')),
    ],
  },
  {
    title: 'Electronics',
    hue: 210,
    sections: [
      section('Phones',
        sub('Smartphones', [60, 1100], 'iPhone 13 128 GB, midnight', 'Samsung Galaxy S22, 256 GB', 'Google Pixel 7a, unlocked', 'OnePlus Nord 3, 128 GB'),
        sub('Phone accessories', [5, 90], 'USB-C fast charger 65 W', 'Leather wallet case for iPhone 14', 'Wireless charging pad', 'Power bank 20 000 mAh'),
        sub('Classic phones', [15, 300], 'Nokia 3310, original 2000 model', 'Nokia 8110 banana phone', 'Rotary dial telephone, black', 'Nokia Communicator 9210i')),
      section('Computers',
        sub('Laptops', [150, 2200], 'MacBook Air M1 13", 8/256 GB', 'Lenovo ThinkPad T14, Ryzen 5', 'Dell XPS 13, i7, 16 GB', 'ASUS ZenBook 14 OLED'),
        sub('Desktop computers', [150, 2500], 'Gaming PC, RTX 3070, 32 GB RAM', 'Mac mini M2, 512 GB', 'HP EliteDesk mini PC', 'Home server, 4 bays'),
        sub('Monitors', [60, 900], 'Dell UltraSharp 27" 4K', 'LG 34" ultrawide monitor', 'BenQ 24" IPS, height adjustable', 'Samsung Odyssey G5 32"')),
      section('Audio & Hi-Fi',
        sub('Headphones', [20, 450], 'Sony WH-1000XM4, noise cancelling', 'Sennheiser HD 600', 'AirPods Pro, 2nd generation', 'Bose QuietComfort 45'),
        sub('Speakers', [40, 2000], 'Genelec 8030 studio monitors, pair', 'Sonos One, white', 'Amphion Argon bookshelf speakers', 'JBL Charge 5 bluetooth speaker'),
        sub('Turntables', [60, 1200], 'Technics SL-1200 MK2 turntable', 'Rega Planar 2 with Carbon cartridge', 'Pro-Ject Debut Carbon', 'Linn Sondek LP12, 1980s')),
      section('Cameras & Photo',
        sub('Digital cameras', [120, 2000], 'Fujifilm X-T3 body', 'Canon EOS 6D Mark II body', 'Sony A7 III with kit lens', 'Ricoh GR III compact'),
        sub('Lenses', [60, 1500], 'Canon EF 50 mm f/1.8 STM', 'Fujinon XF 35 mm f/2', 'Sigma 24-70 mm f/2.8 for Sony E', 'Nikon AF-S 70-200 mm f/4'),
        sub('Film cameras', [30, 900], 'Olympus OM-1 with 50 mm lens', 'Pentax K1000, 1980s', 'Hasselblad 500C/M kit', 'Canon AE-1 Program')),
      section('Gaming',
        sub('Consoles', [60, 550], 'PlayStation 5, disc edition', 'Nintendo Switch OLED, white', 'Xbox Series S, 512 GB', 'Super Nintendo with two pads'),
        sub('Video games', [5, 80], 'The Legend of Zelda: Tears of the Kingdom', 'Elden Ring, PS5', 'Mario Kart 8 Deluxe', 'Red Dead Redemption 2, Xbox'),
        sub('Controllers', [15, 150], 'DualSense controller, midnight black', 'Xbox Elite controller Series 2', 'Arcade stick, Sanwa parts', 'Racing wheel with pedals')),
    ],
  },
  {
    title: 'Vehicles & Parts',
    hue: 0,
    sections: [
      section('Cars',
        sub('Sedans', [1500, 28000], 'Toyota Corolla 1.8 Hybrid 2019', 'Volkswagen Passat 2.0 TDI 2016', 'Skoda Octavia 1.5 TSI 2020', 'Volvo S60 T4 2014'),
        sub('Estate cars', [1500, 30000], 'Volvo V70 2.4 D5 2012', 'Skoda Superb Combi 2.0 TDI 2018', 'Toyota Avensis Touring Sports 2015', 'Audi A4 Avant quattro 2013'),
        sub('SUVs', [4000, 45000], 'Toyota RAV4 Hybrid AWD 2019', 'Kia Sportage 1.6 T-GDI 2017', 'Nissan Qashqai 1.3 DIG-T 2020', 'Volvo XC60 D4 AWD 2016')),
      section('Motorcycles',
        sub('Street motorcycles', [1500, 14000], 'Yamaha MT-07 2018', 'Honda CB500F 2016', 'Kawasaki Z650 2020', 'BMW R 1200 R 2011'),
        sub('Scooters & mopeds', [300, 3500], 'Vespa Primavera 50 2017', 'Yamaha Aerox 50', 'Electric scooter, 45 km/h', 'Honda PCX 125 2019'),
        sub('Off-road motorcycles', [1000, 9000], 'KTM 250 EXC 2015', 'Husqvarna TE 300i 2019', 'Honda CRF250F', 'Yamaha WR 250 R')),
      section('Boats',
        sub('Motorboats', [2000, 40000], 'Buster L 2012 with 60 hp Yamaha', 'Terhi 475 with 30 hp outboard', 'Yamarin 56 BR 2008', 'Finnmaster 6000 Day Cruiser'),
        sub('Rowing boats', [150, 2500], 'Wooden rowing boat 4.5 m', 'Terhi Saiman rowing boat', 'Inflatable boat 3.2 m', 'Fibreglass fishing boat 4 m'),
        sub('Outboard motors', [150, 6000], 'Yamaha 9.9 hp four-stroke', 'Mercury 5 hp, short shaft', 'Honda BF20, long shaft', 'Electric trolling motor 55 lbs')),
      section('Parts & Accessories',
        sub('Tyres & rims', [60, 1200], 'Nokian Hakkapeliitta R5 205/55 R16', 'Studded winter tyres on steel rims, 4 pcs', 'Alloy wheels 17", 5x112', 'Summer tyres Michelin 225/45 R17'),
        sub('Car audio', [20, 600], 'Pioneer double-DIN head unit', 'Subwoofer with amplifier', 'Dash camera, front and rear', 'Apple CarPlay adapter'),
        sub('Roof boxes & racks', [30, 600], 'Thule Motion XT L roof box', 'Roof bars for Volvo V70', 'Bike carrier for a tow bar', 'Ski rack for 6 pairs')),
    ],
  },
  {
    title: 'Fashion',
    hue: 330,
    sections: [
      section("Women's clothing",
        sub('Dresses', [10, 250], 'Marimekko Unikko dress, size 38', 'Linen summer dress, size M', 'Vintage 1970s maxi dress', 'Black evening dress, size 36'),
        sub('Coats & jackets', [20, 450], 'Wool coat, camel, size 40', 'Down parka with hood, size S', 'Leather biker jacket, size 38', 'Trench coat, beige, size M'),
        sub('Knitwear', [8, 150], 'Hand-knitted Icelandic sweater', 'Merino wool cardigan, navy', 'Cashmere turtleneck, size S', 'Chunky knit sweater, cream')),
      section("Men's clothing",
        sub('Shirts', [8, 120], 'Oxford shirt, light blue, size 41', 'Flannel shirt, checked, size L', 'Linen shirt, white, size M', 'Denim shirt, size XL'),
        sub('Suits & blazers', [30, 600], 'Wool suit, charcoal, size 50', 'Tweed blazer, size 52', 'Tuxedo with trousers, size 48', 'Navy blazer, size 50'),
        sub('Outdoor jackets', [25, 450], 'Gore-Tex shell jacket, size L', 'Halti down jacket, size XL', 'Fjällräven Greenland jacket, M', 'Softshell jacket, black, size L')),
      section('Shoes',
        sub("Women's shoes", [10, 250], 'Leather ankle boots, size 38', 'Running shoes, size 39', 'Rubber boots, size 37', 'Pumps, black, size 39'),
        sub("Men's shoes", [15, 300], 'Leather derby shoes, size 43', 'Hiking boots, size 44', 'Sneakers, white, size 42', 'Winter boots, size 45'),
        sub("Children's shoes", [5, 80], 'Reima winter boots, size 28', 'Kavat leather shoes, size 31', 'Rubber boots, size 26', 'Trainers with velcro, size 30')),
      section('Bags & Accessories',
        sub('Handbags', [15, 900], 'Leather shoulder bag, cognac', 'Marimekko tote bag', 'Vintage clutch, 1960s', 'Designer crossbody bag'),
        sub('Watches', [30, 4000], 'Seiko 5 automatic, 1970s', 'Omega Seamaster quartz', 'Casio G-Shock, new in box', 'Garmin Forerunner 255'),
        sub('Jewellery', [15, 1500], 'Kalevala Koru silver necklace', 'Lapponia bronze ring', 'Gold hoop earrings 14 ct', 'Pearl bracelet with silver clasp')),
    ],
  },
  {
    title: 'Collectibles',
    hue: 45,
    sections: [
      section('Coins & Banknotes',
        sub('Finnish coins', [5, 800], '1 markka 1964, uncirculated', 'Set of Finnish 10 penni coins 1940s', '5 markka 1952 Helsinki Olympics', 'Finnish euro coin set 1999'),
        sub('Banknotes', [5, 500], '1000 markka 1986, Snellman', '50 markka 1963, uncirculated', 'Set of 1922 banknotes', '10 markka 1980, Paasikivi'),
        sub('Commemorative coins', [15, 900], '10 euro silver coin, Sibelius', 'Commemorative 2 euro coins, 12 pcs', '20 euro silver coin, Moomins', '100 markka silver coin 1990')),
      section('Stamps',
        sub('Finnish stamps', [3, 400], 'Finnish stamp collection 1960-1990', 'Lion type stamps, unused', 'Christmas stamps 1970s, sheets', 'Finland 1917-1940 stamps in album'),
        sub('World stamps', [3, 300], 'Swedish stamps in a stockbook', 'Soviet space stamps, 50 pcs', 'British Commonwealth collection', 'Stamps of Germany 1950s'),
        sub('First day covers', [3, 100], 'First day covers 1980s, 40 pcs', 'Europa CEPT covers 1990s', 'Moomin first day cover 1992', 'Aland first day covers')),
      section('Antiques',
        sub('Glass & ceramics', [10, 1200], 'Iittala Kastehelmi bowl, blue', 'Arabia Ruska plates, 8 pcs', 'Nuutajärvi glass bird', 'Kaj Franck Kartio glasses, 6 pcs'),
        sub('Silverware', [20, 1500], 'Silver cake server, 1930s', 'Set of silver teaspoons, 12 pcs', 'Silver candlesticks, pair', 'Sterling silver cream jug'),
        sub('Antique furniture', [60, 3000], 'Gustavian chest of drawers', 'Art nouveau armchair', 'Oak bookcase from the 1920s', 'Farmhouse bench, painted')),
      section('Memorabilia',
        sub('Sports memorabilia', [10, 900], 'Signed Jokerit hockey jersey', 'Teemu Selänne rookie card', 'Lahti 1978 games pennant', 'Kimi Räikkönen signed cap'),
        sub('Postcards', [2, 150], 'Helsinki postcards from the 1920s', 'Christmas postcards 1950s, 30 pcs', 'Rudolf Koivu postcards', 'Postcards of Finnish lighthouses'),
        sub('Advertising signs', [20, 800], 'Enamel sign, Fazer Blue', 'Gas station sign, 1960s', 'Tin sign, Karhu beer', 'Shop clock with advertising')),
    ],
  },
  {
    title: 'Sports & Outdoors',
    hue: 130,
    sections: [
      section('Cycling',
        sub('Road bikes', [200, 3500], 'Canyon Endurace AL 7, size M', 'Specialized Allez, 56 cm', 'Trek Domane SL5, 54 cm', 'Steel road bike from the 1980s'),
        sub('Mountain bikes', [150, 4000], 'Cube Stereo 140, size L', 'Trek Marlin 7, 29"', 'Scott Spark 970, size M', 'Kona Process 153'),
        sub('Cycling accessories', [5, 400], 'Garmin Edge 530 bike computer', 'Bike helmet, size M', 'Smart trainer Wahoo KICKR Core', 'Pannier bags, pair')),
      section('Winter sports',
        sub('Cross-country skis', [30, 600], 'Fischer Speedmax skate skis 186 cm', 'Madshus classic skis 200 cm', 'Peltonen touring skis with bindings', 'Cross-country ski boots, size 42'),
        sub('Downhill skis', [50, 900], 'Salomon QST 98, 180 cm', 'Rossignol Experience 80, 170 cm', 'Junior downhill skis 120 cm', 'Freeride skis with touring bindings'),
        sub('Ice skates', [10, 350], 'Hockey skates Bauer Vapor, size 44', 'Figure skates, size 36', 'Nordic touring skates', 'Adjustable kids skates, 30-33')),
      section('Camping & Hiking',
        sub('Tents', [30, 800], 'Hilleberg Nallo 2 tent', 'Family tent for 4 persons', 'Tentipi Safir 7 kota tent', 'Lightweight trekking tent, 1 person'),
        sub('Backpacks', [20, 350], 'Savotta Jääkäri L backpack', 'Osprey Atmos 65 l', 'Fjällräven Kånken, ox red', 'Daypack 30 l with rain cover'),
        sub('Sleeping bags', [20, 450], 'Down sleeping bag, comfort -10 °C', 'Synthetic sleeping bag, 3 seasons', 'Sleeping pad, self-inflating', 'Kids sleeping bag')),
      section('Fishing',
        sub('Fishing rods', [15, 600], 'Shimano spinning rod 2.7 m', 'Fly rod #5, 9 ft', 'Ice fishing rods, 3 pcs', 'Telescopic rod for trolling'),
        sub('Reels', [10, 500], 'Abu Garcia Ambassadeur 6500', 'Shimano Stradic 2500', 'Fly reel with line', 'Penn trolling reel'),
        sub('Lures', [2, 150], 'Rapala Original lures, 10 pcs', 'Box of pike spoons', 'Hand-made wooden lures', 'Trolling lures for salmon')),
    ],
  },
  {
    title: 'Books, Music & Film',
    hue: 260,
    sections: [
      section('Books',
        sub('Fiction', [3, 80], 'Tove Jansson: The Summer Book', 'Väinö Linna: Unknown Soldier, 1st ed.', 'Collected works of Mika Waltari, 12 vols', 'Sofi Oksanen: Purge, hardback'),
        sub('Non-fiction', [3, 120], 'The Kalevala, illustrated by Gallen-Kallela', 'Finnish birds field guide', 'History of Finnish design', 'Cookbook collection, 8 books'),
        sub("Children's books", [2, 60], 'Moomin books, 9 volumes', 'Mauri Kunnas: The Canine Kalevala', 'Picture books for toddlers, 15 pcs', 'Harry Potter complete set')),
      section('Music',
        sub('Vinyl records', [3, 300], 'Hurriganes: Roadrunner, 1974 LP', 'Beatles LP collection, 8 records', 'Jazz LPs from the 1960s, 20 pcs', 'Sibelius symphonies box set'),
        sub('CDs', [1, 60], 'Nightwish CD collection', 'Classical CDs, 40 discs', 'Finnish rock 1990s, 25 CDs', 'Box set of Miles Davis'),
        sub('Sheet music', [2, 80], 'Piano sheet music, classical', 'Guitar songbooks, 6 pcs', 'Choir scores, mixed voices', 'Finnish folk songs for accordion')),
      section('Film',
        sub('DVDs', [1, 40], 'Aki Kaurismäki collection on DVD', 'Studio Ghibli DVD set', 'Box of 60 DVD films', 'Finnish TV series on DVD'),
        sub('Blu-ray discs', [2, 80], 'Lord of the Rings extended, Blu-ray', 'Criterion Blu-ray lot, 10 discs', '4K UHD films, 12 discs', 'Star Wars saga Blu-ray'),
        sub('VHS tapes', [1, 50], 'VHS tapes of Disney classics', 'Finnish comedy films on VHS', 'Horror VHS collection 1980s', 'VCR with remote and tapes')),
      section('Musical instruments',
        sub('Guitars', [60, 3000], 'Fender Stratocaster, Mexico', 'Gibson Les Paul Studio', 'Yamaha acoustic guitar FG800', 'Classical guitar with case'),
        sub('Keyboards & pianos', [80, 5000], 'Upright piano, Fazer 1960s', 'Yamaha P-125 digital piano', 'Nord Stage 3 88', 'Korg Minilogue synthesizer'),
        sub('Drums & percussion', [40, 2500], 'Pearl Export drum kit', 'Roland TD-17 electronic drums', 'Cajon with bag', 'Zildjian cymbal set')),
    ],
  },
  {
    title: 'Toys & Baby',
    hue: 190,
    sections: [
      section('Toys',
        sub('Building blocks', [5, 500], 'LEGO Technic 42115 Lamborghini', 'LEGO bricks, 8 kg mixed', 'Duplo farm set', 'LEGO Star Wars Millennium Falcon'),
        sub('Dolls & accessories', [3, 200], 'Barbie dream house', 'Wooden doll house with furniture', 'Baby Born doll with clothes', 'Sylvanian Families collection'),
        sub('Board games', [3, 120], 'Afrikan tähti, 1980s edition', 'Catan with expansions', 'Ticket to Ride Nordic', 'Carcassonne big box')),
      section('Baby gear',
        sub('Prams & strollers', [40, 900], 'Emmaljunga NXT90 pram', 'Bugaboo Fox 2 stroller', 'Twin stroller, side by side', 'Compact travel stroller'),
        sub('Car seats', [20, 350], 'BeSafe iZi Modular car seat', 'Infant carrier with Isofix base', 'Booster seat with backrest', 'Britax Römer Dualfix'),
        sub('High chairs', [15, 220], 'Stokke Tripp Trapp, natural', 'Wooden high chair, white', 'Foldable high chair', 'Travel booster seat')),
      section("Children's clothing",
        sub('Baby clothes', [2, 60], 'Baby clothes lot, 62-68 cm', 'Merino wool baby overall', 'Knitted baby set, hat and socks', 'Muslin swaddles, 4 pcs'),
        sub('Kids outerwear', [10, 150], 'Reima winter overall, 104 cm', 'Rain pants and jacket, 98 cm', 'Kuoma winter boots and overall set', 'Softshell jacket, 116 cm'),
        sub('Kids sportswear', [5, 90], 'Football boots, size 33', 'Kids cross-country ski set', 'Gymnastics leotard, 128 cm', 'Hockey gear for a 7-year-old')),
      section('Outdoor play',
        sub('Trampolines', [40, 500], 'Trampoline 4.3 m with safety net', 'Small trampoline for toddlers', 'In-ground trampoline 3 m', 'Trampoline ladder and cover'),
        sub('Sledges', [5, 120], 'Wooden toboggan, 1950s', 'Snow racer with steering', 'Kicksled, Esla', 'Plastic sledges, 3 pcs'),
        sub('Playhouses', [60, 1200], 'Wooden playhouse 2 x 2 m', 'Play tower with slide', 'Sandbox with lid', 'Swing set, 2 swings')),
    ],
  },
  {
    title: 'Tools & DIY',
    hue: 90,
    sections: [
      section('Power tools',
        sub('Drills & drivers', [25, 500], 'Makita 18 V drill driver with 2 batteries', 'Bosch hammer drill GBH 2-26', 'DeWalt impact driver kit', 'Milwaukee M12 drill, bare tool'),
        sub('Saws', [30, 900], 'Mitre saw, 254 mm', 'Cordless circular saw 18 V', 'Stihl MS 261 chainsaw', 'Table saw with stand'),
        sub('Sanders', [20, 450], 'Festool ETS 125 sander', 'Belt sander, 900 W', 'Multi-sander with pads', 'Wall and ceiling sander')),
      section('Hand tools',
        sub('Tool sets', [15, 600], 'Mechanic tool set, 216 pieces', 'Fiskars garden tool set', 'Bahco toolbox with tools', 'Carpentry tools, vintage'),
        sub('Wrenches & sockets', [8, 250], 'Socket set 1/2", 32 pieces', 'Combination wrenches 8-22 mm', 'Torque wrench 40-200 Nm', 'Adjustable wrenches, 3 pcs'),
        sub('Measuring tools', [8, 450], 'Laser distance meter 50 m', 'Cross-line laser level', 'Digital caliper 150 mm', 'Spirit levels, 3 lengths')),
      section('Building materials',
        sub('Timber', [20, 900], 'Planed spruce boards 22x100, 60 m', 'Pressure-treated decking 28x120', 'Birch plywood sheets, 10 pcs', 'Log cabin timber, leftover'),
        sub('Tiles', [15, 600], 'Porcelain floor tiles 60x60, 20 m²', 'Subway wall tiles, white, 8 m²', 'Mosaic tiles for a sauna', 'Terracotta tiles, 12 m²'),
        sub('Paint', [5, 200], 'Tikkurila Valtti wood stain 9 l', 'Interior wall paint, white 9 l', 'Falu red paint 10 l', 'Linseed oil paint, ochre')),
      section('Heating & Plumbing',
        sub('Heat pumps', [200, 2500], 'Air source heat pump, 6 kW', 'Mitsubishi air-to-air heat pump', 'Exhaust air heat pump', 'Heat pump outdoor unit stand'),
        sub('Fireplaces & stoves', [60, 2500], 'Harvia sauna stove 16 kW', 'Cast iron wood stove', 'Soapstone heater, Tulikivi', 'Chimney pipe set, 2 m'),
        sub('Bathroom fixtures', [15, 900], 'Oras shower mixer', 'Washbasin with cabinet 60 cm', 'Toilet seat, soft close', 'Heated towel rail, electric')),
    ],
  },
  {
    title: 'Art & Crafts',
    hue: 295,
    sections: [
      section('Art',
        sub('Paintings', [40, 4000], 'Oil painting of a lake landscape', 'Watercolour of Helsinki harbour', 'Abstract acrylic on canvas 80x100', 'Portrait in oil, 1940s'),
        sub('Prints & posters', [10, 600], 'Tove Jansson print, signed', 'Lithograph by a Finnish artist', 'Vintage travel poster, Finland', 'Framed botanical prints, 3 pcs'),
        sub('Sculptures', [30, 2500], 'Bronze sculpture of a bear', 'Wood carving of an owl', 'Ceramic sculpture, 1960s', 'Soapstone figure, seal')),
      section('Crafts & Hobbies',
        sub('Yarn & knitting', [3, 150], 'Novita 7 Veljestä yarn, 20 skeins', 'Wooden knitting needles, full set', 'Alpaca yarn lot, grey', 'Sock yarn leftovers, 2 kg'),
        sub('Sewing machines', [30, 900], 'Husqvarna Viking sewing machine', 'Bernina 1008', 'Overlock machine, 4 threads', 'Singer treadle machine, 1920s'),
        sub('Model building', [5, 400], 'Märklin H0 railway set', 'Plastic model kits, 6 aircraft', 'RC car 1:10, electric', 'Wooden ship model kit')),
      section('Office & Business',
        sub('Office furniture', [30, 900], 'Electric standing desk 160 cm', 'Filing cabinets, 2 pcs', 'Conference table and 8 chairs', 'Meeting room whiteboard'),
        sub('Restaurant equipment', [60, 4000], 'Commercial dishwasher', 'Stainless steel work table', 'Combi oven, 6 trays', 'Ice cream display freezer'),
        sub('Shop fittings', [20, 1500], 'Clothing rails on wheels, 4 pcs', 'Glass display cabinet', 'Cash register with drawer', 'Shelving units, 6 sections')),
    ],
  },
];

/** The id of the main category at index `main`, of its section at index `section`, and so on. */
export const categoryId = (main: number, section?: number, subcategory?: number): number => {
  const mainId = main + 1;
  if (section === undefined) return mainId;
  const sectionId = mainId * 100 + section + 1;
  return subcategory === undefined ? sectionId : sectionId * 100 + subcategory + 1;
};

/** A level-3 category with its place in the tree, as item rows need it. */
export interface Leaf {
  id: number;
  sectionId: number;
  mainId: number;
  main: MainCategorySeed;
  section: SectionSeed;
  subcategory: SubcategorySeed;
}

export function demoLeaves(): Leaf[] {
  return DEMO_CATEGORIES.flatMap((main, m) =>
    main.sections.flatMap((section, s) =>
      section.subcategories.map((subcategory, c) => ({
        id: categoryId(m, s, c),
        sectionId: categoryId(m, s),
        mainId: categoryId(m),
        main,
        section,
        subcategory,
      })),
    ),
  );
}

/** Writes the tree; runs inside the seed's transaction. */
export function insertDemoCategories(db: Db, now: number): number {
  let count = 0;
  DEMO_CATEGORIES.forEach((main, m) => {
    insertCategory(db, { id: categoryId(m), parentId: 0, title: main.title, position: m }, now);
    count++;
    main.sections.forEach((section, s) => {
      insertCategory(db, { id: categoryId(m, s), parentId: categoryId(m), title: section.title, position: s }, now);
      count++;
      section.subcategories.forEach((subcategory, c) => {
        insertCategory(db, { id: categoryId(m, s, c), parentId: categoryId(m, s), title: subcategory.title, position: c }, now);
        count++;
      });
    });
  });
  return count;
}
