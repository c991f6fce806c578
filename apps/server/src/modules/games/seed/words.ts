// Word lists the demo catalogue's names are built from, each as [English, Filipino (TY)].
type Pair = readonly [string, string];

// The Filipino adjective already carries its linker (-ng / na) so that "adj noun" reads naturally.
export const SLOT_ADJ: readonly Pair[] = [
  ['Golden', 'Ginintuang'],
  ['Lucky', 'Masuwerteng'],
  ['Mighty', 'Makapangyarihang'],
  ['Wild', 'Mailap na'],
  ['Royal', 'Maharlikang'],
  ['Magic', 'Mahiwagang'],
  ['Blazing', 'Nag-aapoy na'],
  ['Jade', 'Jade na'],
  ['Thunder', 'Kumukulog na'],
  ['Sunny', 'Maaraw na'],
  ['Crystal', 'Kristal na'],
  ['Ancient', 'Sinaunang'],
  ['Silver', 'Pilak na'],
  ['Emerald', 'Esmeraldang'],
  ['Happy', 'Masayang'],
  ['Secret', 'Lihim na'],
  ['Rising', 'Sumisikat na'],
  ['Midnight', 'Hatinggabing'],
];

export const SLOT_NOUN: readonly Pair[] = [
  ['Carabao', 'Kalabaw'],
  ['Dragon', 'Dragon'],
  ['Tiger', 'Tigre'],
  ['Phoenix', 'Phoenix'],
  ['Fortune', 'Kapalaran'],
  ['Treasure', 'Kayamanan'],
  ['Island', 'Isla'],
  ['Volcano', 'Bulkan'],
  ['Pearl', 'Perlas'],
  ['Mango', 'Mangga'],
  ['Eagle', 'Agila'],
  ['Fiesta', 'Pista'],
  ['Jungle', 'Gubat'],
  ['Moon', 'Buwan'],
  ['Sun', 'Araw'],
  ['Lotus', 'Lotus'],
  ['Galleon', 'Galyon'],
  ['Koi', 'Koi'],
  ['Orchid', 'Orkidyas'],
  ['Monkey', 'Unggoy'],
  ['Sampaguita', 'Sampaguita'],
];

export const SLOT_SUFFIX: readonly Pair[] = [
  ['', ''],
  ['Deluxe', 'Deluxe'],
  ['', ''],
  ['Megaways', 'Megaways'],
  ['', ''],
  ['Riches', 'Yaman'],
  ['Hold & Win', 'Hold & Win'],
];

/** [classification code, English, Filipino, tables per studio] */
export const LIVE_TABLES: readonly (readonly [string, string, string, number])[] = [
  ['BACCARAT', 'Baccarat', 'Baccarat', 20],
  ['ROULETTE', 'Roulette', 'Roulette', 8],
  ['SICBO', 'Sic Bo', 'Sic Bo', 5],
  ['DRAGONTIGER', 'Dragon Tiger', 'Dragon Tiger', 6],
  ['BLACKJACK', 'Blackjack', 'Blackjack', 8],
];

export const FISH: readonly Pair[] = [
  ['Ocean King', 'Hari ng Karagatan'],
  ['Fishing Fiesta', 'Pista ng Pangingisda'],
  ['Golden Tuna Hunt', 'Pangangaso ng Gintong Tuna'],
  ['Reef Raiders', 'Mga Mananalakay ng Bahura'],
  ['Dragon Fishing', 'Pangingisda ng Dragon'],
  ['Deep Sea Cannon', 'Kanyon sa Malalim na Dagat'],
  ['Bangus Bonanza', 'Bonanza ng Bangus'],
  ['Shark Attack', 'Pag-atake ng Pating'],
  ['Mermaid Treasure', 'Kayamanan ng Sirena'],
  ['Lapu-Lapu Legends', 'Alamat ni Lapu-Lapu'],
  ['Crab Catcher', 'Manghuhuli ng Alimango'],
  ['Octopus Party', 'Salu-salo ng Pugita'],
  ['Whale Rider', 'Sakay ng Balyena'],
  ['Pearl Diver', 'Maninisid ng Perlas'],
  ['Typhoon Fishing', 'Pangingisda sa Bagyo'],
  ['Coral Kingdom', 'Kaharian ng Korales'],
  ['Turtle Bay', 'Look ng Pagong'],
  ['Squid Storm', 'Bagyo ng Pusit'],
  ['Jellyfish Jackpot', 'Jackpot ng Dikya'],
  ['Sea Serpent', 'Ahas-Dagat'],
  ['Lobster Lords', 'Panginoon ng Ulang'],
  ['Tidal Wave', 'Daluyong'],
  ['Fisherman Fortune', 'Kapalaran ng Mangingisda'],
  ['Moonlight Catch', 'Huli sa Liwanag ng Buwan'],
  ['Bamboo Raft', 'Balsang Kawayan'],
  ['Sunken Galleon', 'Lumubog na Galyon'],
  ['Neon Reef', 'Neon na Bahura'],
  ['Island Net', 'Lambat ng Isla'],
  ['Marlin Masters', 'Mga Dalubhasa sa Marlin'],
  ['Abyss Hunter', 'Mangangaso ng Kailaliman'],
];

