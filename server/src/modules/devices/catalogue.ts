import type { CategoryName } from '@shop/contract';

/**
 * The device catalogue the shop ships with: popular models of the six categories, each with the
 * options a buyer asks about (storage, RAM, connectivity make its priced variants; colours are a
 * separate choice) and its release year. Seeded into the `device` table by migration-time seeding
 * (seedDevices) when a model is missing; admins edit the table afterwards (/dashboard/devices), so
 * this file is the starting point, not the truth of a running shop. Written by hand from public
 * product pages; spot-check before relying on a detail.
 */
export type DeviceSeed = {
  category: CategoryName;
  brand: string;
  model: string;
  year: number;
  /** Case size (watches). */
  size?: string[];
  storage?: string[];
  ram?: string[];
  connectivity?: string[];
  colours: string[];
  /** Other names people type for it ("mbp 14"); synonyms of whole words live in SEARCH_SYNONYMS. */
  aliases?: string[];
};

type Opts = Omit<DeviceSeed, 'category' | 'brand' | 'model' | 'year'>;
const mk =
  (category: CategoryName, brand: string) =>
  (model: string, year: number, o: Opts): DeviceSeed => ({ category, brand, model, year, ...o });

const GB = (...n: number[]) => n.map((x) => (x >= 1024 ? `${x / 1024} TB` : `${x} GB`));

/* ---------- Laptops ---------- */
const apple = mk('Laptop', 'Apple');
const mbColours = ['Silver', 'Space Grey'];
const laptops: DeviceSeed[] = [
  apple('MacBook Air 13" M1', 2020, { storage: GB(256, 512, 1024), ram: GB(8, 16), colours: ['Silver', 'Space Grey', 'Gold'] }),
  apple('MacBook Air 13" M2', 2022, {
    storage: GB(256, 512, 1024),
    ram: GB(8, 16, 24),
    colours: ['Silver', 'Space Grey', 'Starlight', 'Midnight'],
  }),
  apple('MacBook Air 15" M2', 2023, {
    storage: GB(256, 512, 1024),
    ram: GB(8, 16),
    colours: ['Silver', 'Space Grey', 'Starlight', 'Midnight'],
  }),
  apple('MacBook Air 13" M3', 2024, {
    storage: GB(256, 512, 1024),
    ram: GB(8, 16, 24),
    colours: ['Silver', 'Space Grey', 'Starlight', 'Midnight'],
  }),
  apple('MacBook Air 15" M3', 2024, {
    storage: GB(256, 512, 1024),
    ram: GB(8, 16, 24),
    colours: ['Silver', 'Space Grey', 'Starlight', 'Midnight'],
  }),
  apple('MacBook Air 13" M4', 2025, {
    storage: GB(256, 512, 1024),
    ram: GB(16, 24, 32),
    colours: ['Silver', 'Sky Blue', 'Starlight', 'Midnight'],
  }),
  apple('MacBook Air 13" (2019)', 2019, { storage: GB(128, 256), ram: GB(8, 16), colours: ['Silver', 'Space Grey', 'Gold'] }),
  apple('MacBook Pro 13" M1', 2020, { storage: GB(256, 512, 1024), ram: GB(8, 16), colours: mbColours }),
  apple('MacBook Pro 13" M2', 2022, { storage: GB(256, 512, 1024), ram: GB(8, 16, 24), colours: mbColours }),
  apple('MacBook Pro 14" M1 Pro', 2021, { storage: GB(512, 1024, 2048), ram: GB(16, 32), colours: mbColours }),
  apple('MacBook Pro 16" M1 Pro', 2021, { storage: GB(512, 1024, 2048), ram: GB(16, 32), colours: mbColours }),
  apple('MacBook Pro 14" M2 Pro', 2023, { storage: GB(512, 1024, 2048), ram: GB(16, 32), colours: mbColours }),
  apple('MacBook Pro 16" M2 Pro', 2023, { storage: GB(512, 1024, 2048), ram: GB(16, 32), colours: mbColours }),
  apple('MacBook Pro 14" M3', 2023, { storage: GB(512, 1024), ram: GB(8, 16, 24), colours: mbColours }),
  apple('MacBook Pro 14" M3 Pro', 2023, { storage: GB(512, 1024, 2048), ram: GB(18, 36), colours: ['Silver', 'Space Black'] }),
  apple('MacBook Pro 16" M3 Max', 2023, {
    storage: GB(1024, 2048, 4096),
    ram: GB(36, 48, 64),
    colours: ['Silver', 'Space Black'],
  }),
  apple('MacBook Pro 14" M4', 2024, { storage: GB(512, 1024), ram: GB(16, 24, 32), colours: ['Silver', 'Space Black'] }),
  apple('MacBook Pro 14" M4 Pro', 2024, { storage: GB(512, 1024, 2048), ram: GB(24, 48), colours: ['Silver', 'Space Black'] }),
  apple('MacBook Pro 16" M4 Pro', 2024, { storage: GB(512, 1024, 2048), ram: GB(24, 48), colours: ['Silver', 'Space Black'] }),
  apple('MacBook Pro 16" (2019)', 2019, { storage: GB(512, 1024), ram: GB(16, 32), colours: mbColours }),
];
const dell = mk('Laptop', 'Dell');
const lenovo = mk('Laptop', 'Lenovo');
const hp = mk('Laptop', 'HP');
const asus = mk('Laptop', 'ASUS');
const acer = mk('Laptop', 'Acer');
const ms = mk('Laptop', 'Microsoft');
const razer = mk('Laptop', 'Razer');
const msi = mk('Laptop', 'MSI');
const samsungL = mk('Laptop', 'Samsung');
const lgL = mk('Laptop', 'LG');
const fw = mk('Laptop', 'Framework');
const win = (s: number[], r: number[], colours: string[]) => ({ storage: GB(...s), ram: GB(...r), colours });
laptops.push(
  dell('XPS 13 9310', 2020, win([256, 512, 1024], [8, 16, 32], ['Platinum Silver', 'Frost White'])),
  dell('XPS 13 9315', 2022, win([256, 512, 1024], [8, 16, 32], ['Sky', 'Umber'])),
  dell('XPS 13 Plus 9320', 2022, win([512, 1024], [16, 32], ['Platinum', 'Graphite'])),
  dell('XPS 15 9510', 2021, win([512, 1024], [16, 32], ['Platinum Silver'])),
  dell('XPS 15 9520', 2022, win([512, 1024], [16, 32], ['Platinum Silver'])),
  dell('XPS 17 9720', 2022, win([512, 1024, 2048], [16, 32], ['Platinum Silver'])),
  dell('Inspiron 15 3520', 2022, win([256, 512], [8, 16], ['Carbon Black', 'Platinum Silver'])),
  dell('Latitude 7420', 2021, win([256, 512], [16, 32], ['Carbon Fiber'])),
  dell('Latitude 5440', 2023, win([256, 512], [8, 16], ['Grey'])),
  dell('Alienware m15 R7', 2022, win([512, 1024], [16, 32], ['Dark Side of the Moon'])),
  lenovo('ThinkPad X1 Carbon Gen 9', 2021, win([256, 512, 1024], [16, 32], ['Black'])),
  lenovo('ThinkPad X1 Carbon Gen 10', 2022, win([256, 512, 1024], [16, 32], ['Black'])),
  lenovo('ThinkPad X1 Carbon Gen 11', 2023, win([512, 1024], [16, 32], ['Deep Black'])),
  lenovo('ThinkPad T14 Gen 3', 2022, win([256, 512], [16, 32], ['Thunder Black'])),
  lenovo('ThinkPad T480', 2018, win([256, 512], [8, 16], ['Black'])),
  lenovo('ThinkPad E14 Gen 4', 2022, win([256, 512], [8, 16], ['Black'])),
  lenovo('IdeaPad 5 14', 2021, win([256, 512], [8, 16], ['Graphite Grey', 'Abyss Blue'])),
  lenovo('Yoga 7i 14', 2022, win([512, 1024], [16], ['Storm Grey', 'Stone Blue'])),
  lenovo('Legion 5 Pro', 2022, win([512, 1024], [16, 32], ['Storm Grey'])),
  lenovo('Yoga Slim 7 Pro', 2021, win([512, 1024], [16], ['Slate Grey'])),
  hp('Spectre x360 14', 2021, win([512, 1024], [8, 16], ['Nightfall Black', 'Poseidon Blue'])),
  hp('Envy 13', 2021, win([256, 512], [8, 16], ['Natural Silver'])),
  hp('Pavilion 15', 2021, win([256, 512], [8, 16], ['Natural Silver', 'Fog Blue'])),
  hp('EliteBook 840 G8', 2021, win([256, 512], [16, 32], ['Silver'])),
  hp('Omen 16', 2022, win([512, 1024], [16, 32], ['Shadow Black'])),
  hp('Victus 15', 2022, win([512], [8, 16], ['Mica Silver', 'Performance Blue'])),
  asus('ZenBook 14 UX425', 2020, win([512, 1024], [8, 16], ['Pine Grey', 'Lilac Mist'])),
  asus('ZenBook 14 OLED UX3402', 2022, win([512, 1024], [8, 16], ['Ponder Blue', 'Aqua Celadon'])),
  asus('ROG Zephyrus G14 (2022)', 2022, win([512, 1024], [16, 32], ['Moonlight White', 'Eclipse Grey'])),
  asus('ROG Zephyrus G14 (2024)', 2024, win([512, 1024], [16, 32], ['Platinum White', 'Eclipse Grey'])),
  asus('ROG Strix G15', 2021, win([512, 1024], [16], ['Eclipse Grey'])),
  asus('TUF Gaming F15', 2022, win([512], [8, 16], ['Mecha Grey'])),
  asus('VivoBook 15', 2021, win([256, 512], [8, 16], ['Transparent Silver', 'Indie Black'])),
  acer('Swift 3 SF314', 2021, win([256, 512], [8, 16], ['Silver', 'Pink'])),
  acer('Swift Go 14', 2023, win([512, 1024], [16], ['Pure Silver'])),
  acer('Aspire 5', 2021, win([256, 512], [8, 16], ['Pure Silver'])),
  acer('Nitro 5', 2021, win([512], [8, 16], ['Shale Black'])),
  acer('Predator Helios 300', 2021, win([512, 1024], [16, 32], ['Abyssal Black'])),
  ms('Surface Laptop 4', 2021, win([256, 512, 1024], [8, 16, 32], ['Platinum', 'Matte Black', 'Ice Blue', 'Sandstone'])),
  ms('Surface Laptop 5', 2022, win([256, 512, 1024], [8, 16, 32], ['Platinum', 'Matte Black', 'Sage', 'Sandstone'])),
  ms('Surface Laptop Go 2', 2022, win([128, 256], [4, 8], ['Platinum', 'Ice Blue', 'Sage', 'Sandstone'])),
  ms('Surface Laptop Studio', 2021, win([256, 512, 1024], [16, 32], ['Platinum'])),
  ms('Surface Book 3', 2020, win([256, 512, 1024], [8, 16, 32], ['Platinum'])),
  razer('Blade 14 (2022)', 2022, win([1024], [16], ['Black', 'Mercury White'])),
  razer('Blade 15 (2022)', 2022, win([1024], [16, 32], ['Black'])),
  msi('Stealth 15M', 2021, win([512, 1024], [16], ['Carbon Grey'])),
  msi('Katana GF66', 2021, win([512], [8, 16], ['Black'])),
  msi('Prestige 14', 2021, win([512], [16], ['Carbon Grey', 'Urban Silver'])),
  samsungL('Galaxy Book3 Pro 14', 2023, win([512, 1024], [16], ['Graphite', 'Beige'])),
  samsungL('Galaxy Book2 Pro 360', 2022, win([256, 512], [8, 16], ['Graphite', 'Burgundy'])),
  lgL('gram 16 (2022)', 2022, win([512, 1024], [16], ['Obsidian Black', 'White'])),
  lgL('gram 14 (2023)', 2023, win([512], [16], ['Obsidian Black', 'White'])),
  fw('Laptop 13 (12th Gen)', 2022, win([512, 1024], [16, 32], ['Silver'])),
  mk('Laptop', 'Google')('Pixelbook Go', 2019, win([64, 128, 256], [8, 16], ['Just Black', 'Not Pink'])),
);

