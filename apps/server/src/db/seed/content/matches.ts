export interface MatchSeed {
  league: string;
  home: string;
  away: string;
  vendor: string;
  /** Kick-off this many hours after the seed time (rounded up to the quarter hour). */
  inHours: number;
}

// Fictional teams in real leagues' shapes; spread over the next four days so the strip always has a
// match tonight and a few later ones. Vendors of the demo catalogue: KSP (Kampeon Sports), TF (esports,
// spec §3 e-sport game code), so launching a match opens that vendor's game.
export const matchSeeds: MatchSeed[] = [
  { league: 'Pro Basketball Cup', home: 'Manila Eagles', away: 'Cebu Sharks', vendor: 'KSP', inHours: 3 },
  { league: 'Mobile Arena Masters', home: 'Makati Phoenix', away: 'Taguig Titans', vendor: 'TF', inHours: 8 },
  {
    league: 'Collegiate Basketball',
    home: 'Davao Storm',
    away: 'Quezon Knights',
    vendor: 'KSP',
    inHours: 26,
  },
  { league: 'Premier Football', home: 'Iloilo United', away: 'Baguio Peaks', vendor: 'KSP', inHours: 31 },
  {
    league: 'Women’s Volleyball League',
    home: 'Batangas Spikers',
    away: 'Cavite Falcons',
    vendor: 'KSP',
    inHours: 50,
  },
  { league: 'Pro Basketball Cup', home: 'Pampanga Lions', away: 'Laguna Heat', vendor: 'KSP', inHours: 73 },
  {
    league: 'Premier Football',
    home: 'Bacolod Tigers',
    away: 'Zamboanga Waves',
    vendor: 'KSP',
    inHours: 98,
  },
];

/** The image name of a team: lowercase, every run of non-letters becomes '-' (teams/<slug>.svg). */
export const teamSlug = (team: string) => team.toLowerCase().replace(/[^a-z]+/g, '-');