const variants: readonly Pair[] = [
  ['Classic', 'Klasiko'],
  ['Quick', 'Mabilis'],
  ['Pro', 'Pro'],
  ['Tournament', 'Torneo'],
  ['Friends', 'Barkada'],
  ['Turbo', 'Turbo'],
  ['Night', 'Gabi'],
  ['Deluxe', 'Deluxe'],
  ['Rookie', 'Baguhan'],
  ['VIP', 'VIP'],
  ['Fiesta', 'Pista'],
  ['Legends', 'Alamat'],
];

/** [classification code, English, Filipino, variants] */
export const PVP: readonly (readonly [string, string, string, readonly Pair[]])[] = [
  ['TONGITS', 'Tongits', 'Tongits', variants],
  ['POKER', 'Poker', 'Poker', variants],
  ['RUMMY', 'Rummy', 'Rummy', variants],
  ['PUSOY', 'Pusoy', 'Pusoy', variants],
];

export const SPORTS: readonly Pair[] = [
  ['Sportsbook', 'Sportsbook'],
  ['Basketball', 'Basketbol'],
  ['Football', 'Putbol'],
  ['Volleyball', 'Balibol'],
  ['Boxing', 'Boksing'],
  ['Tennis', 'Tenis'],
  ['Badminton', 'Badminton'],
  ['Baseball', 'Beysbol'],
  ['Virtual Football', 'Birtwal na Putbol'],
  ['Virtual Horse Racing', 'Birtwal na Karera ng Kabayo'],
  ['Table Tennis', 'Ping-pong'],
  ['Billiards', 'Bilyar'],
];

export const ESPORT_EVENTS: readonly Pair[] = [
  ['Esports Lobby', 'Lobby ng Esports'],
  ['MOBA Masters League', 'Liga ng mga MOBA Master'],
  ['Tactical Shooter Cup', 'Kopa ng Taktikal na Tagabaril'],
  ['Battle Royale Series', 'Serye ng Battle Royale'],
  ['Arena Brawlers', 'Mga Manlalaban sa Arena'],
  ['Card Battler Open', 'Bukas na Labanan ng Baraha'],
  ['Racing Sim Grand Prix', 'Grand Prix ng Racing Sim'],
  ['Fighting Game Clash', 'Sagupaan ng Fighting Game'],
  ['Mobile Legends of Luzon', 'Mga Alamat ng Luzon'],
  ['Strategy Kings', 'Mga Hari ng Estratehiya'],
  ['Virtual Esports', 'Birtwal na Esports'],
  ['Esports Parlay', 'Parlay ng Esports'],
];

export const ARENAS: readonly Pair[] = [
  ['Sabong Arena Manila', 'Sabungan ng Maynila'],
  ['Sabong Arena Cebu', 'Sabungan ng Cebu'],
  ['Sabong Arena Davao', 'Sabungan ng Davao'],
  ['Sabong Arena Iloilo', 'Sabungan ng Iloilo'],
  ['Sabong Arena Pampanga', 'Sabungan ng Pampanga'],
  ['Derby Night', 'Gabi ng Derby'],
  ['Champions Derby', 'Derby ng mga Kampeon'],
  ['Hackfight Express', 'Mabilis na Sabong'],
];

/** [game code, English, Filipino]: the code is the lottery engine's gameCode, so each tile launches a real game. */
export const LOTTERIES: readonly (readonly [string, string, string])[] = [
  ['WINGO1', 'Win Go 1 min', 'Win Go 1 minuto'],
  ['WINGO3', 'Win Go 3 min', 'Win Go 3 minuto'],
  ['WINGO5', 'Win Go 5 min', 'Win Go 5 minuto'],
  ['5D', '5D Lottery', '5D Lotto'],
  ['K3', 'K3 Dice', 'K3 Dais'],
  ['VNLOTTO', 'Vietnam Lotto', 'Lotto ng Vietnam'],
  ['JACKPOT645', 'Jackpot 6/45', 'Jackpot 6/45'],
];