/* ---------- Phones ---------- */
const iphone = mk('Mobile', 'Apple');
const iph = (s: number[], colours: string[]) => ({ storage: GB(...s), colours });
const phones: DeviceSeed[] = [
  iphone('iPhone 11', 2019, iph([64, 128, 256], ['Black', 'White', 'Green', 'Yellow', 'Purple', 'Red'])),
  iphone('iPhone 11 Pro', 2019, iph([64, 256, 512], ['Space Grey', 'Silver', 'Gold', 'Midnight Green'])),
  iphone('iPhone 11 Pro Max', 2019, iph([64, 256, 512], ['Space Grey', 'Silver', 'Gold', 'Midnight Green'])),
  iphone('iPhone SE (2020)', 2020, iph([64, 128, 256], ['Black', 'White', 'Red'])),
  iphone('iPhone SE (2022)', 2022, iph([64, 128, 256], ['Midnight', 'Starlight', 'Red'])),
  iphone('iPhone 12 mini', 2020, iph([64, 128, 256], ['Black', 'White', 'Blue', 'Green', 'Purple', 'Red'])),
  iphone('iPhone 12', 2020, iph([64, 128, 256], ['Black', 'White', 'Blue', 'Green', 'Purple', 'Red'])),
  iphone('iPhone 12 Pro', 2020, iph([128, 256, 512], ['Graphite', 'Silver', 'Gold', 'Pacific Blue'])),
  iphone('iPhone 12 Pro Max', 2020, iph([128, 256, 512], ['Graphite', 'Silver', 'Gold', 'Pacific Blue'])),
  iphone('iPhone 13 mini', 2021, iph([128, 256, 512], ['Midnight', 'Starlight', 'Blue', 'Pink', 'Green', 'Red'])),
  iphone('iPhone 13', 2021, iph([128, 256, 512], ['Midnight', 'Starlight', 'Blue', 'Pink', 'Green', 'Red'])),
  iphone('iPhone 13 Pro', 2021, iph([128, 256, 512, 1024], ['Graphite', 'Silver', 'Gold', 'Sierra Blue', 'Alpine Green'])),
  iphone('iPhone 13 Pro Max', 2021, iph([128, 256, 512, 1024], ['Graphite', 'Silver', 'Gold', 'Sierra Blue', 'Alpine Green'])),
  iphone('iPhone 14', 2022, iph([128, 256, 512], ['Midnight', 'Starlight', 'Blue', 'Purple', 'Yellow', 'Red'])),
  iphone('iPhone 14 Plus', 2022, iph([128, 256, 512], ['Midnight', 'Starlight', 'Blue', 'Purple', 'Yellow', 'Red'])),
  iphone('iPhone 14 Pro', 2022, iph([128, 256, 512, 1024], ['Space Black', 'Silver', 'Gold', 'Deep Purple'])),
  iphone('iPhone 14 Pro Max', 2022, iph([128, 256, 512, 1024], ['Space Black', 'Silver', 'Gold', 'Deep Purple'])),
  iphone('iPhone 15', 2023, iph([128, 256, 512], ['Black', 'Blue', 'Green', 'Yellow', 'Pink'])),
  iphone('iPhone 15 Plus', 2023, iph([128, 256, 512], ['Black', 'Blue', 'Green', 'Yellow', 'Pink'])),
  iphone(
    'iPhone 15 Pro',
    2023,
    iph([128, 256, 512, 1024], ['Black Titanium', 'White Titanium', 'Blue Titanium', 'Natural Titanium']),
  ),
  iphone(
    'iPhone 15 Pro Max',
    2023,
    iph([256, 512, 1024], ['Black Titanium', 'White Titanium', 'Blue Titanium', 'Natural Titanium']),
  ),
  iphone('iPhone 16', 2024, iph([128, 256, 512], ['Black', 'White', 'Pink', 'Teal', 'Ultramarine'])),
  iphone('iPhone 16 Plus', 2024, iph([128, 256, 512], ['Black', 'White', 'Pink', 'Teal', 'Ultramarine'])),
  iphone(
    'iPhone 16 Pro',
    2024,
    iph([128, 256, 512, 1024], ['Black Titanium', 'White Titanium', 'Natural Titanium', 'Desert Titanium']),
  ),
  iphone(
    'iPhone 16 Pro Max',
    2024,
    iph([256, 512, 1024], ['Black Titanium', 'White Titanium', 'Natural Titanium', 'Desert Titanium']),
  ),
  iphone('iPhone 16e', 2025, iph([128, 256, 512], ['Black', 'White'])),
  iphone('iPhone XR', 2018, iph([64, 128, 256], ['Black', 'White', 'Blue', 'Yellow', 'Coral', 'Red'])),
  iphone('iPhone XS', 2018, iph([64, 256, 512], ['Space Grey', 'Silver', 'Gold'])),
];
const galaxy = mk('Mobile', 'Samsung');
const sam = (s: number[], r: number[], colours: string[]) => ({ storage: GB(...s), ram: GB(...r), colours });
phones.push(
  galaxy('Galaxy S20', 2020, sam([128], [8, 12], ['Cosmic Grey', 'Cloud Blue', 'Cloud Pink'])),
  galaxy('Galaxy S20 FE', 2020, sam([128, 256], [6, 8], ['Cloud Navy', 'Cloud Mint', 'Cloud Red', 'Cloud Lavender'])),
  galaxy('Galaxy S21', 2021, sam([128, 256], [8], ['Phantom Grey', 'Phantom White', 'Phantom Violet', 'Phantom Pink'])),
  galaxy('Galaxy S21 Ultra', 2021, sam([128, 256, 512], [12, 16], ['Phantom Black', 'Phantom Silver'])),
  galaxy('Galaxy S21 FE', 2022, sam([128, 256], [6, 8], ['Graphite', 'White', 'Olive', 'Lavender'])),
  galaxy('Galaxy S22', 2022, sam([128, 256], [8], ['Phantom Black', 'Phantom White', 'Green', 'Pink Gold'])),
  galaxy('Galaxy S22+', 2022, sam([128, 256], [8], ['Phantom Black', 'Phantom White', 'Green', 'Pink Gold'])),
  galaxy('Galaxy S22 Ultra', 2022, sam([128, 256, 512, 1024], [8, 12], ['Phantom Black', 'Phantom White', 'Burgundy', 'Green'])),
  galaxy('Galaxy S23', 2023, sam([128, 256, 512], [8], ['Phantom Black', 'Cream', 'Green', 'Lavender'])),
  galaxy('Galaxy S23+', 2023, sam([256, 512], [8], ['Phantom Black', 'Cream', 'Green', 'Lavender'])),
  galaxy('Galaxy S23 Ultra', 2023, sam([256, 512, 1024], [8, 12], ['Phantom Black', 'Cream', 'Green', 'Lavender'])),
  galaxy('Galaxy S23 FE', 2023, sam([128, 256], [8], ['Mint', 'Cream', 'Graphite', 'Purple'])),
  galaxy('Galaxy S24', 2024, sam([128, 256, 512], [8], ['Onyx Black', 'Marble Grey', 'Cobalt Violet', 'Amber Yellow'])),
  galaxy('Galaxy S24+', 2024, sam([256, 512], [12], ['Onyx Black', 'Marble Grey', 'Cobalt Violet', 'Amber Yellow'])),
  galaxy(
    'Galaxy S24 Ultra',
    2024,
    sam([256, 512, 1024], [12], ['Titanium Black', 'Titanium Grey', 'Titanium Violet', 'Titanium Yellow']),
  ),
  galaxy('Galaxy S25', 2025, sam([128, 256, 512], [12], ['Navy', 'Icyblue', 'Mint', 'Silver Shadow'])),
  galaxy(
    'Galaxy S25 Ultra',
    2025,
    sam([256, 512, 1024], [12, 16], ['Titanium Silverblue', 'Titanium Black', 'Titanium Gray', 'Titanium Whitesilver']),
  ),
  galaxy('Galaxy Z Flip4', 2022, sam([128, 256, 512], [8], ['Bora Purple', 'Graphite', 'Pink Gold', 'Blue'])),
  galaxy('Galaxy Z Flip5', 2023, sam([256, 512], [8], ['Mint', 'Graphite', 'Cream', 'Lavender'])),
  galaxy('Galaxy Z Flip6', 2024, sam([256, 512], [12], ['Blue', 'Yellow', 'Mint', 'Silver Shadow'])),
  galaxy('Galaxy Z Fold4', 2022, sam([256, 512, 1024], [12], ['Graygreen', 'Phantom Black', 'Beige'])),
  galaxy('Galaxy Z Fold5', 2023, sam([256, 512, 1024], [12], ['Icy Blue', 'Phantom Black', 'Cream'])),
  galaxy('Galaxy Z Fold6', 2024, sam([256, 512, 1024], [12], ['Silver Shadow', 'Pink', 'Navy'])),
  galaxy('Galaxy A14', 2023, sam([64, 128], [4, 6], ['Black', 'Silver', 'Light Green', 'Dark Red'])),
  galaxy('Galaxy A34', 2023, sam([128, 256], [6, 8], ['Awesome Graphite', 'Awesome Silver', 'Awesome Lime', 'Awesome Violet'])),
  galaxy('Galaxy A53', 2022, sam([128, 256], [6, 8], ['Awesome Black', 'Awesome White', 'Awesome Blue', 'Awesome Peach'])),
  galaxy('Galaxy A54', 2023, sam([128, 256], [6, 8], ['Awesome Graphite', 'Awesome White', 'Awesome Lime', 'Awesome Violet'])),
  galaxy('Galaxy A55', 2024, sam([128, 256], [8, 12], ['Awesome Navy', 'Awesome Iceblue', 'Awesome Lilac', 'Awesome Lemon'])),
  galaxy('Galaxy A15', 2024, sam([128, 256], [4, 6, 8], ['Blue Black', 'Light Blue', 'Yellow'])),
  galaxy('Galaxy M34', 2023, sam([128], [6, 8], ['Midnight Blue', 'Prism Silver', 'Waterfall Blue'])),
  galaxy('Galaxy Note20 Ultra', 2020, sam([256, 512], [12], ['Mystic Bronze', 'Mystic Black', 'Mystic White'])),
);
const pixel = mk('Mobile', 'Google');
phones.push(
  pixel('Pixel 6', 2021, sam([128, 256], [8], ['Stormy Black', 'Sorta Seafoam', 'Kinda Coral'])),
  pixel('Pixel 6 Pro', 2021, sam([128, 256, 512], [12], ['Stormy Black', 'Cloudy White', 'Sorta Sunny'])),
  pixel('Pixel 6a', 2022, sam([128], [6], ['Charcoal', 'Chalk', 'Sage'])),
  pixel('Pixel 7', 2022, sam([128, 256], [8], ['Obsidian', 'Snow', 'Lemongrass'])),
  pixel('Pixel 7 Pro', 2022, sam([128, 256, 512], [12], ['Obsidian', 'Snow', 'Hazel'])),
  pixel('Pixel 7a', 2023, sam([128], [8], ['Charcoal', 'Snow', 'Sea', 'Coral'])),
  pixel('Pixel 8', 2023, sam([128, 256], [8], ['Obsidian', 'Hazel', 'Rose', 'Mint'])),
  pixel('Pixel 8 Pro', 2023, sam([128, 256, 512, 1024], [12], ['Obsidian', 'Porcelain', 'Bay', 'Mint'])),
  pixel('Pixel 8a', 2024, sam([128, 256], [8], ['Obsidian', 'Porcelain', 'Bay', 'Aloe'])),
  pixel('Pixel 9', 2024, sam([128, 256], [12], ['Obsidian', 'Porcelain', 'Wintergreen', 'Peony'])),
  pixel('Pixel 9 Pro', 2024, sam([128, 256, 512, 1024], [16], ['Obsidian', 'Porcelain', 'Hazel', 'Rose Quartz'])),
  pixel('Pixel 9 Pro XL', 2024, sam([128, 256, 512, 1024], [16], ['Obsidian', 'Porcelain', 'Hazel', 'Rose Quartz'])),
  pixel('Pixel Fold', 2023, sam([256, 512], [12], ['Obsidian', 'Porcelain'])),
);
const op = mk('Mobile', 'OnePlus');
const xi = mk('Mobile', 'Xiaomi');
const so = mk('Mobile', 'Sony');
const mo = mk('Mobile', 'Motorola');
const no = mk('Mobile', 'Nothing');
const oppo = mk('Mobile', 'OPPO');
const vivo = mk('Mobile', 'vivo');
const rm = mk('Mobile', 'Realme');
const hw = mk('Mobile', 'Huawei');
const nk = mk('Mobile', 'Nokia');
const fp = mk('Mobile', 'Fairphone');
phones.push(
  op('OnePlus 9', 2021, sam([128, 256], [8, 12], ['Winter Mist', 'Arctic Sky', 'Astral Black'])),
  op('OnePlus 9 Pro', 2021, sam([128, 256], [8, 12], ['Morning Mist', 'Forest Green', 'Stellar Black'])),
  op('OnePlus 10 Pro', 2022, sam([128, 256], [8, 12], ['Volcanic Black', 'Emerald Forest'])),
  op('OnePlus 11', 2023, sam([128, 256], [8, 16], ['Titan Black', 'Eternal Green'])),
  op('OnePlus 12', 2024, sam([256, 512], [12, 16], ['Silky Black', 'Flowy Emerald'])),
  op('OnePlus Nord 2', 2021, sam([128, 256], [8, 12], ['Blue Haze', 'Gray Sierra'])),
  op('OnePlus Nord CE 3 Lite', 2023, sam([128, 256], [8], ['Pastel Lime', 'Chromatic Gray'])),
  xi('Redmi Note 11', 2022, sam([64, 128], [4, 6], ['Graphite Gray', 'Twilight Blue', 'Star Blue'])),
  xi('Redmi Note 12', 2023, sam([128, 256], [4, 6, 8], ['Onyx Gray', 'Ice Blue', 'Mint Green'])),
  xi('Redmi Note 12 Pro', 2023, sam([128, 256], [6, 8], ['Midnight Black', 'Polar White', 'Sky Blue'])),
  xi('Redmi Note 13 Pro', 2024, sam([256, 512], [8, 12], ['Midnight Black', 'Forest Green', 'Lavender Purple'])),
  xi('Xiaomi 12', 2022, sam([128, 256], [8, 12], ['Gray', 'Blue', 'Purple'])),
  xi('Xiaomi 13', 2023, sam([256], [8, 12], ['Black', 'White', 'Flora Green'])),
  xi('Xiaomi 13T Pro', 2023, sam([256, 512, 1024], [12, 16], ['Black', 'Meadow Green', 'Alpine Blue'])),
  xi('Xiaomi 14', 2024, sam([256, 512], [12], ['Black', 'White', 'Jade Green'])),
  xi('POCO X5 Pro', 2023, sam([128, 256], [6, 8], ['Black', 'Blue', 'Yellow'])),
  xi('POCO F5', 2023, sam([256], [8, 12], ['Black', 'White', 'Blue'])),
  so('Xperia 1 IV', 2022, sam([256, 512], [12], ['Black', 'Frosted Purple', 'White'])),
  so('Xperia 5 III', 2021, sam([128, 256], [8], ['Black', 'Green', 'Pink'])),
  so('Xperia 10 V', 2023, sam([128], [6], ['Black', 'White', 'Lavender', 'Sage Green'])),
  mo('Moto G Power (2022)', 2022, sam([64, 128], [4], ['Dark Glacier'])),
  mo('Edge 40', 2023, sam([256], [8], ['Eclipse Black', 'Lunar Blue', 'Nebula Green'])),
  mo('Razr 40 Ultra', 2023, sam([256], [8], ['Infinite Black', 'Glacier Blue', 'Viva Magenta'])),
  no('Phone (1)', 2022, sam([128, 256], [8, 12], ['Black', 'White'])),
  no('Phone (2)', 2023, sam([128, 256, 512], [8, 12], ['Dark Gray', 'White'])),
  no('Phone (2a)', 2024, sam([128, 256], [8, 12], ['Black', 'White', 'Milk'])),
  oppo('Find X5 Pro', 2022, sam([256], [12], ['Glaze Black', 'Ceramic White'])),
  oppo('Reno8 Pro', 2022, sam([256], [8, 12], ['Glazed Black', 'Glazed Green'])),
  vivo('V27', 2023, sam([128, 256], [8, 12], ['Magic Blue', 'Noble Black'])),
  vivo('X90 Pro', 2023, sam([256], [12], ['Legendary Black'])),
  rm('Realme GT 2 Pro', 2022, sam([128, 256], [8, 12], ['Paper White', 'Steel Black', 'Paper Green'])),
  rm('Realme 11 Pro+', 2023, sam([256, 512], [8, 12], ['Sunrise Beige', 'Oasis Green', 'Astral Black'])),
  hw('P30 Pro', 2019, sam([128, 256, 512], [8], ['Aurora', 'Breathing Crystal', 'Black'])),
  hw('P40 Pro', 2020, sam([256], [8], ['Silver Frost', 'Blush Gold', 'Deep Sea Blue', 'Black'])),
  nk('G21', 2022, sam([64, 128], [4], ['Nordic Blue', 'Dusk'])),
  fp('Fairphone 4', 2021, sam([128, 256], [6, 8], ['Gray', 'Green', 'Speckled Green'])),
  fp('Fairphone 5', 2023, sam([256], [8], ['Matte Black', 'Sky Blue', 'Transparent'])),
);

