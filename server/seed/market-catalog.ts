// What other sellers sold on the demo marketplace (the market history, market-history.ts): for
// every leaf of the category tree, the kinds of thing sold there (a noun in the forms sellers
// write it: one, several, "some of"), who made them, and what they fetch new. Finnish, as the
// marketplace's sellers write. A product is a maker and a noun; its price is the leaf's typical
// price times a factor of its own (so "Arabia kahvikuppi" and "Iittala kahvikuppi" sell apart).
//
// Each line: leaf id, [typical new price low, high] in euros, nouns `singular|plural|partitive`
// separated by `;`, makers separated by `,`, details a title may carry, separated by `,` (a
// decimal comma inside one is written `~`).

export interface CatalogNoun {
  /** "kahvikuppi" */
  one: string;
  /** "kahvikupit" */
  many: string;
  /** "kahvikuppeja": "some cups" */
  some: string;
}

export interface CatalogLeaf {
  leafId: number;
  price: readonly [number, number];
  nouns: readonly CatalogNoun[];
  makers: readonly string[];
  details: readonly string[];
}

type Line = readonly [id: number, price: readonly [number, number], nouns: string, makers: string, details: string];

const LINES: readonly Line[] = [
  [4, [150, 1400], 'sohva|sohvat|sohvia;vuodesohva|vuodesohvat|vuodesohvia', 'Isku,Asko,Sotka,IKEA Kivik,Vepsäläinen,Bolia', 'harmaa,kangasverhoiltu,nahkainen,kolmen istuttava,divaaniosalla'],
  [5, [40, 900], 'ruokapöytä|ruokapöydät|ruokapöytiä;sohvapöytä|sohvapöydät|sohvapöytiä', 'Artek,Isku,IKEA,Vepsäläinen,Muurame', 'koivu,tammi,valkoinen,jatkettava,pyöreä'],
  [6, [15, 420], 'tuoli|tuolit|tuoleja;keinutuoli|keinutuolit|keinutuoleja', 'Artek,Isku,IKEA,Thonet,Martela', 'koivu,pinottava,4 kpl,musta,pehmustettu'],
  [8, [10, 260], 'paistinpannu|paistinpannut|paistinpannuja;kattila|kattilat|kattiloita', 'Fiskars,Hackman,Le Creuset,Tefal,Iittala Sarpaneva', '28 cm,valurauta,teräs,induktio,kannella'],
  [9, [8, 320], 'kahvikuppi|kahvikupit|kahvikuppeja;lautanen|lautaset|lautasia;muki|mukit|mukeja', 'Arabia Paratiisi,Arabia Valencia,Iittala Teema,Arabia Ruska,Marimekko Oiva,Arabia 24h', 'sininen,musta,alkuperäinen,vintage,aluslautasineen'],
  [10, [15, 450], 'kahvinkeitin|kahvinkeittimet|kahvinkeittimiä;yleiskone|yleiskoneet|yleiskoneita;airfryer|airfryerit|airfryereita', 'Moccamaster,KitchenAid,Philips,Bosch,Electrolux', 'musta,1000 W,5~5 l,ajastimella'],
  [12, [30, 800], 'puutarhakalusteet|puutarhakalusteet|puutarhakalusteita;aurinkotuoli|aurinkotuolit|aurinkotuoleja', 'Hillerstorp,IKEA Äpplarö,Jysk,Hartman', 'tiikki,rottinki,taitettava,4 hengen'],
  [13, [3, 80], 'taimi|taimet|taimia;siemenpussi|siemenpussit|siemenpusseja;huonekasvi|huonekasvit|huonekasveja', 'alppiruusu,mustaherukka,monstera,tomaatti,omenapuu', 'iso,ruukussa,luomu,talvenkestävä'],
  [14, [80, 1500], 'ruohonleikkuri|ruohonleikkurit|ruohonleikkureita;robottiruohonleikkuri|robottiruohonleikkurit|robottiruohonleikkureita', 'Husqvarna,Honda,Stiga,Makita,Bosch', 'itsevetävä,36 V,bensiini,latausasemalla'],
  [16, [20, 650], 'riippuvalaisin|riippuvalaisimet|riippuvalaisimia;lattiavalaisin|lattiavalaisimet|lattiavalaisimia;pöytävalaisin|pöytävalaisimet|pöytävalaisimia', 'Artek,Secto,Innolux,Louis Poulsen,Le Klint', 'A330S,koivu,messinki,valkoinen'],
  [17, [20, 700], 'matto|matot|mattoja;räsymatto|räsymatot|räsymattoja;ryijy|ryijyt|ryijyjä', 'VM-Carpet,Finarte,Pappelina,IKEA', '80 x 250 cm,villa,200 x 300 cm,käsinkudottu'],
  [18, [15, 350], 'peili|peilit|peilejä;peilikaappi|peilikaapit|peilikaappeja', 'IKEA,Jysk,Hay,Pentik', 'pyöreä,kullattu,soikea,jalallinen'],
  [21, [60, 1100], 'älypuhelin|älypuhelimet|älypuhelimia;puhelin|puhelimet|puhelimia', 'iPhone 13,iPhone 14,Samsung Galaxy S22,Google Pixel 7a,OnePlus Nord 3,iPhone 12', '128 Gt,256 Gt,musta,ei operaattorilukkoa'],
  [22, [5, 90], 'laturi|laturit|latureita;suojakuori|suojakuoret|suojakuoria;varavirtalähde|varavirtalähteet|varavirtalähteitä', 'Anker,Belkin,Apple,Samsung,Xiaomi', 'USB-C,65 W,20000 mAh,iPhone 14'],
  [23, [15, 300], 'matkapuhelin|matkapuhelimet|matkapuhelimia;lankapuhelin|lankapuhelimet|lankapuhelimia', 'Nokia 3310,Nokia 8110,Nokia 6310i,Nokia Communicator 9210i,Ericsson T28', 'alkuperäinen,laturilla,toimiva,keräilykunto'],
  [25, [150, 2200], 'kannettava|kannettavat|kannettavia;läppäri|läppärit|läppäreitä', 'MacBook Air M1,MacBook Pro M2,Lenovo ThinkPad T14,Dell XPS 13,ASUS ZenBook 14', '8/256 Gt,16 Gt,i7,Ryzen 5'],
  [26, [150, 2500], 'pöytäkone|pöytäkoneet|pöytäkoneita;pelitietokone|pelitietokoneet|pelitietokoneita', 'Mac mini M2,HP EliteDesk,Dell OptiPlex,RTX 3070,Lenovo ThinkCentre', '32 Gt RAM,512 Gt,SSD,Windows 11'],
  [27, [60, 900], 'näyttö|näytöt|näyttöjä;monitori|monitorit|monitoreja', 'Dell UltraSharp,LG UltraWide,BenQ,Samsung Odyssey,Eizo', '27",24",4K,IPS,144 Hz'],
  [29, [20, 450], 'kuulokkeet|kuulokkeet|kuulokkeita;nappikuulokkeet|nappikuulokkeet|nappikuulokkeita', 'Sony WH-1000XM4,Sennheiser HD 600,AirPods Pro,Bose QuietComfort 45,Jabra Elite', 'vastamelu,langattomat,kotelo,musta'],
  [30, [40, 2000], 'kaiutin|kaiuttimet|kaiuttimia;kaiutinpari|kaiutinparit|kaiutinpareja', 'Genelec 8030,Sonos One,Amphion Argon,JBL Charge 5,Bose', 'bluetooth,valkoinen,studiomonitorit,aktiivi'],
  [31, [60, 1200], 'levysoitin|levysoittimet|levysoittimia;vinyylisoitin|vinyylisoittimet|vinyylisoittimia', 'Technics SL-1200,Rega Planar 2,Pro-Ject Debut,Linn Sondek,Thorens', 'äänirasialla,huollettu,MK2,kansi'],
  [33, [120, 2000], 'kamera|kamerat|kameroita;kamerarunko|kamerarungot|kamerarunkoja', 'Fujifilm X-T3,Canon EOS 6D,Sony A7 III,Ricoh GR III,Nikon D750', 'runko,kit-objektiivi,akku,laturi'],
  [34, [60, 1500], 'objektiivi|objektiivit|objektiiveja;linssi|linssit|linssejä', 'Canon EF 50 mm,Fujinon XF 35 mm,Sigma 24-70 mm,Nikon 70-200 mm,Sony FE 85 mm', 'f/1.8,f/2.8,f/4,suojalla'],
  [35, [30, 900], 'filmikamera|filmikamerat|filmikameroita;kinofilmikamera|kinofilmikamerat|kinofilmikameroita', 'Olympus OM-1,Pentax K1000,Hasselblad 500C/M,Canon AE-1,Nikon FM2', '50 mm,testattu,hihnalla,kotelo'],
  [37, [60, 550], 'pelikonsoli|pelikonsolit|pelikonsoleja;konsoli|konsolit|konsoleja', 'PlayStation 5,Nintendo Switch OLED,Xbox Series S,Super Nintendo,PlayStation 4', 'ohjain,levyasema,valkoinen,512 Gt'],
  [38, [5, 80], 'peli|pelit|pelejä;videopeli|videopelit|videopelejä', 'Elden Ring PS5,Red Dead Redemption 2 Xbox,FIFA 23 PS4,God of War PS5,Gran Turismo 7 PS5', 'suomenkielinen,kotelo,kuin uusi'],
  [39, [15, 150], 'ohjain|ohjaimet|ohjaimia;peliohjain|peliohjaimet|peliohjaimia', 'DualSense,Xbox Elite Series 2,Switch Pro Controller,DualShock 4,Logitech G29', 'musta,valkoinen,langaton'],
  [457, [15, 70], 'peli|pelit|pelejä;Switch-peli|Switch-pelit|Switch-pelejä', 'Super Mario Odyssey,Zelda Breath of the Wild,Mario Kart 8 Deluxe,Animal Crossing,Pokémon Violet', 'Nintendo Switch,kotelo,suomiversio'],
  [41, [1500, 28000], 'sedan|sedanit|sedaneita;henkilöauto|henkilöautot|henkilöautoja', 'Toyota Corolla,Volkswagen Passat,Skoda Octavia,Volvo S60,Audi A4', '2016,2019,katsastettu,automaatti'],
  [42, [1500, 30000], 'farmari|farmarit|farmareita;farmariauto|farmariautot|farmariautoja', 'Volvo V70,Skoda Superb Combi,Toyota Avensis,Audi A4 Avant,Volkswagen Passat Variant', '2012,2018,vetokoukku,diesel'],
  [43, [4000, 45000], 'maastoauto|maastoautot|maastoautoja;katumaasturi|katumaasturit|katumaastureita', 'Toyota RAV4,Kia Sportage,Nissan Qashqai,Volvo XC60,Skoda Kodiaq', 'AWD,hybridi,2017,2020'],
  [45, [1500, 14000], 'moottoripyörä|moottoripyörät|moottoripyöriä;katupyörä|katupyörät|katupyöriä', 'Yamaha MT-07,Honda CB500F,Kawasaki Z650,BMW R 1200 R,Suzuki SV650', '2016,2018,ABS,huollettu'],
  [46, [300, 3500], 'skootteri|skootterit|skoottereita;mopo|mopot|mopoja', 'Vespa Primavera,Yamaha Aerox,Honda PCX 125,Peugeot Kisbee,Derbi Senda', '50 cc,45 km/h,2017,kypärä'],
  [47, [1000, 9000], 'crossipyörä|crossipyörät|crossipyöriä;enduropyörä|enduropyörät|enduropyöriä', 'KTM 250 EXC,Husqvarna TE 300i,Honda CRF250F,Yamaha WR 250 R,Beta RR', '2015,2019,rekisterissä,huollettu'],
  [49, [2000, 40000], 'moottorivene|moottoriveneet|moottoriveneitä;perämoottorivene|perämoottoriveneet|perämoottoriveneitä', 'Buster L,Terhi 475,Yamarin 56,Finnmaster 6000,Suvi 46', '60 hv,traileri,2008,2012'],
  [50, [150, 2500], 'soutuvene|soutuveneet|soutuveneitä;kumivene|kumiveneet|kumiveneitä', 'Terhi Saiman,Terhi 385,Pioner,Linder,Suvi', '4~5 m,airot,lasikuitu,puinen'],
  [51, [150, 6000], 'perämoottori|perämoottorit|perämoottoreita;uistelumoottori|uistelumoottorit|uistelumoottoreita', 'Yamaha 9~9 hv,Mercury 5 hv,Honda BF20,Suzuki DF15,Minn Kota', 'pitkä rikka,lyhyt rikka,nelitahtinen,sähköinen'],
  [53, [60, 1200], 'kesärenkaat|kesärenkaat|kesärenkaita;talvirenkaat|talvirenkaat|talvirenkaita;vanteet|vanteet|vanteita', 'Nokian Hakkapeliitta R5,Michelin Primacy,Continental,Nokian Hakkapeliitta 10,BBS', '205/55 R16,225/45 R17,5x112,4 kpl'],
  [54, [20, 600], 'autostereo|autostereot|autostereoita;subwoofer|subwooferit|subwoofereita;autokamera|autokamerat|autokameroita', 'Pioneer,Kenwood,JVC,Alpine,Garmin', '2-DIN,CarPlay,vahvistin,etu ja taka'],
  [55, [30, 600], 'kattoboksi|kattoboksit|kattobokseja;kattoteline|kattotelineet|kattotelineitä;pyöräteline|pyörätelineet|pyörätelineitä', 'Thule Motion XT,Thule,Yakima,Menabo,Atera', 'L,XL,vetokoukkuun,Volvo V70'],
  [58, [10, 250], 'mekko|mekot|mekkoja;iltapuku|iltapuvut|iltapukuja', 'Marimekko Unikko,Ivana Helsinki,Zara,Vero Moda,Samuji', 'koko 38,koko M,pellava,musta'],
  [59, [20, 450], 'takki|takit|takkeja;villakangastakki|villakangastakit|villakangastakkeja;parka|parkat|parkoja', 'Makia,Reima,Luhta,Mango,Joutsen', 'koko 40,koko S,untuva,kamelinruskea'],
  [60, [8, 150], 'neule|neuleet|neuleita;villapaita|villapaidat|villapaitoja;neuletakki|neuletakit|neuletakkeja', 'Marimekko,Samuji,Ril\'s,Uniqlo,Dale of Norway', 'merinovilla,koko S,käsinneulottu,luonnonvalkoinen'],
  [62, [8, 120], 'paita|paidat|paitoja;kauluspaita|kauluspaidat|kauluspaitoja;flanellipaita|flanellipaidat|flanellipaitoja', 'Eton,Ralph Lauren,Marimekko,Levi\'s,Jack & Jones', 'koko 41,koko L,pellava,valkoinen'],
  [63, [30, 600], 'puku|puvut|pukuja;bleiseri|bleiserit|bleisereitä;smokki|smokit|smokkeja', 'Hugo Boss,Turo,Tiger of Sweden,Oscar Jacobson,Dressmann', 'koko 50,koko 52,villa,laivastonsininen'],
  [64, [25, 450], 'kuoritakki|kuoritakit|kuoritakkeja;untuvatakki|untuvatakit|untuvatakkeja;softshell-takki|softshell-takit|softshell-takkeja', 'Halti,Fjällräven Greenland,The North Face,Arc\'teryx,Haglöfs', 'Gore-Tex,koko L,koko XL,musta'],
  [66, [10, 250], 'nilkkurit|nilkkurit|nilkkureita;saappaat|saappaat|saappaita;juoksukengät|juoksukengät|juoksukenkiä', 'Nokian Jalkineet,Ecco,Dr. Martens,Asics,Vagabond', 'koko 38,koko 39,nahka,mustat'],
  [67, [15, 300], 'kengät|kengät|kenkiä;talvikengät|talvikengät|talvikenkiä;tennarit|tennarit|tennareita', 'Ecco,Nike Air Max,Adidas,Red Wing,Sievi', 'koko 43,koko 44,nahka,goretex'],
  [68, [5, 80], 'lastenkengät|lastenkengät|lastenkenkiä;välikausikengät|välikausikengät|välikausikenkiä;kumisaappaat|kumisaappaat|kumisaappaita', 'Reima,Kavat,Superfit,Viking,Nokian Jalkineet', 'koko 24,koko 28,tarranauha,vedenpitävät'],
  [70, [15, 900], 'käsilaukku|käsilaukut|käsilaukkuja;olkalaukku|olkalaukut|olkalaukkuja', 'Marimekko,Louis Vuitton,Michael Kors,Longchamp,Balmuir', 'nahka,musta,ruskea,pölypussi'],
  [71, [30, 4000], 'rannekello|rannekellot|rannekelloja;kello|kellot|kelloja;älykello|älykellot|älykelloja', 'Seiko,Tissot,Omega Seamaster,Garmin Fenix,Casio G-Shock', 'automaatti,teräs,laatikko,paperit'],
  [72, [15, 1500], 'sormus|sormukset|sormuksia;kaulakoru|kaulakorut|kaulakoruja;korvakorut|korvakorut|korvakoruja', 'Kalevala Koru,Lapponia,Pandora,Aarikka,Tillander', 'hopea,kulta,18 k,timantti'],
  [75, [5, 800], 'kolikko|kolikot|kolikoita;markka|markat|markkoja', '1 markka 1865,10 penniä 1917,5 markkaa 1928,2 euroa 2002,100 markkaa 1959', 'hopea,kl 8,kiiltolyönti,sarja'],
  [76, [5, 500], 'seteli|setelit|seteleitä;markkaseteli|markkasetelit|markkaseteleitä', '1000 markkaa 1955,50 markkaa 1986,10 markkaa 1963,500 markkaa 1956,5 markkaa 1963', 'kl 6,UNC,litt. A,sarja'],
  [77, [15, 900], 'juhlaraha|juhlarahat|juhlarahoja;juhlakolikko|juhlakolikot|juhlakolikoita', 'Suomen Pankki,Rahapaja,Sibelius,Olympia 1952,Euro 10 €', 'hopea,kotelo,proof,todistus'],
  [79, [3, 400], 'postimerkki|postimerkit|postimerkkejä;merkkisarja|merkkisarjat|merkkisarjoja', 'Leijona,Vaakuna,Punainen Risti,Joulumerkki,Mannerheim', 'leimattu,postituore,1930-luku,kokoelma'],
  [80, [3, 300], 'postimerkki|postimerkit|postimerkkejä;merkkikokoelma|merkkikokoelmat|merkkikokoelmia', 'Ruotsi,Saksa,Neuvostoliitto,Yhdysvallat,Iso-Britannia', 'albumissa,leimattu,1950-luku,lajittelematon'],
  [81, [3, 100], 'ensipäiväkuori|ensipäiväkuoret|ensipäiväkuoria;FDC-kuori|FDC-kuoret|FDC-kuoria', 'Posti,Suomen Posti,Ahvenanmaa,Joulu,Olympia', '1970-luku,kokoelma,leimattu'],
  [83, [10, 1200], 'maljakko|maljakot|maljakoita;lasiesine|lasiesineet|lasiesineitä;keramiikkakulho|keramiikkakulhot|keramiikkakulhoja', 'Iittala Aalto,Nuutajärvi,Riihimäen Lasi,Arabia Birger Kaipiainen,Kaj Franck', 'signeerattu,1960-luku,vihreä,ehjä'],
  [84, [20, 1500], 'hopealusikka|hopealusikat|hopealusikoita;hopeapikari|hopeapikarit|hopeapikareita;hopeakulho|hopeakulhot|hopeakulhoja', 'Kalevala Koru,Kultakeskus,Tillander,Alton,Hopeatehdas', '813H,leimattu,1950-luku,kaiverrettu'],
  [85, [60, 3000], 'kaappi|kaapit|kaappeja;lipasto|lipastot|lipastoja;piironki|piirongit|piironkeja', 'kustavilainen,rokokoo,jugend,talonpoikais,empire', 'mänty,koivu,1800-luku,entisöity'],
  [87, [10, 900], 'pelipaita|pelipaidat|pelipaitoja;nimikirjoitus|nimikirjoitukset|nimikirjoituksia;fanituote|fanituotteet|fanituotteita', 'Leijonat,Teemu Selänne,Kimi Räikkönen,HJK,Jokerit', 'signeerattu,1995,kehystetty,aito'],
  [104, [2, 150], 'postikortti|postikortit|postikortteja;joulukortti|joulukortit|joulukortteja', 'Helsinki,Tampere,Viipuri,Rudolf Koivu,Martta Wendelin', '1920-luku,kulkenut,kulkematon,nippu'],
  [105, [20, 800], 'mainoskyltti|mainoskyltit|mainoskyltteja;peltikyltti|peltikyltit|peltikylttejä', 'Coca-Cola,Fazer,Shell,Paulig,Hartwall', 'emali,1960-luku,alkuperäinen,iso'],
  [108, [200, 3500], 'maantiepyörä|maantiepyörät|maantiepyöriä;gravelpyörä|gravelpyörät|gravelpyöriä', 'Canyon Endurace,Trek Domane,Specialized Allez,Cube Attain,Giant Defy', 'runko 56,105,hiilikuitu,Ultegra'],
  [109, [150, 4000], 'maastopyörä|maastopyörät|maastopyöriä;sähköpyörä|sähköpyörät|sähköpyöriä', 'Cube,Trek Marlin,Scott Scale,Specialized Rockhopper,Tunturi', '29",27~5",täysjousitettu,Shimano'],
  [110, [5, 400], 'pyöräilykypärä|pyöräilykypärät|pyöräilykypäriä;pyöränvalo|pyöränvalot|pyöränvaloja;lukko|lukot|lukkoja', 'Giro,POC,Abus,Lezyne,Garmin Edge', 'koko M,ladattava,MIPS,ketjulukko'],
  [112, [30, 600], 'murtomaasukset|murtomaasukset|murtomaasuksia;hiihtosukset|hiihtosukset|hiihtosuksia;perinteisen sukset|perinteisen sukset|perinteisen suksia', 'Peltonen,Fischer,Madshus,Atomic,Rossignol', '190 cm,skin,siteet,luistelu'],
  [113, [50, 900], 'laskettelusukset|laskettelusukset|laskettelusuksia;laskettelumonot|laskettelumonot|laskettelumonoja', 'Atomic Redster,Rossignol,Head,Salomon,Elan', '170 cm,siteet,koko 27~5,carving'],
  [114, [10, 350], 'luistimet|luistimet|luistimia;retkiluistimet|retkiluistimet|retkiluistimia;jääkiekkoluistimet|jääkiekkoluistimet|jääkiekkoluistimia', 'Bauer,CCM,Lundhags,Graf,Nordic Skater', 'koko 42,koko 38,teroitettu,junior'],
  [116, [30, 800], 'teltta|teltat|telttoja;tunneliteltta|tunneliteltat|tunnelitelttoja', 'Hilleberg,Fjällräven Abisko,Big Agnes,Vaude,Savotta', '2 hengen,3 hengen,kevyt,kupoli'],
  [117, [20, 350], 'rinkka|rinkat|rinkkoja;reppu|reput|reppuja;päiväreppu|päivärepput|päivärepuja', 'Savotta Jääkäri,Fjällräven Kånken,Osprey,Deuter,Haglöfs', '60 l,30 l,sadesuoja,vihreä'],
  [118, [20, 450], 'makuupussi|makuupussit|makuupusseja;untuvamakuupussi|untuvamakuupussit|untuvamakuupusseja', 'Marmot,Mammut,Sea to Summit,Fjällräven,Halti', '-10 °C,untuva,kevyt,kompressiopussi'],
  [120, [15, 600], 'vapa|vavat|vapoja;heittovapa|heittovavat|heittovapoja;perhovapa|perhovavat|perhovapoja', 'Shimano,Abu Garcia,Sage,Loop,Daiwa', '9 jalkaa,#5,2~7 m,kaksiosainen'],
  [121, [10, 500], 'kela|kelat|keloja;avokela|avokelat|avokeloja;hyrräkela|hyrräkelat|hyrräkeloja', 'Shimano Stradic,Abu Garcia Ambassadeur,Daiwa,Penn,Okuma', '2500,siima,varapuola,huollettu'],
  [122, [2, 150], 'viehe|vieheet|viehejä;uistin|uistimet|uistimia;lusikka|lusikat|lusikoita', 'Rapala,Kuusamo,Abu Toby,Salmo,Blue Fox', '9 cm,kokoelma,lippa,10 kpl'],
  [125, [3, 80], 'romaani|romaanit|romaaneja;kirja|kirjat|kirjoja', 'Väinö Linna,Sofi Oksanen,Tove Jansson,Mika Waltari,Kari Hotakainen', '1. painos,sidottu,pokkari,kirjasarja'],
  [126, [3, 120], 'tietokirja|tietokirjat|tietokirjoja;keittokirja|keittokirjat|keittokirjoja', 'Otava,WSOY,Gummerus,Tammi,Docendo', 'sidottu,kuvitettu,uusi painos,historia'],
  [128, [2, 60], 'lastenkirja|lastenkirjat|lastenkirjoja;satukirja|satukirjat|satukirjoja', 'Muumi,Mauri Kunnas,Risto Räppääjä,Tatu ja Patu,Heinähattu', 'sidottu,kuvakirja,sarja,nippu'],
  [130, [3, 300], 'LP-levy|LP-levyt|LP-levyjä;vinyyli|vinyylit|vinyylejä', 'Beatles,Eppu Normaali,Juice Leskinen,Led Zeppelin,Pink Floyd', '1. painos,gatefold,VG+,alkuperäinen'],
  [131, [1, 60], 'CD-levy|CD-levyt|CD-levyjä;CD|CD:t|CD:itä', 'Nightwish,HIM,Apulanta,Metallica,Madonna', 'kotelo,boksi,erikoispainos,nippu'],
  [132, [2, 80], 'nuottikirja|nuottikirjat|nuottikirjoja;nuotit|nuotit|nuotteja', 'Fazer,Sibelius,Beatles,Pianokoulu,Laulu kulkee', 'piano,kitara,sovitukset,kuoro'],
  [134, [60, 3000], 'kitara|kitarat|kitaroita;sähkökitara|sähkökitarat|sähkökitaroita;akustinen kitara|akustiset kitarat|akustisia kitaroita', 'Fender Stratocaster,Gibson Les Paul,Yamaha,Landola,Ibanez', 'kotelo,vasenkätinen,USA,uudet kielet'],
  [135, [80, 5000], 'piano|pianot|pianoja;digitaalipiano|digitaalipianot|digitaalipianoja;syntetisaattori|syntetisaattorit|syntetisaattoreita', 'Yamaha,Roland,Nord,Korg,Fazer', 'telineellä,88 koskettimen,viritetty,pedaali'],
  [136, [40, 2500], 'rumpusetti|rumpusetit|rumpusettejä;virveli|virvelit|virvelejä;symbaali|symbaalit|symbaaleja', 'Pearl,Tama,Ludwig,Zildjian,Sonor', 'telineineen,14",lyöntipeltejä,harjoitus'],
  [98, [1, 40], 'DVD-kokoelma|DVD-kokoelmat|DVD-kokoelmia;DVD-boksi|DVD-boksit|DVD-bokseja', 'elokuvapaketti,sekalaiset,20 elokuvaa,tv-sarjat,lasten', 'DVD,suomitekstit,nippu'],
  [847, [2, 80], 'Blu-ray-kokoelma|Blu-ray-kokoelmat|Blu-ray-kokoelmia;Blu-ray-boksi|Blu-ray-boksit|Blu-ray-bokseja', 'elokuvapaketti,sekalaiset,10 elokuvaa,Steelbook,trilogia', 'Blu-ray,suomitekstit,nippu'],
  [1187, [10, 90], '4K-kokoelma|4K-kokoelmat|4K-kokoelmia;4K-boksi|4K-boksit|4K-bokseja', 'elokuvapaketti,Steelbook,trilogia,sekalaiset', '4K UHD,suomitekstit'],
  [142, [1, 50], 'VHS-kasetti|VHS-kasetit|VHS-kasetteja;VHS-kokoelma|VHS-kokoelmat|VHS-kokoelmia', 'sekalaiset,Disney,kauhu,vuokrakasetti,1980-luku', 'VHS,nippu'],
  [147, [5, 500], 'rakennussarja|rakennussarjat|rakennussarjoja;palikat|palikat|palikoita', 'LEGO Technic,LEGO Star Wars,LEGO City,Duplo,LEGO Creator', 'ohjeet,laatikko,kokoamaton,iso erä'],
  [148, [3, 200], 'nukke|nuket|nukkeja;nukkekoti|nukkekodit|nukkekoteja', 'Barbie,Baby Born,Sylvanian Families,Lundby,Our Generation', 'vaatteita,tarvikkeet,1990-luku,iso'],
  [149, [3, 120], 'lautapeli|lautapelit|lautapelejä;peli|pelit|pelejä', 'Afrikan tähti,Carcassonne,Catan,Monopoly,Alias', 'suomenkielinen,täydellinen,laajennus,avaamaton'],
  [151, [40, 900], 'lastenvaunut|lastenvaunut|lastenvaunuja;rattaat|rattaat|rattaita;yhdistelmävaunut|yhdistelmävaunut|yhdistelmävaunuja', 'Emmaljunga,Bugaboo Fox,Cybex,Britax,Brio', 'kopalla,sadesuoja,musta,harmaa'],
  [152, [20, 350], 'turvaistuin|turvaistuimet|turvaistuimia;turvakaukalo|turvakaukalot|turvakaukaloita', 'BeSafe,Britax Römer,Cybex,Maxi-Cosi,Axkid', 'isofix,selkä menosuuntaan,0-13 kg,9-18 kg'],
  [153, [15, 220], 'syöttötuoli|syöttötuolit|syöttötuoleja;kasvava tuoli|kasvavat tuolit|kasvavia tuoleja', 'Stokke Tripp Trapp,IKEA Antilop,Cybex,Hauck,Nomi', 'vauvasetti,pyökki,valkoinen,pehmuste'],
  [155, [2, 60], 'vauvanvaatteet|vauvanvaatteet|vauvanvaatteita;body|bodyt|bodyja;potkupuku|potkupuvut|potkupukuja', 'Polarn O. Pyret,Reima,Lindex,Metsola,Marimekko', 'koko 62,koko 74,paketti,puuvilla'],
  [156, [10, 150], 'välikausihaalari|välikausihaalarit|välikausihaalareita;talvihaalari|talvihaalarit|talvihaalareita;toppatakki|toppatakit|toppatakkeja', 'Reima,Didriksons,Lassie,Kuoma,Molo', 'koko 92,koko 110,vedenpitävä,heijastimet'],
  [157, [5, 90], 'urheiluasu|urheiluasut|urheiluasuja;tuulipuku|tuulipuvut|tuulipukuja;juniorin treenipaita|juniorin treenipaidat|juniorin treenipaitoja', 'Adidas,Nike,Puma,Kappa,Halti', 'koko 140,koko 152,musta,joukkue'],
  [159, [40, 500], 'trampoliini|trampoliinit|trampoliineja;trampoliiniverkko|trampoliiniverkot|trampoliiniverkkoja', 'Berg,Salta,North Trampoline,Jumpking,Plum', '3 m,4~3 m,turvaverkko,tikkaat'],
  [160, [5, 120], 'pulkka|pulkat|pulkkia;potkukelkka|potkukelkat|potkukelkkoja;stiga|stigat|stigoja', 'Stiga Snowracer,Kick-Sled,Esla,Hamax,Rukka', 'ohjattava,punainen,lasten,puinen'],
  [161, [60, 1200], 'leikkimökki|leikkimökit|leikkimökkejä;keinuteline|keinutelineet|keinutelineitä;hiekkalaatikko|hiekkalaatikot|hiekkalaatikoita', 'Lekebo,Hörby Bruk,Jysk,Plum,Kide', 'puinen,kuistilla,liukumäki,itse koottava'],
  [164, [25, 500], 'porakone|porakoneet|porakoneita;akkuporakone|akkuporakoneet|akkuporakoneita;ruuvinväännin|ruuvinvääntimet|ruuvinvääntimiä', 'Makita,Bosch,DeWalt,Milwaukee,Hilti', '18 V,2 akkua,laturi,salkku'],
  [165, [30, 900], 'pyörösaha|pyörösahat|pyörösahoja;kuviosaha|kuviosahat|kuviosahoja;moottorisaha|moottorisahat|moottorisahoja', 'Makita,Husqvarna,Stihl,Festool,Bosch', '18 V,laippa 40 cm,terä,akuton'],
  [166, [20, 450], 'hiomakone|hiomakoneet|hiomakoneita;kulmahiomakone|kulmahiomakoneet|kulmahiomakoneita;nauhahiomakone|nauhahiomakoneet|nauhahiomakoneita', 'Makita,Bosch,Festool,Mirka,Metabo', '125 mm,epäkesko,pölypussi,laikat'],
  [168, [15, 600], 'työkalusarja|työkalusarjat|työkalusarjoja;työkalupakki|työkalupakit|työkalupakkeja', 'Bahco,Gedore,Hazet,Stanley,Biltema', '100 osaa,salkku,kiintoavaimet,hylsyt'],
  [169, [8, 250], 'kiintoavain|kiintoavaimet|kiintoavaimia;hylsysarja|hylsysarjat|hylsysarjoja;momenttiavain|momenttiavaimet|momenttiavaimia', 'Bahco,Gedore,Hazet,Teng Tools,Kamasa', '8-19 mm,1/2",räikkä,kotelo'],
  [170, [8, 450], 'vesivaaka|vesivaa\'at|vesivaakoja;laser|laserit|lasereita;mittanauha|mittanauhat|mittanauhoja', 'Stabila,Bosch,Leica Disto,Hultafors,Makita', '60 cm,ristilinjalaser,5 m,jalusta'],
  [172, [20, 900], 'lankku|lankut|lankkuja;lauta|laudat|lautoja;terassilauta|terassilaudat|terassilautoja', 'mänty,kuusi,painekyllästetty,lämpökäsitelty,vaneri', '28x120,50x100,erä,höylätty'],
  [173, [15, 600], 'laatta|laatat|laattoja;lattialaatta|lattialaatat|lattialaattoja;seinälaatta|seinälaatat|seinälaattoja', 'Pukkila,Laattapiste,Marazzi,Mosaic,Villeroy & Boch', '30x60,m2,harmaa,valkoinen'],
  [174, [5, 200], 'maali|maalit|maaleja;talomaali|talomaalit|talomaaleja;sisämaali|sisämaalit|sisämaaleja', 'Tikkurila,Teknos,Uula,Flügger,Alcro', '9 l,2~7 l,punamulta,valkoinen'],
  [176, [200, 2500], 'ilmalämpöpumppu|ilmalämpöpumput|ilmalämpöpumppuja;lämpöpumppu|lämpöpumput|lämpöpumppuja', 'Mitsubishi,Panasonic,Toshiba,Daikin,Fujitsu', 'ulkoyksikkö,asennettuna,9 kW,Nordic'],
  [177, [60, 2500], 'kamiina|kamiinat|kamiinoita;takka|takat|takkoja;puuhella|puuhellat|puuhelloja', 'Jøtul,Nunnauuni,Contura,Kastor,Harvia', 'valurauta,leivinuuni,savupiippu,kiuas'],
  [178, [15, 900], 'pesuallas|pesualtaat|pesualtaita;kylpyhuonekaappi|kylpyhuonekaapit|kylpyhuonekaappeja;suihkuseinä|suihkuseinät|suihkuseiniä', 'Svedbergs,IDO,Hafa,Gustavsberg,Vitra', 'allaskaappi,80 cm,valkoinen,hana'],
  [181, [40, 4000], 'maalaus|maalaukset|maalauksia;öljyvärimaalaus|öljyvärimaalaukset|öljyvärimaalauksia;akvarelli|akvarellit|akvarelleja', 'Albert Edelfelt,Helene Schjerfbeck,Juhani Linnovaara,tuntematon taiteilija,Hugo Simberg', 'kehystetty,signeerattu,maisema,50x70'],
  [182, [10, 600], 'juliste|julisteet|julisteita;grafiikka|grafiikat|grafiikkaa;litografia|litografiat|litografioita', 'Marimekko,Tove Jansson,Tuula Lehtinen,Erik Bruun,Lasse Åberg', 'kehystetty,numeroitu,50x70,signeerattu'],
  [183, [30, 2500], 'veistos|veistokset|veistoksia;pronssiveistos|pronssiveistokset|pronssiveistoksia;puuveistos|puuveistokset|puuveistoksia', 'Wäinö Aaltonen,Kain Tapper,Emil Cedercreutz,tuntematon,Harri Koskinen', 'pronssi,puu,jalusta,signeerattu'],
  [184, [3, 150], 'lanka|langat|lankoja;villalanka|villalangat|villalankoja;puikko|puikot|puikkoja', 'Novita 7 veljestä,Drops,Lopi,Pirkkalanka,Addi', '100 g,erä,sukkalanka,pyöröpuikko'],
  [185, [30, 900], 'ompelukone|ompelukoneet|ompelukoneita;saumuri|saumurit|saumureita', 'Husqvarna Viking,Pfaff,Bernina,Janome,Singer', 'poljin,kotelo,huollettu,tietokoneohjattu'],
  [186, [5, 400], 'pienoismalli|pienoismallit|pienoismalleja;junarata|junaradat|junaratoja;pienoisrautatie|pienoisrautatiet|pienoisrautateitä', 'Märklin,Revell,Tamiya,Airfix,Hornby', 'H0,1:35,kokoamaton,veturi'],
  [188, [30, 900], 'työtuoli|työtuolit|työtuoleja;työpöytä|työpöydät|työpöytiä;sähköpöytä|sähköpöydät|sähköpöytiä', 'Martela,Kinnarps,Savo,IKEA Bekant,Isku', 'säädettävä,160x80,harmaa,ergonominen'],
  [189, [60, 4000], 'yhdistelmäuuni|yhdistelmäuunit|yhdistelmäuuneja;astianpesukone|astianpesukoneet|astianpesukoneita;kylmävitriini|kylmävitriinit|kylmävitriinejä', 'Rational,Electrolux Professional,Metos,Hobart,Wanhaus', '400 V,ruostumaton,huollettu,pöytämalli'],
  [190, [20, 1500], 'hylly|hyllyt|hyllyjä;myymälähylly|myymälähyllyt|myymälähyllyjä;kassapöytä|kassapöydät|kassapöytiä', 'Hako,Lindström,Metalliset,IKEA,Storeinstall', 'metalli,erä,valkoinen,pyörillä'],
  [193, [10, 200], 'lahjakortti|lahjakortit|lahjakortteja', 'Stockmann,S-ryhmä,Finnkino,K-Citymarket,Zalando,Power', '50 €,100 €,voimassa,sähköinen'],
  [194, [15, 400], 'lippu|liput|lippuja;pääsylippu|pääsyliput|pääsylippuja', 'Ruisrock,Flow Festival,Provinssi,Kansallisooppera,HIFK', '2 kpl,perjantai,VIP,istumapaikat'],
  [195, [15, 500], 'junalippu|junaliput|junalippuja;laivalippu|laivaliput|laivalippuja;lentolippu|lentoliput|lentolippuja', 'VR,Viking Line,Tallink Silja,Finnair,Onnibus', 'Helsinki-Tukholma,meno-paluu,hytti,2 henkeä'],
  [197, [40, 500], 'muuttoapu|muuttoavut|muuttoapuja;muuttokuljetus|muuttokuljetukset|muuttokuljetuksia', 'pakettiauto,kuljettaja,kantaja,peräkärry,Uusimaa', 'tunti,päivä,kaksi miestä,pääkaupunkiseutu'],
  [198, [50, 1500], 'remonttiapu|remonttiavut|remonttiapuja;laatoitus|laatoitukset|laatoituksia;maalaustyö|maalaustyöt|maalaustöitä', 'kylpyhuone,keittiö,terassi,julkisivu,parketti', 'kotitalousvähennys,kokemus,tarjous,nopeasti'],
  [199, [15, 300], 'tukiopetus|tukiopetukset|tukiopetuksia;pianotunti|pianotunnit|pianotunteja;kielikurssi|kielikurssit|kielikursseja', 'matematiikka,ruotsi,englanti,fysiikka,kitara', 'tunti,etänä,lukio,yläkoulu'],
  [527, [1, 150], 'erä|erät|eriä;laatikollinen|laatikolliset|laatikollisia;sekalainen tavara|sekalaiset tavarat|sekalaisia tavaroita', 'kirpputori,vintti,kuolinpesä,autotalli,mökki', 'nouto,iso erä,kaikki kerralla,halvalla'],
  [201, [1, 5], 'annetaan|annetaan|annetaan;ilmaiseksi|ilmaiseksi|ilmaiseksi', 'sohva,kirjahylly,lastenvaatteet,ruukut,polttopuut', 'nouto,heti,hyvälle kodille'],
  [202, [5, 150], 'vaihtokauppa|vaihtokaupat|vaihtokauppoja;vaihdetaan|vaihdetaan|vaihdetaan', 'lautapeli,LEGO,kamera,pyörä,PS5-peli', 'tai myydään,nouto,lähetys'],
];

