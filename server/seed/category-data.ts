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
// A leaf made with `shop` holds the demo shop's items: the products a seller there might list (in
// Finnish, the marketplace's language: they are the demo items' titles) and the price range they
// would ask. Databases seeded before this tree keep theirs (main N, section
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
        shop(4, 'Sohvat', 'Sofas', [120, 1200], 'Kolmen istuttava kangassohva, harmaa', 'Kulmasohva divaaniosalla', 'Kahden istuttava nahkasohva, konjakki', 'Vuodesohva säilytyslaatikolla'),
        shop(5, 'Pöydät', 'Tables', [40, 900], 'Täystammea oleva ruokapöytä 180 cm', 'Pyöreä jalallinen pöytä, valkoinen', 'Vintage tiikkisohvapöytä', 'Jatkettava koivuinen ruokapöytä'),
        shop(6, 'Tuolit', 'Chairs', [15, 400], 'Artek 69 -tuolit, 4 kpl', 'Maalatut männyiset Windsor-tuolit', 'Ergonominen työtuoli', 'Keinutuoli, taivutettua puuta')),
      section(7, 'Keittiö ja ruokailu', 'Kitchen & Dining',
        shop(8, 'Kattilat ja pannut', 'Cookware', [10, 250], 'Valurautapannu 28 cm', 'Teräskattilasarja, 5 osaa', 'Emaloitu pata, punainen', 'Hiiliteräswokki kannella'),
        shop(9, 'Astiat', 'Tableware', [10, 300], 'Arabia Paratiisi -lautaset, 6 kpl', 'Iittala Teema -mukit, 4 kpl', 'Marimekko Oiva -tarjoilukulho', 'Vintage Arabia -kahviastiasto'),
        shop(10, 'Pienkoneet', 'Small appliances', [15, 450], 'Espressokeitin maidonvaahdottimella', 'Yleiskone, 1000 W', 'Airfryer 5,5 l', 'Leipäkone ajastimella')),
      section(11, 'Puutarha', 'Garden',
        shop(12, 'Puutarhakalusteet', 'Garden furniture', [30, 800], 'Tiikkinen puutarhapöytä ja neljä tuolia', 'Rottinkinen oleskeluryhmä', 'Taitettava parvekeryhmä', 'Riippumatto telineellä'),
        shop(13, 'Kasvit ja siemenet', 'Plants & seeds', [3, 80], 'Alppiruusun taimet, 3 kpl', 'Perinnetomaatin siemenet, 10 lajiketta', 'Monstera deliciosa, iso', 'Mustaherukkapensaat, 2 kpl'),
        shop(14, 'Ruohonleikkurit', 'Lawn mowers', [80, 1500], 'Itsevetävä bensiiniruohonleikkuri', 'Robottiruohonleikkuri latausasemalla', 'Akkuruohonleikkuri, 36 V', 'Ajoleikkuri, leikkuuleveys 92 cm')),
      section(15, 'Valaisimet ja sisustus', 'Lighting & Decor',
        shop(16, 'Valaisimet', 'Lamps', [20, 600], 'Artek A330S Golden Bell -riippuvalaisin', 'Lattiavalaisin, messinki ja pellava', 'Secto Octo -riippuvalaisin, koivu', 'Keraamiset pöytävalaisimet, pari'),
        shop(17, 'Matot', 'Rugs', [20, 700], 'Käsinkudottu räsymatto 80 x 250 cm', 'Villainen ryijy, 1970-luku', 'Persialaistyylinen matto 200 x 300 cm', 'Pyöreä juuttimatto 150 cm'),
        shop(18, 'Peilit', 'Mirrors', [15, 350], 'Kullattu seinäpeili, soikea', 'Kokovartalopeili jalalla', 'Pyöreä peili köysiripustimella', 'Vintage kylpyhuoneen peilikaappi')),
    ],
  },
  {
    id: 19,
    title: 'Elektroniikka',
    name: 'Electronics',
    hue: 210,
    sections: [
      section(20, 'Puhelimet', 'Phones',
        shop(21, 'Älypuhelimet', 'Smartphones', [60, 1100], 'iPhone 13 128 Gt, keskiyö', 'Samsung Galaxy S22, 256 Gt', 'Google Pixel 7a, ei operaattorilukkoa', 'OnePlus Nord 3, 128 Gt'),
        shop(22, 'Puhelintarvikkeet', 'Phone accessories', [5, 90], 'USB-C-pikalaturi 65 W', 'Nahkainen lompakkokotelo iPhone 14:lle', 'Langaton latausalusta', 'Varavirtalähde 20 000 mAh'),
        shop(23, 'Vanhat puhelimet', 'Classic phones', [15, 300], 'Nokia 3310, alkuperäinen vuoden 2000 malli', 'Nokia 8110 -banaanipuhelin', 'Valintalevypuhelin, musta', 'Nokia Communicator 9210i')),
      section(24, 'Tietokoneet', 'Computers',
        shop(25, 'Kannettavat', 'Laptops', [150, 2200], 'MacBook Air M1 13", 8/256 Gt', 'Lenovo ThinkPad T14, Ryzen 5', 'Dell XPS 13, i7, 16 Gt', 'ASUS ZenBook 14 OLED'),
        shop(26, 'Pöytäkoneet', 'Desktop computers', [150, 2500], 'Pelitietokone, RTX 3070, 32 Gt RAM', 'Mac mini M2, 512 Gt', 'HP EliteDesk -minitietokone', 'Kotipalvelin, 4 levypaikkaa'),
        shop(27, 'Näytöt', 'Monitors', [60, 900], 'Dell UltraSharp 27" 4K', 'LG 34" ultralaajakuvanäyttö', 'BenQ 24" IPS, korkeussäädettävä', 'Samsung Odyssey G5 32"')),
      section(28, 'Audio ja hifi', 'Audio & Hi-Fi',
        shop(29, 'Kuulokkeet', 'Headphones', [20, 450], 'Sony WH-1000XM4, vastamelu', 'Sennheiser HD 600', 'AirPods Pro, 2. sukupolvi', 'Bose QuietComfort 45'),
        shop(30, 'Kaiuttimet', 'Speakers', [40, 2000], 'Genelec 8030 -studiomonitorit, pari', 'Sonos One, valkoinen', 'Amphion Argon -hyllykaiuttimet', 'JBL Charge 5 -bluetooth-kaiutin'),
        shop(31, 'Levysoittimet', 'Turntables', [60, 1200], 'Technics SL-1200 MK2 -levysoitin', 'Rega Planar 2, Carbon-äänirasia', 'Pro-Ject Debut Carbon', 'Linn Sondek LP12, 1980-luku')),
      section(32, 'Kamerat ja valokuvaus', 'Cameras & Photo',
        shop(33, 'Digikamerat', 'Digital cameras', [120, 2000], 'Fujifilm X-T3 -runko', 'Canon EOS 6D Mark II -runko', 'Sony A7 III ja kit-objektiivi', 'Ricoh GR III -taskukamera'),
        shop(34, 'Objektiivit', 'Lenses', [60, 1500], 'Canon EF 50 mm f/1.8 STM', 'Fujinon XF 35 mm f/2', 'Sigma 24-70 mm f/2.8, Sony E', 'Nikon AF-S 70-200 mm f/4'),
        shop(35, 'Filmikamerat', 'Film cameras', [30, 900], 'Olympus OM-1 ja 50 mm objektiivi', 'Pentax K1000, 1980-luku', 'Hasselblad 500C/M -paketti', 'Canon AE-1 Program')),
      section(36, 'Pelit ja konsolit', 'Gaming',
        shop(37, 'Pelikonsolit', 'Consoles', [60, 550], 'PlayStation 5, levyasemallinen', 'Nintendo Switch OLED, valkoinen', 'Xbox Series S, 512 Gt', 'Super Nintendo ja kaksi ohjainta'),
        shop(38, 'Muut pelit', 'Video games', [5, 80], 'The Legend of Zelda: Tears of the Kingdom', 'Elden Ring, PS5', 'Mario Kart 8 Deluxe', 'Red Dead Redemption 2, Xbox'),
        shop(39, 'Ohjaimet', 'Controllers', [15, 150], 'DualSense-ohjain, midnight black', 'Xbox Elite -ohjain Series 2', 'Arcade-ohjain Sanwan osilla', 'Rattiohjain polkimilla'),
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
        shop(46, 'Skootterit ja mopot', 'Scooters & mopeds', [300, 3500], 'Vespa Primavera 50 2017', 'Yamaha Aerox 50', 'Sähköskootteri, 45 km/h', 'Honda PCX 125 2019'),
        shop(47, 'Crossipyörät', 'Off-road motorcycles', [1000, 9000], 'KTM 250 EXC 2015', 'Husqvarna TE 300i 2019', 'Honda CRF250F', 'Yamaha WR 250 R')),
      section(48, 'Veneet', 'Boats',
        shop(49, 'Moottoriveneet', 'Motorboats', [2000, 40000], 'Buster L 2012, Yamaha 60 hv', 'Terhi 475 ja 30 hv perämoottori', 'Yamarin 56 BR 2008', 'Finnmaster 6000 Day Cruiser'),
        shop(50, 'Soutuveneet', 'Rowing boats', [150, 2500], 'Puinen soutuvene 4,5 m', 'Terhi Saiman -soutuvene', 'Kumivene 3,2 m', 'Lasikuituinen kalastusvene 4 m'),
        shop(51, 'Perämoottorit', 'Outboard motors', [150, 6000], 'Yamaha 9,9 hv nelitahtinen', 'Mercury 5 hv, lyhyt rikka', 'Honda BF20, pitkä rikka', 'Sähköinen uistelumoottori 55 lbs')),
      section(52, 'Varaosat ja tarvikkeet', 'Parts & Accessories',
        shop(53, 'Renkaat ja vanteet', 'Tyres & rims', [60, 1200], 'Nokian Hakkapeliitta R5 205/55 R16', 'Nastarenkaat teräsvanteilla, 4 kpl', 'Kevytmetallivanteet 17", 5x112', 'Michelin-kesärenkaat 225/45 R17'),
        shop(54, 'Autohifi', 'Car audio', [20, 600], 'Pioneer 2-DIN-soitin', 'Subwoofer ja vahvistin', 'Autokamera, etu ja taka', 'Apple CarPlay -sovitin'),
        shop(55, 'Kattoboksit ja telineet', 'Roof boxes & racks', [30, 600], 'Thule Motion XT L -kattoboksi', 'Kattotelineet Volvo V70:een', 'Vetokoukkuun kiinnitettävä pyöräteline', 'Suksiteline 6 parille')),
    ],
  },
  {
    id: 56,
    title: 'Vaatteet ja asusteet',
    name: 'Fashion',
    hue: 330,
    sections: [
      section(57, 'Naisten vaatteet', "Women's clothing",
        shop(58, 'Mekot', 'Dresses', [10, 250], 'Marimekko Unikko -mekko, koko 38', 'Pellavainen kesämekko, koko M', 'Vintage maksimekko 1970-luvulta', 'Musta iltapuku, koko 36'),
        shop(59, 'Takit', 'Coats & jackets', [20, 450], 'Villakangastakki, kamelinruskea, koko 40', 'Untuvaparka hupulla, koko S', 'Nahkainen biker-takki, koko 38', 'Trenssitakki, beige, koko M'),
        shop(60, 'Neuleet', 'Knitwear', [8, 150], 'Käsinneulottu islantilainen villapaita', 'Merinovillainen neuletakki, tummansininen', 'Kashmirpooloneule, koko S', 'Paksu neulepusero, luonnonvalkoinen')),
      section(61, 'Miesten vaatteet', "Men's clothing",
        shop(62, 'Paidat', 'Shirts', [8, 120], 'Oxford-paita, vaaleansininen, koko 41', 'Ruudullinen flanellipaita, koko L', 'Pellavapaita, valkoinen, koko M', 'Farkkupaita, koko XL'),
        shop(63, 'Puvut ja bleiserit', 'Suits & blazers', [30, 600], 'Villapuku, hiilenharmaa, koko 50', 'Tweed-bleiseri, koko 52', 'Smokki housuineen, koko 48', 'Laivastonsininen bleiseri, koko 50'),
        shop(64, 'Ulkoilutakit', 'Outdoor jackets', [25, 450], 'Gore-Tex-kuoritakki, koko L', 'Halti-untuvatakki, koko XL', 'Fjällräven Greenland -takki, M', 'Softshell-takki, musta, koko L')),
      section(65, 'Kengät', 'Shoes',
        shop(66, 'Naisten kengät', "Women's shoes", [10, 250], 'Nahkaiset nilkkurit, koko 38', 'Juoksukengät, koko 39', 'Kumisaappaat, koko 37', 'Avokkaat, mustat, koko 39'),
        shop(67, 'Miesten kengät', "Men's shoes", [15, 300], 'Nahkaiset derby-kengät, koko 43', 'Vaelluskengät, koko 44', 'Tennarit, valkoiset, koko 42', 'Talvikengät, koko 45'),
        shop(68, 'Lasten kengät', "Children's shoes", [5, 80], 'Reiman talvikengät, koko 28', 'Kavatin nahkakengät, koko 31', 'Lasten kumisaappaat, koko 26', 'Tarrakiinnitteiset lenkkarit, koko 30')),
      section(69, 'Laukut ja asusteet', 'Bags & Accessories',
        shop(70, 'Käsilaukut', 'Handbags', [15, 900], 'Nahkainen olkalaukku, konjakki', 'Marimekko-kangaskassi', 'Vintage-iltalaukku, 1960-luku', 'Designer-olkalaukku'),
        shop(71, 'Kellot', 'Watches', [30, 4000], 'Seiko 5 automaatti, 1970-luku', 'Omega Seamaster quartz', 'Casio G-Shock, uusi, laatikossa', 'Garmin Forerunner 255'),
        shop(72, 'Korut', 'Jewellery', [15, 1500], 'Kalevala Korun hopeakaulakoru', 'Lapponia-pronssisormus', 'Kultaiset rengaskorvakorut 14 k', 'Helmirannekoru hopealukolla')),
    ],
  },
  {
    id: 73,
    title: 'Keräily',
    name: 'Collectibles',
    hue: 45,
    sections: [
      section(74, 'Kolikot ja setelit', 'Coins & Banknotes',
        shop(75, 'Suomen kolikot', 'Finnish coins', [5, 800], '1 markka 1964, lyöntikiiltoinen', 'Suomen 10 pennin kolikot 1940-luvulta', '5 markkaa 1952, Helsingin olympialaiset', 'Suomen eurokolikkosarja 1999'),
        shop(76, 'Setelit', 'Banknotes', [5, 500], '1000 markkaa 1986, Snellman', '50 markkaa 1963, kiertämätön', 'Vuoden 1922 setelisarja', '10 markkaa 1980, Paasikivi'),
        shop(77, 'Juhlarahat', 'Commemorative coins', [15, 900], '10 euron hopearaha, Sibelius', '2 euron juhlarahat, 12 kpl', '20 euron hopearaha, Muumit', '100 markan hopearaha 1990')),
      section(78, 'Postimerkit', 'Stamps',
        shop(79, 'Suomen postimerkit', 'Finnish stamps', [3, 400], 'Suomen postimerkkikokoelma 1960-1990', 'Leijonamallin merkit, postituoreet', 'Joulumerkit 1970-luvulta, arkkeina', 'Suomi 1917-1940 -merkit albumissa'),
        shop(80, 'Ulkomaiset postimerkit', 'World stamps', [3, 300], 'Ruotsin postimerkit varastokirjassa', 'Neuvostoliiton avaruusmerkit, 50 kpl', 'Brittiläisen kansainyhteisön kokoelma', 'Saksan postimerkit 1950-luvulta'),
        shop(81, 'Ensipäiväkuoret', 'First day covers', [3, 100], 'Ensipäiväkuoret 1980-luvulta, 40 kpl', 'Europa CEPT -kuoret 1990-luvulta', 'Muumi-ensipäiväkuori 1992', 'Ahvenanmaan ensipäiväkuoret')),
      section(82, 'Antiikki', 'Antiques',
        shop(83, 'Lasi ja keramiikka', 'Glass & ceramics', [10, 1200], 'Iittala Kastehelmi -kulho, sininen', 'Arabia Ruska -lautaset, 8 kpl', 'Nuutajärven lasilintu', 'Kaj Franck Kartio -lasit, 6 kpl'),
        shop(84, 'Hopeaesineet', 'Silverware', [20, 1500], 'Hopeinen kakkulapio, 1930-luku', 'Hopeiset teelusikat, 12 kpl', 'Hopeiset kynttilänjalat, pari', 'Sterlinghopeinen kermakko'),
        shop(85, 'Antiikkihuonekalut', 'Antique furniture', [60, 3000], 'Kustavilainen lipasto', 'Jugend-nojatuoli', 'Tamminen kirjahylly 1920-luvulta', 'Maalaistalon penkki, maalattu')),
      section(86, 'Muistoesineet', 'Memorabilia',
        shop(87, 'Urheilumuistoesineet', 'Sports memorabilia', [10, 900], 'Jokereiden nimikoitu pelipaita', 'Teemu Selänteen tulokaskortti', 'Lahden MM-kisojen 1978 viiri', 'Kimi Räikkösen nimikoima lippis'),
        shop(104, 'Postikortit', 'Postcards', [2, 150], 'Helsinki-postikortit 1920-luvulta', 'Joulukortit 1950-luvulta, 30 kpl', 'Rudolf Koivun postikortit', 'Suomen majakat postikorteissa'),
        shop(105, 'Mainoskyltit', 'Advertising signs', [20, 800], 'Emalikyltti, Fazer Sininen', 'Huoltoaseman kyltti, 1960-luku', 'Peltikyltti, Karhu-olut', 'Mainoskello kauppaan')),
    ],
  },
  {
    id: 106,
    title: 'Urheilu ja ulkoilu',
    name: 'Sports & Outdoors',
    hue: 130,
    sections: [
      section(107, 'Pyöräily', 'Cycling',
        shop(108, 'Maantiepyörät', 'Road bikes', [200, 3500], 'Canyon Endurace AL 7, koko M', 'Specialized Allez, 56 cm', 'Trek Domane SL5, 54 cm', 'Teräsrunkoinen maantiepyörä 1980-luvulta'),
        shop(109, 'Maastopyörät', 'Mountain bikes', [150, 4000], 'Cube Stereo 140, koko L', 'Trek Marlin 7, 29"', 'Scott Spark 970, koko M', 'Kona Process 153'),
        shop(110, 'Pyöräilyvarusteet', 'Cycling accessories', [5, 400], 'Garmin Edge 530 -pyörätietokone', 'Pyöräilykypärä, koko M', 'Älytrainer Wahoo KICKR Core', 'Pyörälaukut, pari')),
      section(111, 'Talviurheilu', 'Winter sports',
        shop(112, 'Murtomaasukset', 'Cross-country skis', [30, 600], 'Fischer Speedmax -luistelusukset 186 cm', 'Madshus-perinteiset sukset 200 cm', 'Peltosen retkisukset siteineen', 'Hiihtomonot, koko 42'),
        shop(113, 'Laskettelusukset', 'Downhill skis', [50, 900], 'Salomon QST 98, 180 cm', 'Rossignol Experience 80, 170 cm', 'Juniorien laskettelusukset 120 cm', 'Freeride-sukset retkisiteillä'),
        shop(114, 'Luistimet', 'Ice skates', [10, 350], 'Bauer Vapor -jääkiekkoluistimet, koko 44', 'Taitoluistimet, koko 36', 'Retkiluistimet', 'Säädettävät lasten luistimet, 30-33')),
      section(115, 'Retkeily', 'Camping & Hiking',
        shop(116, 'Teltat', 'Tents', [30, 800], 'Hilleberg Nallo 2 -teltta', 'Perheteltta neljälle', 'Tentipi Safir 7 -kota', 'Kevyt vaellusteltta yhdelle'),
        shop(117, 'Rinkat ja reput', 'Backpacks', [20, 350], 'Savotta Jääkäri L -rinkka', 'Osprey Atmos 65 l', 'Fjällräven Kånken, ox red', 'Päiväreppu 30 l sadesuojalla'),
        shop(118, 'Makuupussit', 'Sleeping bags', [20, 450], 'Untuvamakuupussi, mukavuus -10 °C', 'Kuitumakuupussi, kolmen vuodenajan', 'Makuualusta, itsestään täyttyvä', 'Lasten makuupussi')),
      section(119, 'Kalastus', 'Fishing',
        shop(120, 'Vavat', 'Fishing rods', [15, 600], 'Shimano-heittovapa 2,7 m', 'Perhovapa #5, 9 jalkaa', 'Pilkkivavat, 3 kpl', 'Teleskooppivapa uisteluun'),
        shop(121, 'Kelat', 'Reels', [10, 500], 'Abu Garcia Ambassadeur 6500', 'Shimano Stradic 2500', 'Perhokela siimoineen', 'Penn-uistelukela'),
        shop(122, 'Vieheet', 'Lures', [2, 150], 'Rapala Original -vieheet, 10 kpl', 'Laatikollinen haukilusikoita', 'Käsintehdyt puuvieheet', 'Lohen uisteluvieheet')),
    ],
  },
  {
    id: 123,
    title: 'Kirjat ja musiikki',
    name: 'Books & Music',
    hue: 260,
    sections: [
      section(124, 'Kirjat', 'Books',
        shop(125, 'Kaunokirjallisuus', 'Fiction', [3, 80], 'Tove Jansson: Kesäkirja', 'Väinö Linna: Tuntematon sotilas, 1. painos', 'Mika Waltarin kootut teokset, 12 osaa', 'Sofi Oksanen: Puhdistus, sidottu'),
        shop(126, 'Tietokirjat', 'Non-fiction', [3, 120], 'Kalevala, Gallen-Kallelan kuvittama', 'Suomen lintujen maastokäsikirja', 'Suomalaisen designin historia', 'Keittokirjakokoelma, 8 kirjaa'),
        shop(128, 'Lastenkirjat', "Children's books", [2, 60], 'Muumikirjat, 9 osaa', 'Mauri Kunnas: Koirien Kalevala', 'Taaperoiden kuvakirjat, 15 kpl', 'Harry Potter, koko sarja')),
      section(129, 'Musiikki', 'Music',
        shop(130, 'LP-levyt', 'Vinyl records', [3, 300], 'Hurriganes: Roadrunner, LP 1974', 'Beatles-LP-kokoelma, 8 levyä', 'Jazz-LP:t 1960-luvulta, 20 kpl', 'Sibeliuksen sinfoniat, boksi'),
        shop(131, 'CD-levyt', 'CDs', [1, 60], 'Nightwish-CD-kokoelma', 'Klassisen musiikin CD:t, 40 levyä', 'Suomirockia 1990-luvulta, 25 CD:tä', 'Miles Davis -boksi'),
        shop(132, 'Nuotit', 'Sheet music', [2, 80], 'Pianon nuotit, klassinen', 'Kitaralaulukirjat, 6 kpl', 'Kuoronuotit, sekakuoro', 'Suomalaisia kansanlauluja haitarille')),
      section(133, 'Soittimet', 'Musical instruments',
        shop(134, 'Kitarat', 'Guitars', [60, 3000], 'Fender Stratocaster, Mexico', 'Gibson Les Paul Studio', 'Yamaha FG800 -akustinen kitara', 'Klassinen kitara laukulla'),
        shop(135, 'Koskettimet ja pianot', 'Keyboards & pianos', [80, 5000], 'Fazer-pianino 1960-luvulta', 'Yamaha P-125 -digitaalipiano', 'Nord Stage 3 88', 'Korg Minilogue -syntetisaattori'),
        shop(136, 'Rummut ja lyömäsoittimet', 'Drums & percussion', [40, 2500], 'Pearl Export -rumpusetti', 'Roland TD-17 -sähkörummut', 'Cajon laukulla', 'Zildjian-symbaalisetti')),
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
        shop(98, 'DVD - Muut', 'DVD - Other', [1, 40], 'Aki Kaurismäen elokuvat DVD:llä', 'Studio Ghibli -DVD-kokoelma', 'Laatikollinen DVD-elokuvia, 60 kpl', 'Kotimainen TV-sarja DVD:llä'),
        leaf(99, 'Scifi ja fantasia', 'Sci-fi & fantasy'),
        leaf(100, 'Sota ja western', 'War & western'),
        leaf(101, 'TV-sarjat', 'TV series'),
        leaf(102, 'Toiminta ja seikkailu', 'Action & adventure'),
        leaf(103, 'Urheilu', 'Sports'),
        leaf(1172, 'Muut animaatiot', 'Other animation')),
      section(139, 'Blu-ray', 'Blu-ray',
        leaf(846, 'Anime', 'Anime'),
        shop(847, 'Blu-ray - Muut', 'Blu-ray - Other', [2, 80], 'Taru sormusten herrasta -trilogia, Blu-ray', 'Criterion-Blu-ray-erä, 10 levyä', '4K UHD -elokuvat, 12 levyä', 'Star Wars -saaga Blu-ray'),
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
        shop(142, 'VHS - Muut', 'VHS - Other', [1, 50], 'Disney-klassikot VHS-kaseteilla', 'Suomalaiset komediat VHS:llä', 'Kauhuelokuvia VHS:llä 1980-luvulta', 'VHS-nauhuri, kaukosäädin ja kasetit'),
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
        shop(147, 'Rakennuspalikat', 'Building blocks', [5, 500], 'LEGO Technic 42115 Lamborghini', 'LEGO-palikoita, 8 kg sekalaisia', 'Duplo-maatila', 'LEGO Star Wars Millennium Falcon'),
        shop(148, 'Nuket ja tarvikkeet', 'Dolls & accessories', [3, 200], 'Barbien unelmatalo', 'Puinen nukkekoti huonekaluineen', 'Baby Born -nukke vaatteineen', 'Sylvanian Families -kokoelma'),
        shop(149, 'Lautapelit', 'Board games', [3, 120], 'Afrikan tähti, 1980-luvun painos', 'Catan ja lisäosat', 'Ticket to Ride Nordic', 'Carcassonne Big Box')),
      section(150, 'Vauvatarvikkeet', 'Baby gear',
        shop(151, 'Lastenvaunut ja rattaat', 'Prams & strollers', [40, 900], 'Emmaljunga NXT90 -vaunut', 'Bugaboo Fox 2 -rattaat', 'Sisarusrattaat rinnakkain', 'Kevyet matkarattaat'),
        shop(152, 'Turvaistuimet', 'Car seats', [20, 350], 'BeSafe iZi Modular -turvaistuin', 'Turvakaukalo Isofix-alustalla', 'Selkänojallinen istuinkoroke', 'Britax Römer Dualfix'),
        shop(153, 'Syöttötuolit', 'High chairs', [15, 220], 'Stokke Tripp Trapp, luonnonvärinen', 'Puinen syöttötuoli, valkoinen', 'Kokoontaittuva syöttötuoli', 'Matkasyöttöistuin')),
      section(154, 'Lastenvaatteet', "Children's clothing",
        shop(155, 'Vauvanvaatteet', 'Baby clothes', [2, 60], 'Vauvanvaatepaketti, 62-68 cm', 'Merinovillainen vauvan haalari', 'Neulottu vauvasetti, pipo ja sukat', 'Harsoliinat, 4 kpl'),
        shop(156, 'Lasten ulkovaatteet', 'Kids outerwear', [10, 150], 'Reiman talvihaalari, 104 cm', 'Sadehousut ja -takki, 98 cm', 'Kuoman talvikengät ja haalari', 'Softshell-takki, 116 cm'),
        shop(157, 'Lasten urheiluvaatteet', 'Kids sportswear', [5, 90], 'Jalkapallokengät, koko 33', 'Lasten hiihtovarusteet', 'Voimistelupuku, 128 cm', 'Jääkiekkovarusteet 7-vuotiaalle')),
      section(158, 'Pihaleikit', 'Outdoor play',
        shop(159, 'Trampoliinit', 'Trampolines', [40, 500], 'Trampoliini 4,3 m turvaverkolla', 'Pieni trampoliini taaperoille', 'Maahan upotettava trampoliini 3 m', 'Trampoliinin tikkaat ja suoja'),
        shop(160, 'Pulkat ja kelkat', 'Sledges', [5, 120], 'Puinen kelkka, 1950-luku', 'Ohjattava stigakelkka', 'Potkukelkka, Esla', 'Muovipulkat, 3 kpl'),
        shop(161, 'Leikkimökit', 'Playhouses', [60, 1200], 'Puinen leikkimökki 2 x 2 m', 'Leikkitorni liukumäellä', 'Hiekkalaatikko kannella', 'Keinuteline, 2 keinua')),
    ],
  },
  {
    id: 162,
    title: 'Työkalut ja rakentaminen',
    name: 'Tools & DIY',
    hue: 90,
    sections: [
      section(163, 'Sähkötyökalut', 'Power tools',
        shop(164, 'Porakoneet ja ruuvinvääntimet', 'Drills & drivers', [25, 500], 'Makita 18 V porakone, 2 akkua', 'Bosch GBH 2-26 -poravasara', 'DeWalt-iskuväännin, paketti', 'Milwaukee M12 -porakone, runko'),
        shop(165, 'Sahat', 'Saws', [30, 900], 'Jiirisaha, 254 mm', 'Akkukäyttöinen pyörösaha 18 V', 'Stihl MS 261 -moottorisaha', 'Pöytäsirkkeli jalustalla'),
        shop(166, 'Hiomakoneet', 'Sanders', [20, 450], 'Festool ETS 125 -hiomakone', 'Nauhahiomakone, 900 W', 'Monitoimihiomakone ja hiomapaperit', 'Seinä- ja kattohiomakone')),
      section(167, 'Käsityökalut', 'Hand tools',
        shop(168, 'Työkalusarjat', 'Tool sets', [15, 600], 'Mekaanikon työkalusarja, 216 osaa', 'Fiskars-puutarhatyökalusarja', 'Bahco-työkalulaatikko työkaluineen', 'Puusepän työkalut, vintage'),
        shop(169, 'Kiintoavaimet ja hylsyt', 'Wrenches & sockets', [8, 250], 'Hylsysarja 1/2", 32 osaa', 'Lenkkikiintoavaimet 8-22 mm', 'Momenttiavain 40-200 Nm', 'Jakoavaimet, 3 kpl'),
        shop(170, 'Mittaustyökalut', 'Measuring tools', [8, 450], 'Laseretäisyysmittari 50 m', 'Ristilinjalaser', 'Digitaalinen työntömitta 150 mm', 'Vesivaa\'at, 3 pituutta')),
      section(171, 'Rakennustarvikkeet', 'Building materials',
        shop(172, 'Puutavara', 'Timber', [20, 900], 'Höylättyä kuusilautaa 22x100, 60 m', 'Painekyllästetty terassilauta 28x120', 'Koivuvanerilevyt, 10 kpl', 'Hirsimökin hirsiä, ylijäämä'),
        shop(173, 'Laatat', 'Tiles', [15, 600], 'Posliiniset lattialaatat 60x60, 20 m²', 'Metrolaatat, valkoiset, 8 m²', 'Mosaiikkilaatat saunaan', 'Terrakottalaatat, 12 m²'),
        shop(174, 'Maalit', 'Paint', [5, 200], 'Tikkurila Valtti -puunsuoja 9 l', 'Sisäseinämaali, valkoinen 9 l', 'Punamulta 10 l', 'Pellavaöljymaali, okra')),
      section(175, 'Lämmitys ja LVI', 'Heating & Plumbing',
        shop(176, 'Lämpöpumput', 'Heat pumps', [200, 2500], 'Ilmalämpöpumppu, 6 kW', 'Mitsubishi ilma-ilmalämpöpumppu', 'Poistoilmalämpöpumppu', 'Lämpöpumpun ulkoyksikön teline'),
        shop(177, 'Takat ja kamiinat', 'Fireplaces & stoves', [60, 2500], 'Harvia-kiuas 16 kW', 'Valurautainen puukamiina', 'Vuolukivitakka, Tulikivi', 'Savupiippusarja, 2 m'),
        shop(178, 'Kylpyhuonekalusteet', 'Bathroom fixtures', [15, 900], 'Oras-suihkuhana', 'Pesuallas kaapilla 60 cm', 'WC-istuimen kansi, hidastettu', 'Sähköinen pyyhekuivain')),
    ],
  },
  {
    id: 179,
    title: 'Taide ja harrastukset',
    name: 'Art & Crafts',
    hue: 295,
    sections: [
      section(180, 'Taide', 'Art',
        shop(181, 'Maalaukset', 'Paintings', [40, 4000], 'Öljymaalaus järvimaisemasta', 'Akvarelli Helsingin satamasta', 'Abstrakti akryylimaalaus kankaalle 80x100', 'Öljyvärimuotokuva, 1940-luku'),
        shop(182, 'Grafiikka ja julisteet', 'Prints & posters', [10, 600], 'Tove Janssonin vedos, signeerattu', 'Suomalaisen taiteilijan litografia', 'Vintage-matkailujuliste, Suomi', 'Kehystetyt kasvitaulut, 3 kpl'),
        shop(183, 'Veistokset', 'Sculptures', [30, 2500], 'Pronssiveistos, karhu', 'Puuveistos, pöllö', 'Keraaminen veistos, 1960-luku', 'Vuolukivihahmo, hylje')),
      section(127, 'Käsityöt ja harrastukset', 'Crafts & Hobbies',
        shop(184, 'Langat ja neulonta', 'Yarn & knitting', [3, 150], 'Novita 7 Veljestä -lanka, 20 kerää', 'Puiset neulepuikot, koko sarja', 'Alpakkalankaerä, harmaa', 'Sukkalangan jämät, 2 kg'),
        shop(185, 'Ompelukoneet', 'Sewing machines', [30, 900], 'Husqvarna Viking -ompelukone', 'Bernina 1008', 'Saumuri, 4 lankaa', 'Singer-poljinompelukone, 1920-luku'),
        shop(186, 'Pienoismallit', 'Model building', [5, 400], 'Märklin H0 -junarata', 'Muoviset pienoismallit, 6 lentokonetta', 'RC-auto 1:10, sähkö', 'Puinen laivan pienoismalli')),
      section(187, 'Toimisto ja yritys', 'Office & Business',
        shop(188, 'Toimistokalusteet', 'Office furniture', [30, 900], 'Sähköpöytä 160 cm', 'Arkistokaapit, 2 kpl', 'Neuvottelupöytä ja 8 tuolia', 'Neuvotteluhuoneen valkotaulu'),
        shop(189, 'Ravintolalaitteet', 'Restaurant equipment', [60, 4000], 'Ammattiastianpesukone', 'Teräksinen työpöytä', 'Yhdistelmäuuni, 6 pellille', 'Jäätelövitriinipakastin'),
        shop(190, 'Myymäläkalusteet', 'Shop fittings', [20, 1500], 'Vaaterekit pyörillä, 4 kpl', 'Lasinen vitriinikaappi', 'Kassakone ja kassalaatikko', 'Hyllyt, 6 osaa')),
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