/* ---------- Tablets (the shop's "iPad" category holds every tablet) ---------- */
const ipad = mk('iPad', 'Apple');
const WIFI_CELL = ['Wi-Fi', 'Wi-Fi + Cellular'];
const tab = (s: number[], colours: string[], connectivity = WIFI_CELL) => ({ storage: GB(...s), connectivity, colours });
const tablets: DeviceSeed[] = [
  ipad('iPad (8th gen)', 2020, tab([32, 128], ['Space Grey', 'Silver', 'Gold'])),
  ipad('iPad (9th gen)', 2021, tab([64, 256], ['Space Grey', 'Silver'])),
  ipad('iPad (10th gen)', 2022, tab([64, 256], ['Blue', 'Pink', 'Yellow', 'Silver'])),
  ipad('iPad (A16)', 2025, tab([128, 256, 512], ['Blue', 'Pink', 'Yellow', 'Silver'])),
  ipad('iPad mini 5', 2019, tab([64, 256], ['Space Grey', 'Silver', 'Gold'])),
  ipad('iPad mini 6', 2021, tab([64, 256], ['Space Grey', 'Pink', 'Purple', 'Starlight'])),
  ipad('iPad mini (A17 Pro)', 2024, tab([128, 256, 512], ['Space Grey', 'Blue', 'Purple', 'Starlight'])),
  ipad('iPad Air (4th gen)', 2020, tab([64, 256], ['Space Grey', 'Silver', 'Rose Gold', 'Green', 'Sky Blue'])),
  ipad('iPad Air (5th gen)', 2022, tab([64, 256], ['Space Grey', 'Starlight', 'Pink', 'Purple', 'Blue'])),
  ipad('iPad Air 11" M2', 2024, tab([128, 256, 512, 1024], ['Space Grey', 'Blue', 'Purple', 'Starlight'])),
  ipad('iPad Air 13" M2', 2024, tab([128, 256, 512, 1024], ['Space Grey', 'Blue', 'Purple', 'Starlight'])),
  ipad('iPad Air 11" M3', 2025, tab([128, 256, 512, 1024], ['Space Grey', 'Blue', 'Purple', 'Starlight'])),
  ipad('iPad Pro 11" (2nd gen)', 2020, tab([128, 256, 512, 1024], ['Space Grey', 'Silver'])),
  ipad('iPad Pro 12.9" (4th gen)', 2020, tab([128, 256, 512, 1024], ['Space Grey', 'Silver'])),
  ipad('iPad Pro 11" M1', 2021, tab([128, 256, 512, 1024, 2048], ['Space Grey', 'Silver'])),
  ipad('iPad Pro 12.9" M1', 2021, tab([128, 256, 512, 1024, 2048], ['Space Grey', 'Silver'])),
  ipad('iPad Pro 11" M2', 2022, tab([128, 256, 512, 1024, 2048], ['Space Grey', 'Silver'])),
  ipad('iPad Pro 12.9" M2', 2022, tab([128, 256, 512, 1024, 2048], ['Space Grey', 'Silver'])),
  ipad('iPad Pro 11" M4', 2024, tab([256, 512, 1024, 2048], ['Space Black', 'Silver'])),
  ipad('iPad Pro 13" M4', 2024, tab([256, 512, 1024, 2048], ['Space Black', 'Silver'])),
];
const gtab = mk('iPad', 'Samsung');
const WIFI_5G = ['Wi-Fi', '5G'];
const WIFI_LTE = ['Wi-Fi', 'LTE'];
tablets.push(
  gtab('Galaxy Tab S7', 2020, tab([128, 256, 512], ['Mystic Black', 'Mystic Silver', 'Mystic Bronze'], WIFI_LTE)),
  gtab('Galaxy Tab S7 FE', 2021, tab([64, 128], ['Mystic Black', 'Mystic Silver', 'Mystic Green', 'Mystic Pink'], WIFI_5G)),
  gtab('Galaxy Tab S8', 2022, tab([128, 256], ['Graphite', 'Silver', 'Pink Gold'], WIFI_5G)),
  gtab('Galaxy Tab S8 Ultra', 2022, tab([128, 256, 512], ['Graphite'], WIFI_5G)),
  gtab('Galaxy Tab S9', 2023, tab([128, 256], ['Graphite', 'Beige'], WIFI_5G)),
  gtab('Galaxy Tab S9 FE', 2023, tab([128, 256], ['Gray', 'Silver', 'Mint', 'Lavender'], WIFI_5G)),
  gtab('Galaxy Tab S9 Ultra', 2023, tab([256, 512, 1024], ['Graphite', 'Beige'], WIFI_5G)),
  gtab('Galaxy Tab A8', 2022, tab([32, 64, 128], ['Gray', 'Silver', 'Pink Gold'], WIFI_LTE)),
  gtab('Galaxy Tab A9+', 2023, tab([64, 128], ['Graphite', 'Silver', 'Navy'], WIFI_5G)),
  gtab('Galaxy Tab S6 Lite', 2020, tab([64, 128], ['Oxford Gray', 'Angora Blue', 'Chiffon Pink'], WIFI_LTE)),
  mk('iPad', 'Microsoft')('Surface Pro 8', 2021, {
    ...win([128, 256, 512, 1024], [8, 16, 32], ['Platinum', 'Graphite']),
    connectivity: WIFI_LTE,
  }),
  mk('iPad', 'Microsoft')('Surface Pro 9', 2022, {
    ...win([128, 256, 512, 1024], [8, 16, 32], ['Platinum', 'Graphite', 'Sapphire', 'Forest']),
    connectivity: WIFI_5G,
  }),
  mk('iPad', 'Microsoft')('Surface Go 3', 2021, { ...win([64, 128], [4, 8], ['Platinum']), connectivity: WIFI_LTE }),
  mk('iPad', 'Lenovo')('Tab P11 Pro', 2021, tab([128], ['Slate Grey'], WIFI_LTE)),
  mk('iPad', 'Lenovo')('Tab M10 Plus (3rd gen)', 2022, tab([64, 128], ['Storm Grey', 'Frost Blue'], WIFI_LTE)),
  mk('iPad', 'Xiaomi')('Pad 6', 2023, tab([128, 256], ['Gravity Gray', 'Mist Blue', 'Champagne'], ['Wi-Fi'])),
  mk('iPad', 'OnePlus')('Pad', 2023, tab([128, 256], ['Halo Green'], ['Wi-Fi'])),
  mk('iPad', 'Google')('Pixel Tablet', 2023, tab([128, 256], ['Porcelain', 'Hazel'], ['Wi-Fi'])),
  mk('iPad', 'Amazon')('Fire HD 10 (2021)', 2021, tab([32, 64], ['Black', 'Denim', 'Lavender', 'Olive'], ['Wi-Fi'])),
  mk('iPad', 'Amazon')('Kindle Paperwhite (11th gen)', 2021, tab([8, 16], ['Black', 'Agave Green', 'Denim'], ['Wi-Fi'])),
  mk('iPad', 'Amazon')(
    'Kindle Oasis (10th gen)',
    2019,
    tab([8, 32], ['Graphite', 'Champagne Gold'], ['Wi-Fi', 'Wi-Fi + Cellular']),
  ),
  mk('iPad', 'reMarkable')('reMarkable 2', 2020, tab([8], ['Grey'], ['Wi-Fi'])),
);