/** Films per genre (as the film leaves under every disc format share their genres). */
const FILMS: Readonly<Record<string, readonly string[]>> = {
  'Anime': ['Henkien kätkemä', 'Naapurini Totoro', 'Akira', 'Prinsessa Mononoke', 'Your Name'],
  'Dokumentit': ['Planet Earth', 'Blue Planet', 'Metsän tarina', 'Free Solo', 'Hiljaiset sillat'],
  'Draama ja romantiikka': ['Titanic', 'Forrest Gump', 'Notting Hill', 'Casablanca', 'La La Land'],
  'Jännitys': ['Seitsemän', 'Uhrilampaat', 'Inception', 'Memento', 'Psyko'],
  'Kauhu': ['Hohto', 'Manaaja', 'Alien', 'Halloween', 'Se'],
  'Kaukoitä': ['Hiipivä tiikeri', 'Oldboy', 'Seitsemän samuraita', 'Hero', 'Parasite'],
  'Komedia': ['Monty Python', 'Kummeli', 'Hölmö ja hölmömpi', 'Airplane', 'Ghostbusters'],
  'Kotimaiset': ['Tuntematon sotilas', 'Mies vailla menneisyyttä', 'Kummeli Stories', 'Pahat pojat', 'Napapiirin sankarit'],
  'Lastenelokuvat': ['Leijonakuningas', 'Frozen', 'Toy Story', 'Muumit', 'Risto Räppääjä'],
  'Musiikki': ['Queen Live Aid', 'Bohemian Rhapsody', 'Nightwish Showtime', 'Mamma Mia', 'The Wall'],
  'Scifi ja fantasia': ['Taru sormusten herrasta', 'Tähtien sota', 'Blade Runner', 'Matrix', 'Dyyni'],
  'Sota ja western': ['Pelastakaa sotamies Ryan', 'Hyvät pahat ja rumat', 'Talvisota', 'Apocalypse Now', 'Unforgiven'],
  'TV-sarjat': ['Frendit', 'Game of Thrones', 'Sopranos', 'Breaking Bad', 'Kummeli'],
  'Toiminta ja seikkailu': ['Indiana Jones', 'Die Hard', 'Mad Max', 'Gladiaattori', 'Top Gun'],
  'Urheilu': ['Rocky', 'Rush', 'Leijonat 1995', 'Moneyball', 'Pelé'],
  'Muut animaatiot': ['Wallace ja Gromit', 'Shrek', 'Ratatouille', 'Coco', 'Up'],
  '3D-elokuvat': ['Avatar', 'Gravity', 'Hugo', 'Life of Pi', 'Prometheus'],
};