/* ---------- Cameras ---------- */
const cam = (category: CategoryName, brand: string) => {
  const m = mk(category, brand);
  return (model: string, year: number, colours = ['Black'], aliases?: string[]) => m(model, year, { colours, aliases });
};
const sony = cam('Camera', 'Sony');
const canon = cam('Camera', 'Canon');
const nikon = cam('Camera', 'Nikon');
const fuji = cam('Camera', 'Fujifilm');
const pana = cam('Camera', 'Panasonic');
const oly = cam('Camera', 'OM System');
const gopro = cam('Camera', 'GoPro');
const dji = cam('Camera', 'DJI');
const leica = cam('Camera', 'Leica');
const ricoh = cam('Camera', 'Ricoh');
const cameras: DeviceSeed[] = [
  sony('Alpha a7 III', 2018, ['Black'], ['a7iii', 'a7 3', 'a7m3']),
  sony('Alpha a7 IV', 2021, ['Black'], ['a7iv', 'a7 4', 'a7m4']),
  sony('Alpha a7C', 2020, ['Black', 'Silver'], ['a7c']),
  sony('Alpha a7C II', 2023, ['Black', 'Silver'], ['a7cii']),
  sony('Alpha a7R IV', 2019, ['Black'], ['a7riv', 'a7r4']),
  sony('Alpha a7S III', 2020, ['Black'], ['a7siii', 'a7s3']),
  sony('Alpha a6100', 2019, ['Black', 'White']),
  sony('Alpha a6400', 2019, ['Black', 'Silver']),
  sony('Alpha a6600', 2019, ['Black']),
  sony('Alpha a6700', 2023, ['Black']),
  sony('ZV-1', 2020, ['Black', 'White']),
  sony('ZV-E10', 2021, ['Black', 'White']),
  sony('RX100 VII', 2019, ['Black'], ['rx100 7', 'rx100m7']),
  sony('RX100 VI', 2018, ['Black'], ['rx100 6', 'rx100m6']),
  canon('EOS R5', 2020),
  canon('EOS R6', 2020),
  canon('EOS R6 Mark II', 2022),
  canon('EOS R8', 2023),
  canon('EOS R7', 2022),
  canon('EOS R10', 2022),
  canon('EOS R50', 2023, ['Black', 'White']),
  canon('EOS RP', 2019),
  canon('EOS 90D', 2019),
  canon('EOS 850D', 2020, ['Black'], ['rebel t8i', 't8i']),
  canon('EOS 250D', 2019, ['Black', 'White', 'Silver'], ['rebel sl3', 'sl3']),
  canon('EOS 5D Mark IV', 2016, ['Black'], ['5d4', '5d mk iv']),
  canon('PowerShot G7 X Mark III', 2019, ['Black', 'Silver'], ['g7x', 'g7x iii']),
  nikon('Z5', 2020),
  nikon('Z6 II', 2020),
  nikon('Z7 II', 2020),
  nikon('Z8', 2023),
  nikon('Z9', 2021),
  nikon('Zf', 2023),
  nikon('Z fc', 2021, ['Silver', 'Black']),
  nikon('Z50', 2019),
  nikon('Z30', 2022),
  nikon('D750', 2014),
  nikon('D850', 2017),
  nikon('D7500', 2017),
  nikon('D3500', 2018),
  fuji('X-T30', 2019, ['Black', 'Silver']),
  fuji('X-T30 II', 2021, ['Black', 'Silver']),
  fuji('X-T4', 2020, ['Black', 'Silver']),
  fuji('X-T5', 2022, ['Black', 'Silver']),
  fuji('X-S10', 2020),
  fuji('X-S20', 2023),
  fuji('X100V', 2020, ['Black', 'Silver']),
  fuji('X100VI', 2024, ['Black', 'Silver']),
  fuji('X-E4', 2021, ['Black', 'Silver']),
  fuji('GFX 50S II', 2021),
  pana('Lumix GH5', 2017),
  pana('Lumix GH6', 2022),
  pana('Lumix G9', 2017),
  pana('Lumix S5', 2020),
  pana('Lumix S5 II', 2023),
  pana('Lumix LX100 II', 2018),
  oly('OM-D E-M10 Mark IV', 2020, ['Black', 'Silver'], ['em10 iv', 'olympus em10']),
  oly('OM-D E-M5 Mark III', 2019, ['Black', 'Silver'], ['em5 iii']),
  oly('OM-1', 2022),
  gopro('HERO9 Black', 2020, ['Black'], ['hero 9']),
  gopro('HERO10 Black', 2021, ['Black'], ['hero 10']),
  gopro('HERO11 Black', 2022, ['Black'], ['hero 11']),
  gopro('HERO12 Black', 2023, ['Black'], ['hero 12']),
  dji('Osmo Pocket 3', 2023),
  dji('Osmo Action 4', 2023),
  dji('Mini 3 Pro', 2022, ['Grey'], ['dji mini 3 drone']),
  dji('Mini 4 Pro', 2023, ['Grey']),
  dji('Air 3', 2023, ['Grey']),
  leica('Q2', 2019),
  leica('M11', 2022, ['Black', 'Silver']),
  ricoh('GR III', 2019, ['Black'], ['gr3', 'griii']),
  ricoh('GR IIIx', 2021, ['Black'], ['gr3x', 'griiix']),
  cam('Camera', 'Insta360')('X3', 2022),
  cam('Camera', 'Insta360')('X4', 2024),
];

/* ---------- Headphones ---------- */
const hp_ = (brand: string) => cam('Headphone', brand);
const sonyH = hp_('Sony');
const appleH = hp_('Apple');
const bose = hp_('Bose');
const senn = hp_('Sennheiser');
const beats = hp_('Beats');
const jabra = hp_('Jabra');
const samH = hp_('Samsung');
const headphones: DeviceSeed[] = [
  sonyH('WH-1000XM3', 2018, ['Black', 'Silver'], ['xm3', '1000xm3']),
  sonyH('WH-1000XM4', 2020, ['Black', 'Silver', 'Midnight Blue'], ['xm4', '1000xm4']),
  sonyH('WH-1000XM5', 2022, ['Black', 'Silver', 'Midnight Blue', 'Smoky Pink'], ['xm5', '1000xm5']),
  sonyH('WF-1000XM4', 2021, ['Black', 'Silver'], ['wf xm4']),
  sonyH('WF-1000XM5', 2023, ['Black', 'Silver'], ['wf xm5']),
  sonyH('WH-CH720N', 2023, ['Black', 'White', 'Blue']),
  sonyH('ULT Wear', 2024, ['Black', 'Off White', 'Forest Gray']),
  sonyH('LinkBuds S', 2022, ['Black', 'White', 'Ecru']),
  sonyH('MDR-7506', 1991, ['Black']),
  appleH('AirPods (2nd gen)', 2019, ['White'], ['airpods 2']),
  appleH('AirPods (3rd gen)', 2021, ['White'], ['airpods 3']),
  appleH('AirPods 4', 2024, ['White']),
  appleH('AirPods Pro', 2019, ['White'], ['airpods pro 1']),
  appleH('AirPods Pro 2', 2022, ['White'], ['airpods pro 2nd gen']),
  appleH('AirPods Max', 2020, ['Space Grey', 'Silver', 'Sky Blue', 'Green', 'Pink']),
  bose('QuietComfort 35 II', 2017, ['Black', 'Silver'], ['qc35', 'qc 35 ii']),
  bose('QuietComfort 45', 2021, ['Black', 'White Smoke'], ['qc45']),
  bose('QuietComfort Ultra Headphones', 2023, ['Black', 'White Smoke'], ['qc ultra']),
  bose('QuietComfort Earbuds II', 2022, ['Triple Black', 'Soapstone'], ['qc earbuds 2']),
  bose('Noise Cancelling Headphones 700', 2019, ['Black', 'Silver'], ['bose 700', 'nc700']),
  senn('Momentum 4 Wireless', 2022, ['Black', 'White']),
  senn('Momentum True Wireless 3', 2022, ['Black', 'White', 'Graphite']),
  senn('HD 600', 1997, ['Black']),
  senn('HD 650', 2003, ['Black']),
  senn('HD 660S', 2017, ['Black']),
  beats('Studio3 Wireless', 2017, ['Matte Black', 'White', 'Blue', 'Red'], ['studio 3']),
  beats('Studio Pro', 2023, ['Black', 'Navy', 'Sandstone', 'Deep Brown']),
  beats('Solo3 Wireless', 2016, ['Black', 'Rose Gold', 'Silver'], ['solo 3']),
  beats('Fit Pro', 2021, ['Black', 'White', 'Stone Purple', 'Sage Grey']),
  beats('Powerbeats Pro', 2019, ['Black', 'Ivory', 'Navy', 'Moss']),
  jabra('Elite 85h', 2019, ['Titanium Black', 'Gold Beige', 'Navy']),
  jabra('Elite 7 Pro', 2021, ['Black', 'Titanium Black', 'Gold Beige']),
  samH('Galaxy Buds2 Pro', 2022, ['Graphite', 'White', 'Bora Purple'], ['buds 2 pro']),
  samH('Galaxy Buds2', 2021, ['Graphite', 'White', 'Olive', 'Lavender'], ['buds 2']),
  samH('Galaxy Buds FE', 2023, ['Graphite', 'White']),
  hp_('Audio-Technica')('ATH-M50x', 2014, ['Black', 'White'], ['m50x']),
  hp_('Audio-Technica')('ATH-M50xBT2', 2021, ['Black'], ['m50xbt2']),
  hp_('AKG')('K371', 2019, ['Black']),
  hp_('Shure')('AONIC 50', 2020, ['Black', 'Brown']),
  hp_('Anker')('Soundcore Life Q30', 2020, ['Black', 'Blue', 'Pink'], ['q30']),
  hp_('Nothing')('Ear (2)', 2023, ['Black', 'White']),
  hp_('Google')('Pixel Buds Pro', 2022, ['Charcoal', 'Fog', 'Coral', 'Lemongrass']),
  hp_('Bang & Olufsen')('Beoplay H95', 2020, ['Black', 'Gold Tone'], ['bo h95']),
  hp_('Marshall')('Major IV', 2020, ['Black', 'Brown']),
  hp_('Beyerdynamic')('DT 770 Pro', 1985, ['Grey'], ['dt770']),
];