const FORMATS: Readonly<Record<number, { word: string; price: readonly [number, number] }>> = {
  138: { word: 'DVD', price: [2, 15] },
  139: { word: 'Blu-ray', price: [4, 25] },
  140: { word: '4K UHD', price: [10, 40] },
  141: { word: 'VHS', price: [1, 20] },
};

function noun(text: string): CatalogNoun {
  const [one, many, some] = text.split('|');
  if (!one || !many || !some) throw new Error(`a catalog noun needs three forms: ${text}`);
  return { one, many, some };
}

// A decimal comma is written `~` in the lines above (the comma separates).
const split = (text: string) => text.split(',').map((s) => s.trim().replaceAll('~', ',')).filter(Boolean);

/**
 * The leaves of the catalog: every line above, and one per film leaf (a genre under a disc
 * format): its films, the format's word and price. `filmLeaves` maps a film leaf's id to its
 * section (the format) and genre title.
 */
export function marketCatalog(filmLeaves: ReadonlyArray<{ id: number; sectionId: number; title: string }>): CatalogLeaf[] {
  const out: CatalogLeaf[] = LINES.map(([leafId, price, nouns, makers, details]) => ({
    leafId, price, nouns: nouns.split(';').map(noun), makers: split(makers), details: split(details),
  }));
  const listed = new Set(out.map((l) => l.leafId));
  for (const leaf of filmLeaves) {
    const format = FORMATS[leaf.sectionId];
    const films = FILMS[leaf.title];
    if (!format || !films || listed.has(leaf.id)) continue;
    out.push({
      leafId: leaf.id,
      price: format.price,
      nouns: [noun(`${format.word}|${format.word}|${format.word}`)],
      makers: films,
      details: ['suomitekstit', 'erikoisjulkaisu', 'kuin uusi', 'muoveissa'],
    });
  }
  return out;
}