/* ---------- Watches ---------- */
const aw = mk('Watch', 'Apple');
const GPS_CELL = ['GPS', 'GPS + Cellular'];
const awo = (sizes: string[], colours: string[], connectivity = GPS_CELL) => ({ size: sizes, connectivity, colours });
const watches: DeviceSeed[] = [
  aw('Watch Series 6', 2020, awo(['40 mm', '44 mm'], ['Space Grey', 'Silver', 'Gold', 'Blue', 'Red'])),
  aw('Watch Series 7', 2021, awo(['41 mm', '45 mm'], ['Midnight', 'Starlight', 'Green', 'Blue', 'Red'])),
  aw('Watch Series 8', 2022, awo(['41 mm', '45 mm'], ['Midnight', 'Starlight', 'Silver', 'Red'])),
  aw('Watch Series 9', 2023, awo(['41 mm', '45 mm'], ['Midnight', 'Starlight', 'Silver', 'Pink', 'Red'])),
  aw('Watch Series 10', 2024, awo(['42 mm', '46 mm'], ['Jet Black', 'Rose Gold', 'Silver'])),
  aw('Watch SE (2nd gen)', 2022, awo(['40 mm', '44 mm'], ['Midnight', 'Starlight', 'Silver'])),
  aw('Watch SE', 2020, awo(['40 mm', '44 mm'], ['Space Grey', 'Silver', 'Gold'])),
  aw('Watch Ultra', 2022, awo(['49 mm'], ['Natural Titanium'], ['GPS + Cellular'])),
  aw('Watch Ultra 2', 2023, awo(['49 mm'], ['Natural Titanium', 'Black Titanium'], ['GPS + Cellular'])),
];
const gw = mk('Watch', 'Samsung');
const BT_LTE = ['Bluetooth', 'LTE'];
watches.push(
  gw('Galaxy Watch4', 2021, awo(['40 mm', '44 mm'], ['Black', 'Silver', 'Green', 'Pink Gold'], BT_LTE)),
  gw('Galaxy Watch4 Classic', 2021, awo(['42 mm', '46 mm'], ['Black', 'Silver'], BT_LTE)),
  gw('Galaxy Watch5', 2022, awo(['40 mm', '44 mm'], ['Graphite', 'Silver', 'Pink Gold', 'Sapphire'], BT_LTE)),
  gw('Galaxy Watch5 Pro', 2022, awo(['45 mm'], ['Black Titanium', 'Gray Titanium'], BT_LTE)),
  gw('Galaxy Watch6', 2023, awo(['40 mm', '44 mm'], ['Graphite', 'Silver', 'Gold'], BT_LTE)),
  gw('Galaxy Watch6 Classic', 2023, awo(['43 mm', '47 mm'], ['Black', 'Silver'], BT_LTE)),
  gw('Galaxy Watch7', 2024, awo(['40 mm', '44 mm'], ['Green', 'Silver', 'Cream'], BT_LTE)),
  gw('Galaxy Watch Ultra', 2024, awo(['47 mm'], ['Titanium Gray', 'Titanium White', 'Titanium Silver'], ['LTE'])),
);
const garmin = cam('Watch', 'Garmin');
const fitbit = cam('Watch', 'Fitbit');
watches.push(
  garmin('Forerunner 55', 2021, ['Black', 'White', 'Aqua']),
  garmin('Forerunner 255', 2022, ['Slate Grey', 'Tidal Blue', 'Whitestone']),
  garmin('Forerunner 265', 2023, ['Black', 'Aqua', 'Whitestone']),
  garmin('Forerunner 955', 2022, ['Black', 'Whitestone']),
  garmin('Forerunner 965', 2023, ['Carbon Grey', 'Whitestone', 'Amp Yellow']),
  garmin('Fenix 6 Pro', 2020, ['Black', 'Silver']),
  garmin('Fenix 7', 2022, ['Silver', 'Slate Grey']),
  garmin('Fenix 7 Pro Sapphire Solar', 2023, ['Carbon Grey', 'Titanium']),
  garmin('Epix (Gen 2)', 2022, ['Black', 'White Titanium']),
  garmin('Venu 2', 2021, ['Slate', 'Silver']),
  garmin('Venu 3', 2023, ['Slate', 'Silver', 'Ivory']),
  garmin('Instinct 2', 2022, ['Graphite', 'Moss', 'Mist Grey']),
  garmin('vivoactive 5', 2023, ['Black', 'Ivory', 'Navy', 'Orchid']),
  fitbit('Sense 2', 2022, ['Shadow Grey', 'Lunar White', 'Blue Mist']),
  fitbit('Versa 4', 2022, ['Black', 'Pink Sand', 'Waterfall Blue']),
  fitbit('Charge 6', 2023, ['Obsidian', 'Porcelain', 'Coral']),
  fitbit('Charge 5', 2021, ['Black', 'Lunar White', 'Steel Blue']),
  mk('Watch', 'Google')(
    'Pixel Watch',
    2022,
    awo(['41 mm'], ['Matte Black', 'Polished Silver', 'Champagne Gold'], ['Wi-Fi', 'LTE']),
  ),
  mk('Watch', 'Google')(
    'Pixel Watch 2',
    2023,
    awo(['41 mm'], ['Matte Black', 'Polished Silver', 'Champagne Gold'], ['Wi-Fi', 'LTE']),
  ),
  mk('Watch', 'Google')(
    'Pixel Watch 3',
    2024,
    awo(['41 mm', '45 mm'], ['Matte Black', 'Polished Silver', 'Champagne Gold'], ['Wi-Fi', 'LTE']),
  ),
  cam('Watch', 'Withings')('ScanWatch 2', 2023, ['Black', 'White']),
  cam('Watch', 'Huawei')('Watch GT 3', 2021, ['Black', 'Brown', 'Silver']),
  cam('Watch', 'Huawei')('Watch GT 4', 2023, ['Black', 'Brown', 'Green']),
  cam('Watch', 'Amazfit')('GTR 4', 2022, ['Superspeed Black', 'Racetrack Grey']),
  cam('Watch', 'Amazfit')('Balance', 2023, ['Midnight', 'Sunset']),
  cam('Watch', 'Polar')('Vantage V2', 2021, ['Black', 'Green']),
  cam('Watch', 'Coros')('Pace 3', 2023, ['Black', 'White']),
  cam('Watch', 'Suunto')('9 Peak Pro', 2022, ['All Black', 'Titanium Sand']),
  cam('Watch', 'OnePlus')('Watch 2', 2024, ['Black Steel', 'Radiant Steel']),
);

export const DEVICE_CATALOGUE: DeviceSeed[] = [...laptops, ...phones, ...tablets, ...cameras, ...headphones, ...watches];

/**
 * Whole-word synonyms the search expands before anything else ("mbp" -> "macbook pro"): shorthand
 * people type that no spelling correction would find.
 */
export const SEARCH_SYNONYMS: Record<string, string> = {
  mbp: 'macbook pro',
  mba: 'macbook air',
  macbookpro: 'macbook pro',
  macbookair: 'macbook air',
  aw: 'apple watch',
  iwatch: 'apple watch',
  ip: 'iphone',
  ipadpro: 'ipad pro',
  ipadair: 'ipad air',
  tp: 'thinkpad',
  sgs: 'galaxy s',
  xm4: 'wh-1000xm4',
  xm5: 'wh-1000xm5',
  qc: 'quietcomfort',
  airpod: 'airpods',
  promax: 'pro max',
  notebook: 'laptop',
  phone: 'mobile',
  smartphone: 'mobile',
  tablet: 'ipad',
  headphones: 'headphone',
  earbuds: 'headphone',
  smartwatch: 'watch',
};
